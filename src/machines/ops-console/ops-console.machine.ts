import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { errorTypeOf } from '../../api/api-call'
import type { components } from '../../../openapi/main.gen'

export type StaffSelf = components['schemas']['StaffSelf']

export interface OpsConsoleContext {
  self: StaffSelf | null
  /** Why the console could not open: the refusal's errorType. */
  failure: string | null
}

export type OpsConsoleEvent = { type: 'console.retry' }

/**
 * Entering the staff console (docs/product/screens.md#staff-console): the console asks who the
 * staff member is and shows their address, roles and what their permissions open. A staff member
 * without a passkey or authenticator app is sent to enrol one first; a refusal or a failure says
 * so, with 'Try again'.
 */
export const opsConsoleMachine = setup({
  types: {} as { context: OpsConsoleContext; events: OpsConsoleEvent },
  actors: {
    /** GET /api/ops/me. */
    getStaffSelf: fromPromise<StaffSelf>(() => {
      throw new Error('opsConsole: the getStaffSelf actor was not provided')
    }),
  },
  actions: {
    adopt: assign((_, params: { self: StaffSelf }) => ({ self: params.self, failure: null })),
    fail: assign((_, params: { error: unknown }) => ({ failure: errorTypeOf(params.error) })),
  },
  guards: {
    needsSecondFactor: (_, params: { error: unknown }) =>
      errorTypeOf(params.error) === 'SECOND_FACTOR_REQUIRED',
  },
}).createMachine({
  id: 'opsConsole',
  description: 'Who the staff member is, before the console opens',
  context: { self: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The staff member is being read.',
      invoke: {
        id: 'getStaffSelf',
        src: 'getStaffSelf',
        onDone: {
          target: 'ready',
          actions: { type: 'adopt', params: ({ event }) => ({ self: event.output }) },
        },
        onError: [
          {
            guard: { type: 'needsSecondFactor', params: ({ event }) => ({ error: event.error }) },
            target: 'secondFactorRequired',
          },
          {
            target: 'failed',
            actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    ready: {
      description: 'The console shows the address, the roles and what they open.',
    },
    secondFactorRequired: {
      description:
        "Staff need a passkey or an authenticator app: a link to set one up, 'Try again'.",
      on: { 'console.retry': 'loading' },
    },
    failed: {
      description: "Refused or not read: a message and 'Try again'.",
      on: { 'console.retry': 'loading' },
    },
  },
})

export type OpsConsoleSnapshot = SnapshotFrom<typeof opsConsoleMachine>

/** What the console's frame shows, read from the chart. */
export function selectOpsConsoleView(snapshot: OpsConsoleSnapshot) {
  return {
    phase: snapshot.matches('ready')
      ? ('ready' as const)
      : snapshot.matches('secondFactorRequired')
        ? ('secondFactorRequired' as const)
        : snapshot.matches('failed')
          ? ('failed' as const)
          : ('loading' as const),
    self: snapshot.context.self,
    failure: snapshot.context.failure,
  }
}

export type OpsConsoleView = ReturnType<typeof selectOpsConsoleView>
