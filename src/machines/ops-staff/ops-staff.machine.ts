import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { errorTypeOf, statusOf } from '../../api/api-call'
import { detailOf } from '../../api/ops-call'
import type { components } from '../../../openapi/main.gen'

export type StaffMember = components['schemas']['StaffMember']
export type RoleGrant = components['schemas']['RoleGrant']
export type StaffRole = components['schemas']['StaffRole']
export type StaffList = components['schemas']['StaffList']
export type StaffChange = components['schemas']['StaffChange']

/** Who is working: their id and address, and what their roles allow. */
export interface OpsStaffInput {
  self: { id: string; email: string; permissions: readonly string[] }
}

/** What the list says after a change. */
export type OpsStaffNotice =
  | { kind: 'invited'; email: string }
  | { kind: 'rolesChanged'; email: string; pending: boolean }
  | { kind: 'deactivated'; email: string }
  | { kind: 'approved'; email: string }

/** Why the last change did not happen. */
export interface OpsStaffFailure {
  errorType: string
  status: number | null
  /** The problem's own words, shown beside ours (a 403 on oneself says why). */
  detail: string | null
}

export interface OpsStaffContext extends OpsStaffInput {
  staff: StaffMember[]
  grants: RoleGrant[]
  /** The member whose roles or activity change, or the grant being approved. */
  target: string | null
  email: string
  roles: StaffRole[]
  reason: string
  notice: OpsStaffNotice | null
  failure: OpsStaffFailure | null
}

export type OpsStaffEvent =
  | { type: 'staff.reload' }
  | { type: 'invite.open' }
  | { type: 'email.change'; value: string }
  | { type: 'role.toggle'; role: StaffRole }
  | { type: 'invite.submit' }
  | { type: 'roles.edit'; id: string }
  | { type: 'roles.save' }
  | { type: 'deactivate.open'; id: string }
  | { type: 'reason.change'; value: string }
  | { type: 'deactivate.submit' }
  | { type: 'grant.approve'; id: string }
  | { type: 'form.cancel' }

/** An address worth sending: something@something. */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value.trim())

const failureOf = (error: unknown): OpsStaffFailure => ({
  errorType: errorTypeOf(error),
  status: statusOf(error),
  detail: detailOf(error),
})

/** Another member, still active: their roles and activity may change (never one's own). */
function mayManage(context: OpsStaffContext, id: string): boolean {
  return (
    context.self.permissions.includes('staff:manage') &&
    id !== context.self.id &&
    context.staff.some((m) => m.id === id && m.active)
  )
}

/** A grant neither asked for by this admin nor about them. */
function mayApprove(context: OpsStaffContext, id: string): boolean {
  return (
    context.self.permissions.includes('staff:approve') &&
    context.grants.some(
      (g) => g.id === id && g.requestedBy !== context.self.email && g.staffId !== context.self.id,
    )
  )
}

/** Whether the open form can be sent: what its submit button's `state.can` asks. */
export function formReady(context: OpsStaffContext, form: 'invite' | 'roles' | 'reason'): boolean {
  if (form === 'invite') return looksLikeEmail(context.email) && context.roles.length > 0
  if (form === 'roles') return context.roles.length > 0
  return context.reason.trim() !== ''
}

/**
 * Staff management (docs/product/screens.md#staff-console-staff): the list of staff members and
 * the admin grants waiting for a second admin. With staff:manage one invites a member, changes
 * another member's roles or deactivates them with a reason; with staff:approve one approves a
 * grant someone else asked for. Nobody acts on themselves: those buttons are not offered, and the
 * server's refusal is shown if it comes anyway. Every change reads the list again.
 */
export const opsStaffMachine = setup({
  types: {} as {
    context: OpsStaffContext
    events: OpsStaffEvent
    input: OpsStaffInput
  },
  actors: {
    /** GET /api/ops/staff. */
    listStaff: fromPromise<StaffList>(() => {
      throw new Error('opsStaff: the listStaff actor was not provided')
    }),
    /** POST /api/ops/staff. */
    inviteStaff: fromPromise<StaffChange, { email: string; roles: StaffRole[] }>(() => {
      throw new Error('opsStaff: the inviteStaff actor was not provided')
    }),
    /** PUT /api/ops/staff/{staffId}/roles. */
    changeStaffRoles: fromPromise<StaffChange, { id: string; roles: StaffRole[] }>(() => {
      throw new Error('opsStaff: the changeStaffRoles actor was not provided')
    }),
    /** POST /api/ops/staff/{staffId}/deactivation. */
    deactivateStaff: fromPromise<StaffChange, { id: string; reason: string }>(() => {
      throw new Error('opsStaff: the deactivateStaff actor was not provided')
    }),
    /** POST /api/ops/role-grants/{grantId}/approval. */
    approveRoleGrant: fromPromise<StaffChange, { id: string }>(() => {
      throw new Error('opsStaff: the approveRoleGrant actor was not provided')
    }),
  },
  actions: {
    adopt: assign((_, params: { list: StaffList }) => ({
      staff: params.list.staff,
      grants: params.list.pendingGrants,
    })),
    openInvite: assign({ email: '', roles: [] as StaffRole[], notice: null, failure: null }),
    setEmail: assign((_, params: { value: string }) => ({ email: params.value })),
    toggleRole: assign(({ context }, params: { role: StaffRole }) => ({
      roles: context.roles.includes(params.role)
        ? context.roles.filter((r) => r !== params.role)
        : [...context.roles, params.role],
    })),
    openRoles: assign(({ context }, params: { id: string }) => ({
      target: params.id,
      roles: [...(context.staff.find((m) => m.id === params.id)?.roles ?? [])],
      notice: null,
      failure: null,
    })),
    openDeactivate: assign((_, params: { id: string }) => ({
      target: params.id,
      reason: '',
      notice: null,
      failure: null,
    })),
    setReason: assign((_, params: { value: string }) => ({ reason: params.value })),
    startApproving: assign((_, params: { id: string }) => ({
      target: params.id,
      notice: null,
      failure: null,
    })),
    clearForm: assign({ failure: null }),
    changed: assign((_, params: { notice: OpsStaffNotice }) => ({
      notice: params.notice,
      failure: null,
      target: null,
    })),
    fail: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    clearMessages: assign({ notice: null, failure: null }),
  },
  guards: {
    canManage: ({ context }) => context.self.permissions.includes('staff:manage'),
    isOtherActive: ({ context }, params: { id: string }) => mayManage(context, params.id),
    isApprovable: ({ context }, params: { id: string }) => mayApprove(context, params.id),
    inviteReady: ({ context }) => formReady(context, 'invite'),
    rolesReady: ({ context }) => formReady(context, 'roles'),
    reasonGiven: ({ context }) => formReady(context, 'reason'),
  },
}).createMachine({
  id: 'opsStaff',
  description: 'Staff members and admin grants: invite, change roles, deactivate, approve',
  context: ({ input }) => ({
    self: input.self,
    staff: [],
    grants: [],
    target: null,
    email: '',
    roles: [],
    reason: '',
    notice: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The staff list is being read.',
      invoke: {
        id: 'listStaff',
        src: 'listStaff',
        onDone: {
          target: 'listed',
          actions: { type: 'adopt', params: ({ event }) => ({ list: event.output }) },
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: "The list could not be read: a message and 'Try again'.",
      on: { 'staff.reload': { target: 'loading', actions: 'clearMessages' } },
    },
    listed: {
      description: 'The members and the waiting grants, with what this person may do to each.',
      on: {
        'staff.reload': { target: 'loading', actions: 'clearMessages' },
        'invite.open': { guard: 'canManage', target: 'inviting', actions: 'openInvite' },
        'roles.edit': {
          guard: { type: 'isOtherActive', params: ({ event }) => ({ id: event.id }) },
          target: 'changingRoles',
          actions: { type: 'openRoles', params: ({ event }) => ({ id: event.id }) },
        },
        'deactivate.open': {
          guard: { type: 'isOtherActive', params: ({ event }) => ({ id: event.id }) },
          target: 'deactivating',
          actions: { type: 'openDeactivate', params: ({ event }) => ({ id: event.id }) },
        },
        'grant.approve': {
          guard: { type: 'isApprovable', params: ({ event }) => ({ id: event.id }) },
          target: 'approving',
          actions: { type: 'startApproving', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    inviting: {
      description: 'The invitation form: an address and at least one role.',
      initial: 'editing',
      states: {
        editing: {
          description: "The form is open; 'Send invitation' once the address and a role are there.",
          on: {
            'form.cancel': { target: '#opsStaff.listed', actions: 'clearMessages' },
            'email.change': {
              actions: { type: 'setEmail', params: ({ event }) => ({ value: event.value }) },
            },
            'role.toggle': {
              actions: { type: 'toggleRole', params: ({ event }) => ({ role: event.role }) },
            },
            'invite.submit': { guard: 'inviteReady', target: 'sending', actions: 'clearForm' },
          },
        },
        sending: {
          description: 'The invitation is being sent.',
          invoke: {
            id: 'inviteStaff',
            src: 'inviteStaff',
            input: ({ context }) => ({ email: context.email.trim(), roles: context.roles }),
            onDone: {
              target: '#opsStaff.loading',
              actions: {
                type: 'changed',
                params: ({ event }) => ({
                  notice: { kind: 'invited', email: event.output.member.email },
                }),
              },
            },
            onError: {
              target: 'editing',
              actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    changingRoles: {
      description: "Another member's roles, as checkboxes.",
      initial: 'editing',
      states: {
        editing: {
          description: "The roles can be ticked; 'Save roles' while at least one is.",
          on: {
            'form.cancel': { target: '#opsStaff.listed', actions: 'clearMessages' },
            'role.toggle': {
              actions: { type: 'toggleRole', params: ({ event }) => ({ role: event.role }) },
            },
            'roles.save': { guard: 'rolesReady', target: 'saving', actions: 'clearForm' },
          },
        },
        saving: {
          description: 'The roles are being saved.',
          invoke: {
            id: 'changeStaffRoles',
            src: 'changeStaffRoles',
            input: ({ context }) => ({ id: context.target ?? '', roles: context.roles }),
            onDone: {
              target: '#opsStaff.loading',
              actions: {
                type: 'changed',
                params: ({ event }) => ({
                  notice: {
                    kind: 'rolesChanged',
                    email: event.output.member.email,
                    pending: event.output.pendingGrant !== null,
                  },
                }),
              },
            },
            onError: {
              target: 'editing',
              actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    deactivating: {
      description: 'Deactivating another member: a reason is required.',
      initial: 'editing',
      states: {
        editing: {
          description: "The reason is typed; 'Deactivate' once there is one.",
          on: {
            'form.cancel': { target: '#opsStaff.listed', actions: 'clearMessages' },
            'reason.change': {
              actions: { type: 'setReason', params: ({ event }) => ({ value: event.value }) },
            },
            'deactivate.submit': { guard: 'reasonGiven', target: 'sending', actions: 'clearForm' },
          },
        },
        sending: {
          description: 'The member is being deactivated.',
          invoke: {
            id: 'deactivateStaff',
            src: 'deactivateStaff',
            input: ({ context }) => ({ id: context.target ?? '', reason: context.reason.trim() }),
            onDone: {
              target: '#opsStaff.loading',
              actions: {
                type: 'changed',
                params: ({ event }) => ({
                  notice: { kind: 'deactivated', email: event.output.member.email },
                }),
              },
            },
            onError: {
              target: 'editing',
              actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    approving: {
      description: 'A waiting grant is being approved.',
      invoke: {
        id: 'approveRoleGrant',
        src: 'approveRoleGrant',
        input: ({ context }) => ({ id: context.target ?? '' }),
        onDone: {
          target: 'loading',
          actions: {
            type: 'changed',
            params: ({ event }) => ({
              notice: { kind: 'approved', email: event.output.member.email },
            }),
          },
        },
        onError: {
          target: 'listed',
          actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})

export type OpsStaffSnapshot = SnapshotFrom<typeof opsStaffMachine>

/** The open form, if any: which one, for whom, and whether it is being sent. */
function formOf(snapshot: OpsStaffSnapshot) {
  const { context } = snapshot
  const member = context.staff.find((m) => m.id === context.target) ?? null
  if (snapshot.matches('inviting'))
    return {
      kind: 'invite' as const,
      member: null,
      sending: snapshot.matches({ inviting: 'sending' }),
      ready: snapshot.can({ type: 'invite.submit' }),
    }
  if (snapshot.matches('changingRoles'))
    return {
      kind: 'roles' as const,
      member,
      sending: snapshot.matches({ changingRoles: 'saving' }),
      ready: snapshot.can({ type: 'roles.save' }),
    }
  if (snapshot.matches('deactivating'))
    return {
      kind: 'deactivate' as const,
      member,
      sending: snapshot.matches({ deactivating: 'sending' }),
      ready: snapshot.can({ type: 'deactivate.submit' }),
    }
  return null
}

/** What the staff page shows, read from the chart. */
export function selectOpsStaffView(snapshot: OpsStaffSnapshot) {
  const { context } = snapshot
  const listed = snapshot.matches('listed')
  return {
    phase: snapshot.matches('loadFailed')
      ? ('loadFailed' as const)
      : snapshot.matches('loading') && context.staff.length === 0
        ? ('loading' as const)
        : ('ready' as const),
    selfId: context.self.id,
    staff: context.staff,
    grants: context.grants,
    /** A change or a reload is under way, or a form is open: the list's buttons wait. */
    busy: !listed,
    canInvite: context.self.permissions.includes('staff:manage'),
    /** Whether this member's roles and activity may be changed by this person (never oneself). */
    manageable: (id: string) => mayManage(context, id),
    approvable: (id: string) => mayApprove(context, id),
    approving: snapshot.matches('approving') ? context.target : null,
    form: formOf(snapshot),
    email: context.email,
    roles: context.roles,
    reason: context.reason,
    notice: listed ? context.notice : null,
    failure: context.failure,
  }
}

export type OpsStaffView = ReturnType<typeof selectOpsStaffView>
