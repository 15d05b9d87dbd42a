import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { components } from '../../../openapi/main.gen'
import { errorTypeOf } from '../../api/api-call'
import { detailOf } from '../../api/ops-call'

export type VerificationRequest = components['schemas']['VerificationRequest']
export type CustomerHold = components['schemas']['CustomerHold']
export type VerificationKind = components['schemas']['VerificationKind']

export interface CustomerActionsInput {
  customerId: string
  /** The staff member's permissions: customers:verify and customers:hold open the forms. */
  permissions: readonly string[]
}

/** What the last action did, for the confirmation line. */
export type CustomerActionDone = 'requested' | 'withdrawn' | 'placed' | 'lifted'
type Busy = 'request' | 'withdraw' | 'place' | 'lift'

export interface CustomerActionsContext extends CustomerActionsInput {
  kind: VerificationKind
  note: string
  reason: string
  done: CustomerActionDone | null
  /** The last refusal: which action, its errorType and the server's detail (409 says why). */
  failure: { action: Busy; errorType: string; detail: string | null } | null
}

export type CustomerActionsEvent =
  | { type: 'kind.change'; kind: VerificationKind }
  | { type: 'note.change'; value: string }
  | { type: 'reason.change'; value: string }
  | { type: 'verification.request' }
  | { type: 'verification.withdraw'; requestId: string }
  | { type: 'hold.place' }
  | { type: 'hold.lift' }

const filled = (text: string) => text.trim() !== ''

/**
 * The desk's actions on a customer (docs/product/staff.md#verification-requests,
 * docs/product/staff.md#customer-holds): with customers:verify, ask for KYC or KYB with a note for
 * the customer or withdraw an open request; with customers:hold, place or lift a hold with a
 * reason. One action at a time; each answer is confirmed or its refusal shown, and `changed` tells
 * the page to read the customer again.
 */
export const opsCustomerActionsMachine = setup({
  types: {} as {
    context: CustomerActionsContext
    events: CustomerActionsEvent
    input: CustomerActionsInput
  },
  actors: {
    /** POST /api/ops/customers/{customerId}/verification-requests. */
    requestVerification: fromPromise<
      VerificationRequest,
      { customerId: string; kind: VerificationKind; note: string }
    >(() => {
      throw new Error('opsCustomerActions: the requestVerification actor was not provided')
    }),
    /** POST /api/ops/customers/{customerId}/verification-requests/{id}/withdrawal. */
    withdrawVerificationRequest: fromPromise<
      VerificationRequest,
      { customerId: string; requestId: string }
    >(() => {
      throw new Error('opsCustomerActions: the withdrawVerificationRequest actor was not provided')
    }),
    /** POST /api/ops/customers/{customerId}/hold or …/hold/lifting. */
    changeHold: fromPromise<
      CustomerHold,
      { customerId: string; change: 'place' | 'lift'; reason: string }
    >(() => {
      throw new Error('opsCustomerActions: the changeHold actor was not provided')
    }),
  },
  actions: {
    setKind: assign((_, params: { kind: VerificationKind }) => ({ kind: params.kind })),
    setNote: assign((_, params: { value: string }) => ({ note: params.value, done: null })),
    setReason: assign((_, params: { value: string }) => ({ reason: params.value, done: null })),
    start: assign({ done: null, failure: null }),
    succeed: assign((_, params: { done: CustomerActionDone }) => ({
      done: params.done,
      ...(params.done === 'requested' ? { note: '' } : {}),
      ...(params.done === 'placed' || params.done === 'lifted' ? { reason: '' } : {}),
    })),
    fail: assign((_, params: { action: Busy; error: unknown }) => ({
      failure: {
        action: params.action,
        errorType: errorTypeOf(params.error),
        detail: detailOf(params.error),
      },
    })),
    /** The page reads the customer again (provided by the route). */
    changed: () => {},
  },
  guards: {
    mayVerify: ({ context }) => context.permissions.includes('customers:verify'),
    mayHold: ({ context }) => context.permissions.includes('customers:hold'),
    requestReady: ({ context }) =>
      context.permissions.includes('customers:verify') && filled(context.note),
    holdReady: ({ context }) =>
      context.permissions.includes('customers:hold') && filled(context.reason),
  },
}).createMachine({
  id: 'opsCustomerActions',
  description: 'Request verification, withdraw it, place or lift a hold',
  context: ({ input }) => ({
    ...input,
    kind: 'KYC',
    note: '',
    reason: '',
    done: null,
    failure: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The forms the permissions open; the last answer is shown.',
      on: {
        'kind.change': {
          guard: 'mayVerify',
          actions: { type: 'setKind', params: ({ event }) => ({ kind: event.kind }) },
        },
        'note.change': {
          guard: 'mayVerify',
          actions: { type: 'setNote', params: ({ event }) => ({ value: event.value }) },
        },
        'reason.change': {
          guard: 'mayHold',
          actions: { type: 'setReason', params: ({ event }) => ({ value: event.value }) },
        },
        'verification.request': { guard: 'requestReady', target: 'requesting', actions: 'start' },
        'verification.withdraw': {
          guard: 'mayVerify',
          target: 'withdrawing',
          actions: 'start',
        },
        'hold.place': { guard: 'holdReady', target: 'placing', actions: 'start' },
        'hold.lift': { guard: 'holdReady', target: 'lifting', actions: 'start' },
      },
    },
    requesting: {
      description: 'The verification request is being sent (the customer is e-mailed).',
      invoke: {
        id: 'requestVerification',
        src: 'requestVerification',
        input: ({ context }) => ({
          customerId: context.customerId,
          kind: context.kind,
          note: context.note.trim(),
        }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'succeed', params: { done: 'requested' } }, 'changed'],
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ action: 'request' as const, error: event.error }),
          },
        },
      },
    },
    withdrawing: {
      description: 'The open request is being withdrawn.',
      invoke: {
        id: 'withdrawVerificationRequest',
        src: 'withdrawVerificationRequest',
        input: ({ context, event }) => ({
          customerId: context.customerId,
          requestId: event.type === 'verification.withdraw' ? event.requestId : '',
        }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'succeed', params: { done: 'withdrawn' } }, 'changed'],
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ action: 'withdraw' as const, error: event.error }),
          },
        },
      },
    },
    placing: {
      description: 'The hold is being placed.',
      invoke: {
        id: 'placeHold',
        src: 'changeHold',
        input: ({ context }) => ({
          customerId: context.customerId,
          change: 'place' as const,
          reason: context.reason.trim(),
        }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'succeed', params: { done: 'placed' } }, 'changed'],
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ action: 'place' as const, error: event.error }),
          },
        },
      },
    },
    lifting: {
      description: 'The hold is being lifted.',
      invoke: {
        id: 'liftHold',
        src: 'changeHold',
        input: ({ context }) => ({
          customerId: context.customerId,
          change: 'lift' as const,
          reason: context.reason.trim(),
        }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'succeed', params: { done: 'lifted' } }, 'changed'],
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ action: 'lift' as const, error: event.error }),
          },
        },
      },
    },
  },
})

export type OpsCustomerActionsSnapshot = SnapshotFrom<typeof opsCustomerActionsMachine>

/** What the actions panel shows, read from the chart. */
export function selectCustomerActionsView(snapshot: OpsCustomerActionsSnapshot) {
  const { context } = snapshot
  return {
    canVerify: context.permissions.includes('customers:verify'),
    canHold: context.permissions.includes('customers:hold'),
    kind: context.kind,
    note: context.note,
    reason: context.reason,
    busy: !snapshot.matches('idle'),
    canRequest: snapshot.can({ type: 'verification.request' }),
    canChangeHold: snapshot.can({ type: 'hold.place' }),
    done: snapshot.matches('idle') ? context.done : null,
    failure: snapshot.matches('idle') ? context.failure : null,
  }
}

export type CustomerActionsView = ReturnType<typeof selectCustomerActionsView>
