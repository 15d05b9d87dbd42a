import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { errorTypeOf } from '../../api/api-call'
import type { components } from '../../../openapi/main.gen'

export type CustomerSummary = components['schemas']['CustomerSummary']
export type CustomerDetails = components['schemas']['CustomerDetails']

/** The contract's shortest search: at least 3 characters of an address. */
export const MIN_SEARCH = 3

export interface OpsCustomersContext {
  query: string
  /** What the results are for (the query as it was sent). */
  searched: string | null
  customers: CustomerSummary[]
  /** The customer being opened or shown. */
  target: string | null
  customer: CustomerDetails | null
  failure: { during: 'search' | 'open'; errorType: string } | null
}

export type OpsCustomersEvent =
  | { type: 'query.change'; value: string }
  | { type: 'search.submit' }
  | { type: 'customer.open'; id: string }
  | { type: 'customer.close' }

/**
 * Customer lookup (docs/product/screens.md#staff-console-customers): staff with customers:read find
 * customers by part of their e-mail address and open one to see their details. Every search and
 * every opened customer is recorded in the audit trail by the server.
 */
export const opsCustomersMachine = setup({
  types: {} as { context: OpsCustomersContext; events: OpsCustomersEvent },
  actors: {
    /** GET /api/ops/customers?email=…. */
    searchCustomers: fromPromise<CustomerSummary[], { email: string }>(() => {
      throw new Error('opsCustomers: the searchCustomers actor was not provided')
    }),
    /** GET /api/ops/customers/{customerId}. */
    getCustomer: fromPromise<CustomerDetails, { id: string }>(() => {
      throw new Error('opsCustomers: the getCustomer actor was not provided')
    }),
  },
  actions: {
    setQuery: assign((_, params: { value: string }) => ({ query: params.value })),
    startSearch: assign(({ context }) => ({ searched: context.query.trim(), failure: null })),
    adopt: assign((_, params: { customers: CustomerSummary[] }) => ({
      customers: params.customers,
    })),
    startOpening: assign((_, params: { id: string }) => ({
      target: params.id,
      customer: null,
      failure: null,
    })),
    show: assign((_, params: { customer: CustomerDetails }) => ({ customer: params.customer })),
    close: assign({ target: null, customer: null }),
    fail: assign((_, params: { during: 'search' | 'open'; error: unknown }) => ({
      failure: { during: params.during, errorType: errorTypeOf(params.error) },
    })),
  },
  guards: {
    longEnough: ({ context }) => context.query.trim().length >= MIN_SEARCH,
    isListed: ({ context }, params: { id: string }) =>
      context.customers.some((c) => c.id === params.id),
  },
}).createMachine({
  id: 'opsCustomers',
  description: 'Finding a customer by address and opening their details',
  context: {
    query: '',
    searched: null,
    customers: [],
    target: null,
    customer: null,
    failure: null,
  },
  initial: 'idle',
  states: {
    idle: {
      description: "The search field and the last results; 'Search' once 3 characters are typed.",
      on: {
        'query.change': {
          actions: { type: 'setQuery', params: ({ event }) => ({ value: event.value }) },
        },
        'search.submit': { guard: 'longEnough', target: 'searching', actions: 'startSearch' },
        'customer.open': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'opening',
          actions: { type: 'startOpening', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    searching: {
      description: 'The customers whose address contains the query are being found.',
      invoke: {
        id: 'searchCustomers',
        src: 'searchCustomers',
        input: ({ context }) => ({ email: context.searched ?? '' }),
        onDone: {
          target: 'idle',
          actions: { type: 'adopt', params: ({ event }) => ({ customers: event.output }) },
        },
        onError: {
          target: 'idle',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ during: 'search' as const, error: event.error }),
          },
        },
      },
    },
    opening: {
      description: "One customer's details are being read.",
      invoke: {
        id: 'getCustomer',
        src: 'getCustomer',
        input: ({ context }) => ({ id: context.target ?? '' }),
        onDone: {
          target: 'showing',
          actions: { type: 'show', params: ({ event }) => ({ customer: event.output }) },
        },
        onError: {
          target: 'idle',
          actions: [
            'close',
            {
              type: 'fail',
              params: ({ event }) => ({ during: 'open' as const, error: event.error }),
            },
          ],
        },
      },
    },
    showing: {
      description: "The customer's details, with 'Back to results'.",
      on: { 'customer.close': { target: 'idle', actions: 'close' } },
    },
  },
})

export type OpsCustomersSnapshot = SnapshotFrom<typeof opsCustomersMachine>

/** What the customers page shows, read from the chart. */
export function selectOpsCustomersView(snapshot: OpsCustomersSnapshot) {
  const { context } = snapshot
  return {
    query: context.query,
    canSearch: snapshot.can({ type: 'search.submit' }),
    searching: snapshot.matches('searching'),
    searched: context.searched,
    customers: context.customers,
    opening: snapshot.matches('opening') ? context.target : null,
    customer: snapshot.matches('showing') ? context.customer : null,
    busy: !snapshot.matches('idle') && !snapshot.matches('showing'),
    failure: snapshot.matches('idle') ? context.failure : null,
  }
}

export type OpsCustomersView = ReturnType<typeof selectOpsCustomersView>
