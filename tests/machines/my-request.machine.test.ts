import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, type Actor, type InspectionEvent } from 'xstate'
import {
  myRequestMachine,
  selectMyRequestView,
  type MyRequestEvent,
} from '../../src/machines/my-request/my-request.machine'
import {
  accepted,
  clock,
  offerReady,
  refusals,
  replyText,
} from '../../src/flows/fixtures/my-request'
import { newerRequest, olderRequest } from '../../src/flows/fixtures/my-requests'
import { deferredActors, settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { createMyRequestPathModel } from './my-request-model'

const ids = ['getRequest', 'acceptOffer', 'declineOffer', 'sendReply'] as const

interface Ctx {
  actor: Actor<typeof myRequestMachine>
  fakes: ReturnType<typeof deferredActors<(typeof ids)[number]>>
  watching: { changes: boolean; clock: boolean }
}

function start(inspect?: (event: InspectionEvent) => void): Ctx {
  const ctx = {
    fakes: deferredActors(ids),
    watching: { changes: false, clock: false },
  } as Ctx
  const watch = (what: keyof Ctx['watching']) =>
    fromCallback(() => {
      ctx.watching[what] = true
      return () => {
        ctx.watching[what] = false
      }
    })
  ctx.actor = createActor(
    myRequestMachine.provide({
      actors: {
        ...ctx.fakes.actors,
        watchChanges: watch('changes'),
        watchClock: watch('clock'),
      } as never,
    }),
    { input: { requestId: newerRequest.id }, ...(inspect ? { inspect } : {}) },
  ).start()
  return ctx
}

const actionStates = ['accepting', 'declining', 'replying'] as const

const reads = (ctx: Ctx) => ctx.fakes.inputs.getRequest.length

describe('one of the customer’s requests (issue 28 part 5)', () => {
  const pm = createMyRequestPathModel()

  const runner: PathRunner<typeof myRequestMachine, Ctx> = {
    setup: (inspect) => start(inspect),
    async event(ctx, event) {
      const before = { reads: reads(ctx), snapshot: ctx.actor.getSnapshot() }
      if (!ctx.fakes.settle(event)) ctx.actor.send(event as MyRequestEvent)
      await settled()
      const s = ctx.actor.getSnapshot()
      // Never a read over an action in flight.
      const acting = actionStates.some((a) => before.snapshot.matches({ ready: a }))
      if (event.type === 'request.changed' && acting) expect(reads(ctx)).toBe(before.reads)
      // An action that answered after a change, or on a request that moved on, reads once more.
      if (acting && event.type.startsWith('xstate.') && s.matches({ ready: 'refreshing' }))
        expect(reads(ctx)).toBe(before.reads + 1)
      expect(ctx.watching).toEqual({ changes: true, clock: true })
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      loading: (ctx, s) => {
        expect(ctx.fakes.inputs.getRequest.at(-1)).toEqual({ requestId: newerRequest.id })
        expect(selectMyRequestView(s).phase).toBe('loading')
      },
      loadFailed: (_ctx, s) => {
        expect(selectMyRequestView(s)).toMatchObject({ phase: 'loadFailed', details: null })
      },
      notFound: (_ctx, s) => {
        expect(selectMyRequestView(s).phase).toBe('notFound')
      },
      ready: (_ctx, s) => {
        const view = selectMyRequestView(s)
        expect(view.phase).toBe('ready')
        expect(view.draft).toBe(s.context.draft)
        // The buttons show only for an open offer the clock has not passed.
        if (view.offerActions) {
          expect(view.details?.request.status).toBe('offer_ready')
          expect(view.offerExpired).toBe(false)
        }
        if (s.context.now === clock.after && view.details?.request.status === 'offer_ready')
          expect(view.offerExpired).toBe(true)
      },
      'ready.idle': (_ctx, s) => {
        const view = selectMyRequestView(s)
        expect(view.busy).toBe(false)
        if (view.failure === 'OFFER_EXPIRED') expect(view.offerActions).toBe(false)
        if (view.notice === 'replied') expect(view.draft).toBe('')
      },
      'ready.refreshing': (ctx, s) => {
        expect(selectMyRequestView(s).busy).toBe(true)
        expect(reads(ctx)).toBeGreaterThan(1)
      },
      'ready.accepting': (ctx, s) => {
        expect(selectMyRequestView(s).accepting).toBe(true)
        expect(ctx.fakes.inputs.acceptOffer.at(-1)).toEqual({
          requestId: newerRequest.id,
          version: s.context.details?.version,
        })
      },
      'ready.declining': (ctx, s) => {
        expect(selectMyRequestView(s).declining).toBe(true)
        expect(ctx.fakes.inputs.declineOffer.at(-1)).toEqual({
          requestId: newerRequest.id,
          version: s.context.details?.version,
        })
      },
      'ready.replying': (ctx, s) => {
        expect(selectMyRequestView(s).replying).toBe(true)
        expect(ctx.fakes.inputs.sendReply.at(-1)).toEqual({
          requestId: newerRequest.id,
          text: replyText,
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

  async function ready() {
    const ctx = start()
    ctx.fakes.queues.getRequest.latest.resolve(offerReady)
    await settled()
    return ctx
  }

  it('ignores changes to other requests, and reads a change noted during an action once', async () => {
    const ctx = await ready()
    ctx.actor.send({ type: 'request.changed', requestId: olderRequest.id, kind: 'state' })
    expect(reads(ctx)).toBe(1)
    ctx.actor.send({ type: 'offer.accept' })
    ctx.actor.send({ type: 'request.changed', requestId: newerRequest.id, kind: 'state' })
    ctx.actor.send({ type: 'request.changed', requestId: newerRequest.id, kind: 'offer' })
    expect(reads(ctx)).toBe(1)
    ctx.fakes.queues.acceptOffer.latest.resolve(accepted)
    await settled()
    expect(reads(ctx)).toBe(2)
    ctx.fakes.queues.getRequest.latest.resolve(accepted)
    await settled()
    expect(selectMyRequestView(ctx.actor.getSnapshot())).toMatchObject({
      notice: 'accepted',
      busy: false,
      offerActions: false,
    })
    ctx.actor.stop()
  })

  it('refuses a blank reply without sending it, and says a stale version changed', async () => {
    const ctx = await ready()
    ctx.actor.send({ type: 'reply.change', text: ' \n ' })
    ctx.actor.send({ type: 'reply.send' })
    expect(selectMyRequestView(ctx.actor.getSnapshot()).replyProblem).toBe('blank')
    ctx.actor.send({ type: 'reply.change', text: 'x'.repeat(2001) })
    ctx.actor.send({ type: 'reply.send' })
    expect(selectMyRequestView(ctx.actor.getSnapshot()).replyProblem).toBe('tooLong')
    expect(ctx.fakes.inputs.sendReply).toEqual([])
    ctx.actor.send({ type: 'offer.decline' })
    ctx.fakes.queues.declineOffer.latest.reject(refusals.stale)
    await settled()
    ctx.fakes.queues.getRequest.latest.resolve(offerReady)
    await settled()
    expect(selectMyRequestView(ctx.actor.getSnapshot())).toMatchObject({
      failure: 'STALE_VERSION',
      offerActions: true,
    })
    ctx.actor.stop()
  })

  it('shows the offer expired once the clock reaches validUntil, and a new offer open again', async () => {
    const ctx = await ready()
    ctx.actor.send({ type: 'clock.tick', now: clock.before })
    expect(selectMyRequestView(ctx.actor.getSnapshot()).offerActions).toBe(true)
    ctx.actor.send({ type: 'clock.tick', now: clock.after })
    expect(selectMyRequestView(ctx.actor.getSnapshot())).toMatchObject({
      offerActions: false,
      offerExpired: true,
    })
    ctx.actor.send({ type: 'offer.accept' })
    expect(ctx.fakes.inputs.acceptOffer).toEqual([])
    ctx.actor.stop()
  })
})
