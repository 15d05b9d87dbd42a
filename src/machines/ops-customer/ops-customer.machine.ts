import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { components } from '../../../openapi/main.gen'
import { errorTypeOf, statusOf } from '../../api/api-call'

export type CustomerPage = components['schemas']['CustomerPage']
export type CustomerNote = components['schemas']['CustomerNote']

export interface OpsCustomerInput {
  customerId: string
  /** The signed-in staff member's permissions: customers:note offers the note form. */
  permissions: readonly string[]
}

export interface OpsCustomerContext extends OpsCustomerInput {
  page: CustomerPage | null
  /** The note being typed. */
  note: string
  /** The last note went in (shown until the next one is typed). */
  noted: boolean
  failure: { during: 'load' | 'note'; errorType: string; status: number | null } | null
}

export type OpsCustomerEvent =
  { type: 'page.reload' } | { type: 'note.change'; value: string } | { type: 'note.submit' }

/**
 * A customer's page on the desk (docs/product/staff.md#the-customer-page): the page is read once
 * per view (the server records that read in the audit trail), and those with customers:note add
 * internal notes to it without reading it again.
 */
export const opsCustomerMachine = setup({
  types: {} as {
    context: OpsCustomerContext
    events: OpsCustomerEvent
    input: OpsCustomerInput
  },
  actors: {
    /** GET /api/ops/customers/{customerId}. */
    getCustomer: fromPromise<CustomerPage, { customerId: string }>(() => {
      throw new Error('opsCustomer: the getCustomer actor was not provided')
    }),
    /** POST /api/ops/customers/{customerId}/notes. */
    addCustomerNote: fromPromise<CustomerNote, { customerId: string; text: string }>(() => {
      throw new Error('opsCustomer: the addCustomerNote actor was not provided')
    }),
  },
  actions: {
    show: assign((_, params: { page: CustomerPage }) => ({ page: params.page, failure: null })),
    setNote: assign((_, params: { value: string }) => ({ note: params.value, noted: false })),
    startNote: assign({ failure: null, noted: false }),
    addNote: assign(({ context }, params: { note: CustomerNote }) => ({
      page: context.page ? { ...context.page, notes: [params.note, ...context.page.notes] } : null,
      note: '',
      noted: true,
    })),
    fail: assign((_, params: { during: 'load' | 'note'; error: unknown }) => ({
      failure: {
        during: params.during,
        errorType: errorTypeOf(params.error),
        status: statusOf(params.error),
      },
    })),
  },
  guards: {
    mayNote: ({ context }) => context.permissions.includes('customers:note'),
    noteReady: ({ context }) =>
      context.permissions.includes('customers:note') && context.note.trim() !== '',
  },
}).createMachine({
  id: 'opsCustomer',
  description: "One customer's page: profile, verification, requests, payments, sessions, notes",
  context: ({ input }) => ({
    ...input,
    page: null,
    note: '',
    noted: false,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: "The customer's page is being read (one read of personal data in the trail).",
      invoke: {
        id: 'getCustomer',
        src: 'getCustomer',
        input: ({ context }) => ({ customerId: context.customerId }),
        onDone: {
          target: 'ready',
          actions: { type: 'show', params: ({ event }) => ({ page: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ during: 'load' as const, error: event.error }),
          },
        },
      },
    },
    failed: {
      description: "The page could not be read; 'Try again'.",
      on: { 'page.reload': 'loading' },
    },
    ready: {
      description: 'The page is shown.',
      initial: 'idle',
      states: {
        idle: {
          description: "Reading; with customers:note, the note field and 'Add note'.",
          on: {
            'note.change': {
              guard: 'mayNote',
              actions: { type: 'setNote', params: ({ event }) => ({ value: event.value }) },
            },
            'note.submit': { guard: 'noteReady', target: 'saving', actions: 'startNote' },
          },
        },
        saving: {
          description: 'The note is being added.',
          invoke: {
            id: 'addCustomerNote',
            src: 'addCustomerNote',
            input: ({ context }) => ({ customerId: context.customerId, text: context.note.trim() }),
            onDone: {
              target: 'idle',
              actions: { type: 'addNote', params: ({ event }) => ({ note: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'fail',
                params: ({ event }) => ({ during: 'note' as const, error: event.error }),
              },
            },
          },
        },
      },
    },
  },
})

export type OpsCustomerSnapshot = SnapshotFrom<typeof opsCustomerMachine>

/** What the customer's page shows, read from the chart. */
export function selectOpsCustomerView(snapshot: OpsCustomerSnapshot) {
  const { context } = snapshot
  return {
    loading: snapshot.matches('loading'),
    page: context.page,
    loadFailed: snapshot.matches('failed') ? context.failure : null,
    canNote: context.permissions.includes('customers:note'),
    note: context.note,
    canSubmitNote: snapshot.can({ type: 'note.submit' }),
    saving: snapshot.matches({ ready: 'saving' }),
    noted: context.noted,
    noteFailure:
      snapshot.matches({ ready: 'idle' }) && context.failure?.during === 'note'
        ? context.failure
        : null,
  }
}

export type OpsCustomerView = ReturnType<typeof selectOpsCustomerView>
