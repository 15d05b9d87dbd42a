import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, type Actor, type InspectionEvent } from 'xstate'
import { offerFigures } from '../../domain/offer'
import {
  opsRequestMachine,
  selectOpsRequestView,
  type OpsRequestEvent,
  type RequestActionInput,
} from '../../src/machines/ops-request/ops-request.machine'
import { validUntilInstant } from '../../src/machines/ops-request/offer-draft'
import {
  DECLINE_REASON,
  OFFER_PAID,
  OFFER_RATE,
  OFFER_VALID_UNTIL,
  managerSelf,
  requestFailures,
  requestInput,
  reviewed,
  reviewedAfter,
  reviewedDetails,
} from '../../src/flows/fixtures/ops-requests'
import { deferredActors, settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { createOpsRequestPathModel } from './ops-request-model'

const ids = ['getRequest', 'runRequestAction'] as const

interface Ctx {
  actor: Actor<typeof opsRequestMachine>
  fakes: ReturnType<typeof deferredActors<(typeof ids)[number]>>
  /** Tells the page of a change, as the live stream does. */
  change: (requestId: string) => void
}

function start(input = requestInput, inspect?: (event: InspectionEvent) => void): Ctx {
  const fakes = deferredActors(ids)
  let tell: (requestId: string) => void = () => undefined
  const actor = createActor(
    opsRequestMachine.provide({
      actors: {
        ...(fakes.actors as Record<string, unknown>),
        watchChanges: fromCallback(({ sendBack }) => {
          tell = (requestId) => {
            sendBack({ type: 'request.changed', requestId, kind: 'message' })
          }
        }),
      },
    }),
    { input, ...(inspect ? { inspect } : {}) },
  ).start()
  return {
    actor,
    fakes,
    change: (id) => {
      tell(id)
    },
  }
}

const lastAction = (ctx: Ctx) => ctx.fakes.inputs.runRequestAction.at(-1) as RequestActionInput

describe('request desk: one request (issue 28)', () => {
  const pm = createOpsRequestPathModel()

  const runner: PathRunner<typeof opsRequestMachine, Ctx> = {
    setup: (inspect) => start(requestInput, inspect),
    async event(ctx, event) {
      if (event.type === 'request.changed')
        ctx.change((event as unknown as { requestId: string }).requestId)
      else if (!ctx.fakes.settle(event)) ctx.actor.send(event as OpsRequestEvent)
      await settled()
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      loading: (ctx, s) => {
        expect(selectOpsRequestView(s).phase).toBe('loading')
        expect(ctx.fakes.inputs.getRequest.at(-1)).toEqual({ requestId: reviewed.id })
      },
      loadFailed: (_ctx, s) => {
        expect(selectOpsRequestView(s).phase).toBe('loadFailed')
        expect(s.context.failure?.status).toBe(404)
      },
      ready: (_ctx, s) => {
        const view = selectOpsRequestView(s)
        expect(view.phase).toBe('ready')
        expect(view.details?.summary.id).toBe(reviewed.id)
        // Allowed by the state and the roles; a hold needs requests:hold, which managers lack.
        expect(view.offered('sendOffer')).toBe(s.context.details?.allowed.includes('sendOffer'))
        expect(view.offered('holdRequest')).toBe(false)
        expect(view.offered('completeRequest')).toBe(false)
      },
      'ready.idle': (_ctx, s) => {
        expect(selectOpsRequestView(s)).toMatchObject({ busy: false, form: null })
      },
      'ready.reading': (ctx, s) => {
        expect(selectOpsRequestView(s).reading).toBe(true)
        expect(ctx.fakes.inputs.getRequest.at(-1)).toEqual({ requestId: reviewed.id })
      },
      'ready.acting': (ctx, s) => {
        expect(selectOpsRequestView(s).acting).toBe('assignRequest')
        expect(lastAction(ctx)).toEqual({
          requestId: reviewed.id,
          operation: 'assignRequest',
          body: { version: s.context.details?.summary.version, assigneeId: managerSelf.id },
        })
      },
      'ready.editing': (_ctx, s) => {
        const form = selectOpsRequestView(s).form
        expect(form?.operation).toBe(s.context.operation)
        expect(form?.kind).toBe(s.context.operation === 'sendOffer' ? 'offer' : 'reason')
      },
      'ready.editing.typing': (_ctx, s) => {
        const form = selectOpsRequestView(s).form
        const filled =
          s.context.operation === 'sendOffer'
            ? s.context.offer.rate !== '' &&
              s.context.offer.amountPaid !== '' &&
              s.context.offer.validUntil !== ''
            : s.context.text !== ''
        expect(form?.ready).toBe(filled)
      },
      'ready.editing.rereading': (_ctx, s) => {
        expect(selectOpsRequestView(s).form?.reading).toBe(true)
      },
      'ready.editing.submitting': (ctx, s) => {
        const version = s.context.details?.summary.version ?? 0
        expect(lastAction(ctx)).toEqual(
          s.context.operation === 'sendOffer'
            ? {
                requestId: reviewed.id,
                operation: 'sendOffer',
                body: {
                  version,
                  ...offerFigures({
                    from: 'EUR',
                    to: 'ETH',
                    amountPaid: OFFER_PAID,
                    rate: OFFER_RATE,
                  }),
                  feePercent: undefined,
                  validUntil: validUntilInstant(OFFER_VALID_UNTIL),
                },
              }
            : {
                requestId: reviewed.id,
                operation: 'declineRequest',
                body: { version, reason: DECLINE_REASON },
              },
        )
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
  }, 60_000)

  async function opened() {
    const ctx = start()
    ctx.fakes.queues.getRequest.latest.resolve(reviewedDetails)
    await settled()
    return ctx
  }

  it('reads once more after an action when a change came meanwhile, and ignores other requests', async () => {
    const ctx = await opened()
    ctx.change('00000000-0000-4000-8000-000000000000')
    expect(ctx.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    ctx.actor.send({ type: 'action.open', operation: 'addRequestNote' })
    ctx.actor.send({ type: 'text.change', value: '  Called the customer. ' })
    ctx.actor.send({ type: 'form.submit' })
    expect(lastAction(ctx)).toEqual({
      requestId: reviewed.id,
      operation: 'addRequestNote',
      body: { text: 'Called the customer.' },
    })
    ctx.change(reviewed.id)
    ctx.change(reviewed.id)
    const reads = ctx.fakes.inputs.getRequest.length
    ctx.fakes.queues.runRequestAction.latest.resolve(reviewedAfter)
    await settled()
    // One re-read for both changes, after the note was added.
    expect(ctx.fakes.inputs.getRequest.length).toBe(reads + 1)
    expect(ctx.actor.getSnapshot().matches({ ready: 'reading' })).toBe(true)
    ctx.actor.stop()
  })

  it('keeps the typed reason through a stale refusal and sends the new version after', async () => {
    const ctx = await opened()
    ctx.actor.send({ type: 'action.open', operation: 'cancelRequest' })
    ctx.actor.send({ type: 'text.change', value: DECLINE_REASON })
    ctx.actor.send({ type: 'form.submit' })
    ctx.fakes.queues.runRequestAction.latest.reject(requestFailures.stale)
    await settled()
    ctx.fakes.queues.getRequest.latest.resolve(reviewedAfter)
    await settled()
    const s = ctx.actor.getSnapshot()
    expect(s.matches({ ready: { editing: 'typing' } })).toBe(true)
    expect(s.context.failure?.errorType).toBe('STALE_VERSION')
    expect(s.context.text).toBe(DECLINE_REASON)
    ctx.actor.send({ type: 'form.submit' })
    expect(lastAction(ctx)).toMatchObject({ body: { version: 4, reason: DECLINE_REASON } })
    ctx.actor.stop()
  })

  it('closes the form when the request no longer allows its action', async () => {
    const ctx = await opened()
    ctx.actor.send({ type: 'action.open', operation: 'sendOffer' })
    ctx.change(reviewed.id)
    ctx.fakes.queues.getRequest.latest.resolve({
      ...reviewedAfter,
      summary: { ...reviewedAfter.summary, state: 'on_hold' },
      allowed: ['releaseRequest', 'declineRequest', 'cancelRequest'],
    })
    await settled()
    expect(ctx.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    ctx.actor.stop()
  })

  it('works the offer figures out with the rules, and names what is wrong', async () => {
    const ctx = await opened()
    ctx.actor.send({ type: 'action.open', operation: 'sendOffer' })
    const form = () => selectOpsRequestView(ctx.actor.getSnapshot()).form
    ctx.actor.send({ type: 'offer.change', field: 'amountPaid', value: '100.555' })
    ctx.actor.send({ type: 'offer.change', field: 'rate', value: '3000' })
    expect(form()?.offer.problems).toEqual({ amountPaid: 'tooManyDecimals' })
    ctx.actor.send({ type: 'offer.change', field: 'amountPaid', value: '0' })
    expect(form()?.offer.problems).toEqual({ amountPaid: 'notPositive' })
    ctx.actor.send({ type: 'offer.change', field: 'amountPaid', value: '1e3' })
    expect(form()?.offer.problems).toEqual({ amountPaid: 'notANumber' })
    ctx.actor.send({ type: 'offer.change', field: 'amountPaid', value: '100.50' })
    expect(form()?.offer.figures).toEqual(
      offerFigures({ from: 'EUR', to: 'ETH', amountPaid: '100.50', rate: '3000' }),
    )
    expect(form()?.ready).toBe(false)
    ctx.actor.send({ type: 'offer.change', field: 'validUntil', value: 'tomorrow' })
    expect(form()?.offer.problems).toEqual({ validUntil: 'notATime' })
    ctx.actor.stop()
  })

  it('offers only what the roles permit', async () => {
    const ctx = start({
      ...requestInput,
      self: { ...requestInput.self, permissions: ['requests:read', 'requests:note'] },
    })
    ctx.fakes.queues.getRequest.latest.resolve(reviewedDetails)
    await settled()
    const view = selectOpsRequestView(ctx.actor.getSnapshot())
    expect(view.offered('addRequestNote')).toBe(true)
    expect(view.offered('sendOffer')).toBe(false)
    ctx.actor.send({ type: 'action.run', operation: 'assignRequest' })
    expect(ctx.actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
    ctx.actor.stop()
  })
})
