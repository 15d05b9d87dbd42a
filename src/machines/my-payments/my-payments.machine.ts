import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { errorTypeOf } from '../../api/api-call'
import type { components } from '../../../openapi/main.gen'

export type Payment = components['schemas']['Payment']

export type MyPaymentsEvent = { type: 'payments.reload' }

export interface MyPaymentsContext {
  /** Newest first, as the server lists them; null until the first read answered. */
  payments: Payment[] | null
  /** Why the last read failed: its error type. */
  failure: string | null
}

function notProvided(name: string): never {
  throw new Error(`myPayments: the ${name} actor was not provided`)
}

/**
 * The customer's card payments at /app/payments (docs/product/payments.md#what-the-customer-sees):
 * the list is read when the page opens and again on 'Refresh', so a customer who just paid can
 * see the outcome Paybis reported; a failed read offers 'Try again'.
 */
export const myPaymentsMachine = setup({
  types: {} as { context: MyPaymentsContext; events: MyPaymentsEvent },
  actors: {
    /** GET /api/payments: newest first. */
    listPayments: fromPromise<Payment[]>(() => notProvided('listPayments')),
  },
  actions: {
    adopt: assign((_, params: { payments: Payment[] }) => ({
      payments: params.payments,
      failure: null,
    })),
    fail: assign((_, params: { error: unknown }) => ({ failure: errorTypeOf(params.error) })),
  },
}).createMachine({
  id: 'myPayments',
  description: 'The customer’s card payments: read, and read again on request',
  context: { payments: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The payments are being read; a list already shown stays.',
      invoke: {
        id: 'listPayments',
        src: 'listPayments',
        onDone: {
          target: 'listed',
          actions: { type: 'adopt', params: ({ event }) => ({ payments: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    listed: {
      description:
        "The payments show, newest first, or the empty state; 'Refresh' reads them again.",
      on: { 'payments.reload': 'loading' },
    },
    loadFailed: {
      description: "The payments could not be read: a message and 'Try again'.",
      on: { 'payments.reload': 'loading' },
    },
  },
})

export type MyPaymentsMachine = typeof myPaymentsMachine
export type MyPaymentsSnapshot = SnapshotFrom<MyPaymentsMachine>

/** What the payments page shows, read from the chart. */
export function selectMyPaymentsView(snapshot: MyPaymentsSnapshot) {
  const { payments } = snapshot.context
  const phase = snapshot.matches('loadFailed')
    ? ('loadFailed' as const)
    : payments === null
      ? ('loading' as const)
      : ('ready' as const)
  return {
    phase,
    payments: payments ?? [],
    failure: snapshot.context.failure,
    refreshing: snapshot.matches('loading') && payments !== null,
  }
}

export type MyPaymentsView = ReturnType<typeof selectMyPaymentsView>
