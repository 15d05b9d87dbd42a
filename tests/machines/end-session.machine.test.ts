import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type Actor } from 'xstate'
import { endSessionEvents, endSessionToken as TOKEN } from '../../src/flows/fixtures/end-session'
import { createMainClient } from '../../src/api/main-client'
import { createEndSessionActors } from '../../src/machines/end-session/end-session.actors'
import { endSessionLinkMachine } from '../../src/machines/end-session/end-session.machine'
import { DeferredQueue } from '../support/deferred'
import {
  createPathModel,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'

interface Ctx {
  actor: Actor<typeof endSessionLinkMachine>
  calls: DeferredQueue<undefined>
  tokens: string[]
}

describe('ending a session from a notice link (issue 14, issue 25 finding 8)', () => {
  const pm = createPathModel(endSessionLinkMachine, {
    events: endSessionEvents,
    input: { token: TOKEN },
  })

  const runner: PathRunner<typeof endSessionLinkMachine, Ctx> = {
    setup(inspect) {
      const calls = new DeferredQueue<undefined>()
      const tokens: string[] = []
      const actor = createActor(
        endSessionLinkMachine.provide({
          actors: {
            endSession: fromPromise(({ input }) => {
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
      if (event.type === 'xstate.done.actor.endSession') ctx.calls.latest.resolve(undefined)
      else if (event.type === 'xstate.error.actor.endSession')
        ctx.calls.latest.reject((event as unknown as { error: unknown }).error)
      else ctx.actor.send(event as { type: 'link.confirm' } | { type: 'link.retry' })
      await new Promise((r) => setTimeout(r, 0))
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      asking: (ctx) => {
        // Started, and nothing sent: only the customer's click posts the token.
        expect(ctx.tokens).toEqual([])
        expect(ctx.actor.getSnapshot().can({ type: 'link.confirm' })).toBe(true)
      },
      ending: (ctx) => {
        // One call per attempt, each with the link's token.
        expect(ctx.tokens).toEqual(ctx.calls.all.map(() => TOKEN))
      },
      ended: (ctx) => {
        expect(ctx.actor.getSnapshot().status).toBe('done')
      },
      invalid: (ctx) => {
        expect(ctx.actor.getSnapshot().status).toBe('done')
      },
      failed: (ctx) => {
        expect(ctx.actor.getSnapshot().can({ type: 'link.retry' })).toBe(true)
        expect(ctx.actor.getSnapshot().status).toBe('active')
      },
    },
    teardown: (ctx) => {
      ctx.actor.stop()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition on generated paths', async () => {
    const report = await runAllPaths(pm, runner, 'machine')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  it('posts the token as the contract says, only once confirmed, and nothing without one', async () => {
    const requests: { url: string; body: string }[] = []
    const api = createMainClient({
      baseUrl: 'http://app.test',
      fetch: (async (request: Request) => {
        requests.push({ url: request.url, body: await request.text() })
        return new Response(JSON.stringify({ status: 'session-ended' }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        })
      }) as typeof fetch,
    })
    const logic = endSessionLinkMachine.provide({ actors: createEndSessionActors(api) })
    const withToken = createActor(logic, { input: { token: TOKEN } }).start()
    const without = createActor(logic, { input: { token: '' } }).start()
    await new Promise((r) => setTimeout(r, 0))
    // Started is not confirmed: a page that only loads (a link scanner's) ends nothing.
    expect(withToken.getSnapshot().value).toBe('asking')
    expect(requests).toEqual([])
    withToken.send({ type: 'link.confirm' })
    without.send({ type: 'link.confirm' })
    // A second click while the first is on its way is not another call.
    withToken.send({ type: 'link.confirm' })
    await expect.poll(() => withToken.getSnapshot().value).toBe('ended')
    await expect.poll(() => without.getSnapshot().value).toBe('invalid')
    expect(requests).toEqual([
      { url: 'http://app.test/api/auth/end-session', body: JSON.stringify({ token: TOKEN }) },
    ])
  })
})
