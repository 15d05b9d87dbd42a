import { describe, expect, it } from 'vitest'
import { createActor, type Actor, type InspectionEvent } from 'xstate'
import {
  opsStaffMachine,
  selectOpsStaffView,
  type OpsStaffEvent,
} from '../../src/machines/ops-staff/ops-staff.machine'
import {
  DEACTIVATION_REASON,
  INVITED_EMAIL,
  ida,
  jan,
  marek,
  marekGrant,
  staffInput,
  staffList,
} from '../../src/flows/fixtures/ops-staff'
import { deferredActors, settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { createOpsStaffPathModel } from './ops-staff-model'

const ids = [
  'listStaff',
  'inviteStaff',
  'changeStaffRoles',
  'deactivateStaff',
  'approveRoleGrant',
] as const

interface Ctx {
  actor: Actor<typeof opsStaffMachine>
  fakes: ReturnType<typeof deferredActors<(typeof ids)[number]>>
}

function start(input = staffInput, inspect?: (event: InspectionEvent) => void) {
  const fakes = deferredActors(ids)
  const actor = createActor(opsStaffMachine.provide({ actors: fakes.actors as never }), {
    input,
    ...(inspect ? { inspect } : {}),
  }).start()
  return { actor, fakes }
}

describe('staff management (issue 27)', () => {
  const pm = createOpsStaffPathModel()

  const runner: PathRunner<typeof opsStaffMachine, Ctx> = {
    setup: (inspect) => start(staffInput, inspect),
    async event(ctx, event) {
      const lists = ctx.fakes.inputs.listStaff.length
      if (!ctx.fakes.settle(event)) ctx.actor.send(event as OpsStaffEvent)
      await settled()
      // A change that went through reads the list again.
      if (/^xstate\.done\.actor\.(?!listStaff)/.test(event.type))
        expect(ctx.fakes.inputs.listStaff.length).toBe(lists + 1)
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      loading: (_ctx, s) => {
        expect(selectOpsStaffView(s).busy).toBe(true)
      },
      loadFailed: (_ctx, s) => {
        expect(selectOpsStaffView(s).phase).toBe('loadFailed')
      },
      listed: (_ctx, s) => {
        const view = selectOpsStaffView(s)
        expect(view).toMatchObject({ phase: 'ready', busy: false, form: null, canInvite: true })
        expect(view.staff).toEqual(staffList.staff)
        // Never oneself; another admin's grant may be approved.
        expect(view.manageable(ida.id)).toBe(false)
        expect(view.manageable(marek.id)).toBe(true)
        expect(view.approvable(marekGrant.id)).toBe(true)
      },
      inviting: (_ctx, s) => {
        expect(selectOpsStaffView(s).form?.kind).toBe('invite')
      },
      'inviting.editing': (_ctx, s) => {
        const form = selectOpsStaffView(s).form
        expect(form?.ready).toBe(s.context.email === INVITED_EMAIL && s.context.roles.length > 0)
      },
      'inviting.sending': (ctx) => {
        expect(ctx.fakes.inputs.inviteStaff.at(-1)).toEqual({
          email: INVITED_EMAIL,
          roles: ['support'],
        })
      },
      changingRoles: (_ctx, s) => {
        expect(selectOpsStaffView(s).form).toMatchObject({ kind: 'roles', member: marek })
      },
      'changingRoles.editing': (_ctx, s) => {
        expect(selectOpsStaffView(s).form?.ready).toBe(s.context.roles.length > 0)
      },
      'changingRoles.saving': (ctx) => {
        expect(ctx.fakes.inputs.changeStaffRoles.at(-1)).toEqual({
          id: marek.id,
          roles: ['support'],
        })
      },
      deactivating: (_ctx, s) => {
        expect(selectOpsStaffView(s).form).toMatchObject({ kind: 'deactivate', member: marek })
      },
      'deactivating.editing': (_ctx, s) => {
        expect(selectOpsStaffView(s).form?.ready).toBe(s.context.reason === DEACTIVATION_REASON)
      },
      'deactivating.sending': (ctx) => {
        expect(ctx.fakes.inputs.deactivateStaff.at(-1)).toEqual({
          id: marek.id,
          reason: DEACTIVATION_REASON,
        })
      },
      approving: (ctx, s) => {
        expect(selectOpsStaffView(s).approving).toBe(marekGrant.id)
        expect(ctx.fakes.inputs.approveRoleGrant.at(-1)).toEqual({ id: marekGrant.id })
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

  it('never acts on oneself, nor approves a grant one asked for or that is about oneself', async () => {
    const { actor, fakes } = start({
      self: { id: jan.id, email: jan.email, permissions: staffInput.self.permissions },
    })
    fakes.queues.listStaff.latest.resolve({
      staff: staffList.staff,
      pendingGrants: [
        marekGrant,
        { ...marekGrant, id: 'other', staffId: jan.id, requestedBy: ida.email },
      ],
    })
    await settled()
    for (const event of [
      { type: 'roles.edit', id: jan.id },
      { type: 'deactivate.open', id: jan.id },
      { type: 'grant.approve', id: marekGrant.id },
      { type: 'grant.approve', id: 'other' },
    ] as const) {
      actor.send(event)
      expect(actor.getSnapshot().value).toBe('listed')
    }
    actor.stop()
  })

  it('offers nothing to change with staff:read alone', async () => {
    const { actor, fakes } = start({
      self: {
        id: 'x',
        email: 'olek@exchange.example',
        permissions: ['console:enter', 'staff:read'],
      },
    })
    fakes.queues.listStaff.latest.resolve(staffList)
    await settled()
    const view = selectOpsStaffView(actor.getSnapshot())
    expect(view.canInvite).toBe(false)
    expect(staffList.staff.some((m) => view.manageable(m.id))).toBe(false)
    expect(view.approvable(marekGrant.id)).toBe(false)
    actor.send({ type: 'invite.open' })
    expect(actor.getSnapshot().value).toBe('listed')
    actor.stop()
  })
})
