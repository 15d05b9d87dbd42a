import { describe, expect, it } from 'vitest'
import { createActor, type Actor, type InspectionEvent } from 'xstate'
import { createMainClient } from '../../src/api/main-client'
import {
  ALREADY_APPROVED,
  HOLD_REASON,
  REQUEST_NOTE,
  actionsInput,
  askedRequest,
  placedHold,
  withdrawnRequest,
} from '../../src/flows/fixtures/ops-customer-actions'
import { anna } from '../../src/flows/fixtures/ops-customers'
import { createOpsCustomerActionsActors } from '../../src/machines/ops-customer-actions/ops-customer-actions.actors'
import {
  opsCustomerActionsMachine,
  selectCustomerActionsView,
  type CustomerActionsEvent,
  type CustomerActionsInput,
} from '../../src/machines/ops-customer-actions/ops-customer-actions.machine'
import { deferredActors, settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { createCustomerActionsPathModel } from './ops-customer-actions-model'

const ids = ['requestVerification', 'withdrawVerificationRequest', 'changeHold'] as const

interface Ctx {
  actor: Actor<typeof opsCustomerActionsMachine>
  fakes: ReturnType<typeof deferredActors<(typeof ids)[number]>>
  changed: number
}

function start(
  input: CustomerActionsInput = actionsInput,
  inspect?: (e: InspectionEvent) => void,
): Ctx {
  const fakes = deferredActors(ids)
  const ctx = { fakes, changed: 0 } as Ctx
  ctx.actor = createActor(
    opsCustomerActionsMachine.provide({
      actors: fakes.actors as never,
      actions: {
        changed: () => {
          ctx.changed++
        },
      },
    }),
    { input, ...(inspect ? { inspect } : {}) },
  ).start()
  return ctx
}

// placeHold and liftHold are both runs of the changeHold actor.
const fakeOf = (type: string) => type.replace(/actor\.(placeHold|liftHold)$/, 'actor.changeHold')

describe("the desk's actions on a customer (issue 29)", () => {
  const pm = createCustomerActionsPathModel()

  const runner: PathRunner<typeof opsCustomerActionsMachine, Ctx> = {
    setup: (inspect) => start(actionsInput, inspect),
    async event(ctx, event) {
      const settledFake = ctx.fakes.settle({ ...event, type: fakeOf(event.type) })
      if (!settledFake) ctx.actor.send(event as CustomerActionsEvent)
      await settled()
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      idle: (_ctx, s) => {
        const view = selectCustomerActionsView(s)
        expect(view.busy).toBe(false)
        expect(view.canRequest).toBe(s.context.note.trim() !== '')
        expect(view.canChangeHold).toBe(s.context.reason.trim() !== '')
        if (view.failure) expect(view.failure.detail).toBe(ALREADY_APPROVED)
      },
      requesting: (ctx) => {
        expect(ctx.fakes.inputs.requestVerification.at(-1)).toEqual({
          customerId: anna.id,
          kind: ctx.actor.getSnapshot().context.kind,
          note: REQUEST_NOTE,
        })
      },
      withdrawing: (ctx) => {
        expect(ctx.fakes.inputs.withdrawVerificationRequest.at(-1)).toEqual({
          customerId: anna.id,
          requestId: askedRequest.id,
        })
      },
      placing: (ctx) => {
        expect(ctx.fakes.inputs.changeHold.at(-1)).toEqual({
          customerId: anna.id,
          change: 'place',
          reason: HOLD_REASON,
        })
      },
      lifting: (ctx) => {
        expect(ctx.fakes.inputs.changeHold.at(-1)).toEqual({
          customerId: anna.id,
          change: 'lift',
          reason: HOLD_REASON,
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

  it('tells the page to read again after each change, and only then', async () => {
    const ctx = start()
    ctx.actor.send({ type: 'note.change', value: REQUEST_NOTE })
    ctx.actor.send({ type: 'verification.request' })
    ctx.fakes.settle({ type: 'xstate.done.actor.requestVerification', output: askedRequest })
    await settled()
    expect(ctx.changed).toBe(1)
    expect(selectCustomerActionsView(ctx.actor.getSnapshot())).toMatchObject({
      done: 'requested',
      note: '',
    })
    ctx.actor.send({ type: 'verification.withdraw', requestId: askedRequest.id })
    ctx.fakes.settle({
      type: 'xstate.done.actor.withdrawVerificationRequest',
      output: withdrawnRequest,
    })
    await settled()
    expect(ctx.changed).toBe(2)
    ctx.actor.stop()
  })

  it('offers nothing without the permissions, and sends nothing', () => {
    const ctx = start({ ...actionsInput, permissions: ['console:enter', 'customers:read'] })
    ctx.actor.send({ type: 'note.change', value: REQUEST_NOTE })
    ctx.actor.send({ type: 'reason.change', value: HOLD_REASON })
    ctx.actor.send({ type: 'verification.request' })
    ctx.actor.send({ type: 'verification.withdraw', requestId: askedRequest.id })
    ctx.actor.send({ type: 'hold.place' })
    const view = selectCustomerActionsView(ctx.actor.getSnapshot())
    expect([view.canVerify, view.canHold, view.note, view.reason, view.busy]).toEqual([
      false,
      false,
      '',
      '',
      false,
    ])
    expect(ctx.fakes.inputs.requestVerification).toEqual([])
    expect(ctx.fakes.inputs.changeHold).toEqual([])
    ctx.actor.stop()
  })

  it('the real actors call the contract’s operations', async () => {
    const seen: string[] = []
    const api = createMainClient({
      baseUrl: 'http://localhost',
      fetch: async (input) => {
        const request = input as Request
        seen.push(`${new URL(request.url).pathname} ${await request.text()}`)
        const body = request.url.includes('hold') ? placedHold : askedRequest
        return new Response(JSON.stringify(body), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        })
      },
    })
    const actor = createActor(
      opsCustomerActionsMachine.provide({ actors: createOpsCustomerActionsActors(api) }),
      { input: actionsInput },
    ).start()
    const step = async (event: CustomerActionsEvent) => {
      actor.send(event)
      await new Promise((r) => setTimeout(r, 20))
    }
    await step({ type: 'kind.change', kind: 'KYB' })
    await step({ type: 'note.change', value: ` ${REQUEST_NOTE} ` })
    await step({ type: 'verification.request' })
    await step({ type: 'verification.withdraw', requestId: askedRequest.id })
    await step({ type: 'reason.change', value: HOLD_REASON })
    await step({ type: 'hold.place' })
    await step({ type: 'reason.change', value: HOLD_REASON })
    await step({ type: 'hold.lift' })
    const base = `/api/ops/customers/${anna.id}`
    expect(seen).toEqual([
      `${base}/verification-requests ${JSON.stringify({ kind: 'KYB', note: REQUEST_NOTE })}`,
      `${base}/verification-requests/${askedRequest.id}/withdrawal `,
      `${base}/hold ${JSON.stringify({ reason: HOLD_REASON })}`,
      `${base}/hold/lifting ${JSON.stringify({ reason: HOLD_REASON })}`,
    ])
    actor.stop()
  })
})
