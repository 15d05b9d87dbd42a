import { describe, expect, it } from 'vitest'
import { createActor, type Actor } from 'xstate'
import {
  CUSTOMER_STATUS_LABELS,
  customerStatus,
  FINAL_STATES,
  requestLifecycleMachine,
  type LifecycleEvent,
  type RequestState,
} from '../../domain/request-lifecycle.machine'
import {
  LAPSED_AT,
  LIFECYCLE_MANAGER,
  OFFERED_AT,
  VALID_UNTIL,
} from '../../src/flows/fixtures/request-lifecycle'
import { requestStateValues } from '../../openapi/main.gen'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { createLifecyclePathModel } from './request-lifecycle-model'

interface Ctx {
  actor: Actor<typeof requestLifecycleMachine>
}

const open = (s: { status: string }) => s.status === 'active'

describe('request lifecycle (docs/product/requests.md#lifecycle)', () => {
  const pm = createLifecyclePathModel()
  const expectStatus = (ctx: Ctx, status: string) => {
    const value = ctx.actor.getSnapshot().value as RequestState
    expect(customerStatus(value)).toBe(status)
  }

  const runner: PathRunner<typeof requestLifecycleMachine, Ctx> = {
    setup: (inspect) => ({
      actor: createActor(requestLifecycleMachine, { input: {}, inspect }).start(),
    }),
    event(ctx, event) {
      ctx.actor.send(event as LifecycleEvent)
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      submitted: (ctx, s) => {
        expectStatus(ctx, 'submitted')
        expect(s.context.offer).toBeNull()
      },
      assigned: (ctx, s) => {
        expectStatus(ctx, 'in_review')
        expect(s.context.assigneeId).toBe(LIFECYCLE_MANAGER)
      },
      in_review: (ctx, s) => {
        expectStatus(ctx, 'in_review')
        expect(s.context.offer).toBeNull()
      },
      on_hold: (ctx, s) => {
        // A hold reads as "In review" and withdraws any offer not yet accepted.
        expectStatus(ctx, 'in_review')
        expect(s.context.offer).toBeNull()
      },
      awaiting_customer: (ctx) => {
        expectStatus(ctx, 'action_needed')
      },
      offer_pending_approval: (ctx, s) => {
        expectStatus(ctx, 'in_review')
        expect(s.context.offer).toEqual({ validUntil: VALID_UNTIL, needsApproval: true })
      },
      offer_sent: (ctx, s) => {
        expectStatus(ctx, 'offer_ready')
        expect(s.context.offer?.validUntil).toBe(VALID_UNTIL)
        // Accepting needs the server's clock before validUntil.
        expect(s.can({ type: 'acceptOffer', at: LAPSED_AT })).toBe(false)
        expect(s.can({ type: 'acceptOffer', at: OFFERED_AT })).toBe(true)
      },
      awaiting_payment: (ctx, s) => {
        expectStatus(ctx, 'awaiting_payment')
        expect(open(s)).toBe(true)
      },
      completed: (ctx, s) => {
        expectStatus(ctx, 'completed')
        expect(s.status).toBe('done')
      },
      declined: (ctx, s) => {
        expectStatus(ctx, 'closed')
        expect(s.status).toBe('done')
      },
      expired: (ctx, s) => {
        expectStatus(ctx, 'closed')
        expect(s.status).toBe('done')
      },
      cancelled: (ctx, s) => {
        expectStatus(ctx, 'closed')
        expect(s.status).toBe('done')
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

  it('maps every state of the contract to a customer status, and an unknown one to In review', () => {
    for (const state of requestStateValues)
      expect(Object.keys(CUSTOMER_STATUS_LABELS)).toContain(customerStatus(state))
    expect(customerStatus('compliance_freeze')).toBe('in_review')
    expect(customerStatus('__proto__')).toBe('in_review')
    expect(FINAL_STATES.map(customerStatus)).toEqual(['completed', 'closed', 'closed', 'closed'])
  })

  it('refuses what a state does not allow, and an offer past its validity', () => {
    const actor = createActor(requestLifecycleMachine, { input: {} }).start()
    expect(actor.getSnapshot().can({ type: 'completeRequest' })).toBe(false)
    for (const event of [
      { type: 'assignRequest', assigneeId: LIFECYCLE_MANAGER },
      { type: 'startRequestReview' },
      {
        type: 'sendOffer',
        offer: { validUntil: VALID_UNTIL, needsApproval: true },
      },
    ] as const)
      actor.send(event)
    expect(actor.getSnapshot().value).toBe('offer_pending_approval')
    expect(actor.getSnapshot().can({ type: 'approveOffer', at: LAPSED_AT })).toBe(false)
    actor.send({ type: 'expireOffer', at: LAPSED_AT })
    expect(actor.getSnapshot().value).toBe('in_review')
  })
})
