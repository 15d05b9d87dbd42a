import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, type Actor, type InspectionEvent } from 'xstate'
import {
  myRequestsMachine,
  selectMyRequestsView,
  type MyRequestsEvent,
} from '../../src/machines/my-requests/my-requests.machine'
import { newerRequest, someRequests } from '../../src/flows/fixtures/my-requests'
import { deferredActors, settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { createMyRequestsPathModel } from './my-requests-model'

const ids = ['listRequests'] as const

interface Ctx {
  actor: Actor<typeof myRequestsMachine>
  fakes: ReturnType<typeof deferredActors<(typeof ids)[number]>>
  /** Whether the live stream is being watched, and how often it was stopped. */
  watching: boolean
  aborted: number
}

function start(inspect?: (event: InspectionEvent) => void): Ctx {
  const ctx = { fakes: deferredActors(ids), watching: false, aborted: 0 } as Ctx
  ctx.actor = createActor(
    myRequestsMachine.provide({
      actors: {
        ...ctx.fakes.actors,
        watchChanges: fromCallback(() => {
          ctx.watching = true
          return () => {
            ctx.watching = false
          }
        }),
      } as never,
    }),
    inspect ? { inspect } : {},
  ).start()
  return ctx
}

describe('the customer’s requests (issue 28 part 4)', () => {
  const pm = createMyRequestsPathModel()

  const runner: PathRunner<typeof myRequestsMachine, Ctx> = {
    setup: (inspect) => start(inspect),
    async event(ctx, event) {
      const reads = ctx.fakes.inputs.listRequests.length
      if (!ctx.fakes.settle(event)) ctx.actor.send(event as MyRequestsEvent)
      await settled()
      // A change or 'Try again' reads the list again, once.
      if (event.type === 'request.changed' || event.type === 'requests.reload')
        expect(ctx.fakes.inputs.listRequests.length).toBe(reads + 1)
      expect(ctx.watching).toBe(true)
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      loading: (ctx, s) => {
        expect(ctx.fakes.inputs.listRequests.length).toBeGreaterThan(0)
        const view = selectMyRequestsView(s)
        expect(view.phase).toBe(s.context.requests === null ? 'loading' : 'ready')
      },
      listed: (_ctx, s) => {
        const view = selectMyRequestsView(s)
        expect(view.phase).toBe('ready')
        expect(view.failure).toBeNull()
        expect([[], someRequests]).toContainEqual(view.requests)
      },
      loadFailed: (_ctx, s) => {
        expect(selectMyRequestsView(s)).toMatchObject({
          phase: 'loadFailed',
          failure: 'OTHER_ERROR',
        })
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

  it('drops a read the change made stale and stops watching when stopped', async () => {
    const ctx = start()
    const first = ctx.fakes.queues.listRequests.latest
    ctx.actor.send({ type: 'request.changed', requestId: newerRequest.id, kind: 'state' })
    first.resolve([])
    await settled()
    expect(ctx.actor.getSnapshot().value).toBe('loading')
    ctx.fakes.queues.listRequests.latest.resolve(someRequests)
    await settled()
    expect(selectMyRequestsView(ctx.actor.getSnapshot()).requests).toEqual(someRequests)
    ctx.actor.stop()
    expect(ctx.watching).toBe(false)
  })
})
