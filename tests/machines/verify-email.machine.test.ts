import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type Actor } from 'xstate'
import { createMainClient } from '../../src/api/main-client'
import { createVerifyEmailActors } from '../../src/machines/verify-email/verify-email.actors'
import { verifyEmailMachine } from '../../src/machines/verify-email/verify-email.machine'
import { DeferredQueue } from '../support/deferred'
import {
  createPathModel,
  plainEventsOf,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'

interface Ctx {
  actor: Actor<typeof verifyEmailMachine>
  calls: DeferredQueue<undefined>
  tokens: string[]
}

describe('e-mail verification (docs/product/flows.md#email-confirmation)', () => {
  const pm = createPathModel(verifyEmailMachine, {
    events: plainEventsOf(verifyEmailMachine),
    input: { token: 'ev_token' },
  })

  const runner: PathRunner<typeof verifyEmailMachine, Ctx> = {
    setup(inspect) {
      const calls = new DeferredQueue<undefined>()
      const tokens: string[] = []
      const actor = createActor(
        verifyEmailMachine.provide({
          actors: {
            verifyEmail: fromPromise(({ input }) => {
              tokens.push(input.token)
              return calls.next()
            }),
          },
        }),
        { input: { token: 'ev_token' }, inspect },
      ).start()
      return { actor, calls, tokens }
    },
    async event(ctx, event) {
      if (event.type === 'xstate.done.actor.verifyEmail') ctx.calls.latest.resolve(undefined)
      if (event.type === 'xstate.error.actor.verifyEmail') ctx.calls.latest.reject(new Error('400'))
      await new Promise((r) => setTimeout(r, 0))
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      verifying: (ctx) => {
        expect(ctx.tokens).toEqual(['ev_token'])
      },
      confirmed: (ctx) => {
        expect(ctx.actor.getSnapshot().status).toBe('done')
        expect(ctx.tokens).toEqual(['ev_token'])
      },
      failed: (ctx) => {
        expect(ctx.actor.getSnapshot().status).toBe('done')
        expect(ctx.tokens).toEqual(['ev_token'])
      },
    },
    teardown: (ctx) => {
      ctx.actor.stop()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition on generated paths, calling the API exactly once', async () => {
    const report = await runAllPaths(pm, runner, 'machine')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  it('calls nothing without a token', async () => {
    const requests: string[] = []
    const api = createMainClient({
      baseUrl: 'http://app.test',
      fetch: ((request: Request) => {
        requests.push(request.url)
        return Promise.resolve(new Response('{}', { status: 200 }))
      }) as typeof fetch,
    })
    const actor = createActor(
      verifyEmailMachine.provide({ actors: createVerifyEmailActors(api) }),
      {
        input: { token: '' },
      },
    ).start()
    await new Promise((r) => setTimeout(r, 0))
    expect(actor.getSnapshot().value).toBe('failed')
    expect(requests).toEqual([])
  })
})
