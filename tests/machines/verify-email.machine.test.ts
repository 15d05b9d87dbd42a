import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type Actor } from 'xstate'
import { createMainClient } from '../../src/api/main-client'
import { verifyEmailEvents, verifyEmailToken as TOKEN } from '../../src/flows/fixtures/verify-email'
import { createVerifyEmailActors } from '../../src/machines/verify-email/verify-email.actors'
import {
  verifyEmailMachine,
  type VerifyEmailStatus,
} from '../../src/machines/verify-email/verify-email.machine'
import { DeferredQueue } from '../support/deferred'
import {
  createPathModel,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'

interface Ctx {
  actor: Actor<typeof verifyEmailMachine>
  calls: DeferredQueue<VerifyEmailStatus>
  tokens: string[]
}

/** The real actors over a fetch that answers every call with `body` (200). */
function answering(body: unknown) {
  const requests: string[] = []
  const api = createMainClient({
    baseUrl: 'http://app.test',
    fetch: ((request: Request) => {
      requests.push(request.url)
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      )
    }) as typeof fetch,
  })
  return { requests, logic: verifyEmailMachine.provide({ actors: createVerifyEmailActors(api) }) }
}

describe('e-mail verification (docs/product/flows.md#email-confirmation)', () => {
  const pm = createPathModel(verifyEmailMachine, {
    events: verifyEmailEvents,
    input: { token: TOKEN },
  })

  const runner: PathRunner<typeof verifyEmailMachine, Ctx> = {
    setup(inspect) {
      const calls = new DeferredQueue<VerifyEmailStatus>()
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
        { input: { token: TOKEN }, inspect },
      ).start()
      return { actor, calls, tokens }
    },
    async event(ctx, event) {
      if (event.type === 'xstate.done.actor.verifyEmail')
        ctx.calls.latest.resolve((event as unknown as { output: VerifyEmailStatus }).output)
      if (event.type === 'xstate.error.actor.verifyEmail')
        ctx.calls.latest.reject((event as unknown as { error: unknown }).error)
      await new Promise((r) => setTimeout(r, 0))
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      verifying: (ctx) => {
        expect(ctx.tokens).toEqual([TOKEN])
      },
      confirmed: (ctx) => {
        expect(ctx.actor.getSnapshot().status).toBe('done')
        expect(ctx.tokens).toEqual([TOKEN])
      },
      passwordToChoose: (ctx) => {
        expect(ctx.actor.getSnapshot().status).toBe('done')
        expect(ctx.tokens).toEqual([TOKEN])
      },
      failed: (ctx) => {
        expect(ctx.actor.getSnapshot().status).toBe('done')
        expect(ctx.tokens).toEqual([TOKEN])
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

  it("tells a contested address's confirmation apart from a plain one (issue 25 finding 10)", async () => {
    const contested = answering({ status: 'password-to-choose' })
    const toChoose = createActor(contested.logic, { input: { token: TOKEN } }).start()
    await expect.poll(() => toChoose.getSnapshot().value).toBe('passwordToChoose')

    const plain = answering({ status: 'verified' })
    const verified = createActor(plain.logic, { input: { token: TOKEN } }).start()
    await expect.poll(() => verified.getSnapshot().value).toBe('confirmed')

    expect([...contested.requests, ...plain.requests]).toEqual(
      Array(2).fill(`http://app.test/api/auth/verify-email?token=${TOKEN}`),
    )
  })

  it('calls nothing without a token', async () => {
    const { requests, logic } = answering({})
    const actor = createActor(logic, { input: { token: '' } }).start()
    await new Promise((r) => setTimeout(r, 0))
    expect(actor.getSnapshot().value).toBe('failed')
    expect(requests).toEqual([])
  })
})
