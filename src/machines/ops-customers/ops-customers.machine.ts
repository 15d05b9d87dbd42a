import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { errorTypeOf } from '../../api/api-call'
import type { components } from '../../../openapi/main.gen'

export type CustomerSummary = components['schemas']['CustomerSummary']

/** The contract's shortest search: at least 3 characters of an address. */
export const MIN_SEARCH = 3

export interface OpsCustomersContext {
  query: string
  /** What the results are for (the query as it was sent). */
  searched: string | null
  customers: CustomerSummary[]
  failure: { errorType: string } | null
}

export type OpsCustomersEvent = { type: 'query.change'; value: string } | { type: 'search.submit' }

/**
 * Customer lookup (docs/product/screens.md#staff-console-customers): staff with customers:read find
 * customers by part of their e-mail address or name, or by their id; each one found links to their
 * page (/ops/customers/$customerId, its own chart). Every search is recorded in the audit trail by
 * the server.
 */
export const opsCustomersMachine = setup({
  types: {} as { context: OpsCustomersContext; events: OpsCustomersEvent },
  actors: {
    /** GET /api/ops/customers?q=…. */
    searchCustomers: fromPromise<CustomerSummary[], { query: string }>(() => {
      throw new Error('opsCustomers: the searchCustomers actor was not provided')
    }),
  },
  actions: {
    setQuery: assign((_, params: { value: string }) => ({ query: params.value })),
    startSearch: assign(({ context }) => ({ searched: context.query.trim(), failure: null })),
    adopt: assign((_, params: { customers: CustomerSummary[] }) => ({
      customers: params.customers,
    })),
    fail: assign((_, params: { error: unknown }) => ({
      failure: { errorType: errorTypeOf(params.error) },
    })),
  },
  guards: {
    longEnough: ({ context }) => context.query.trim().length >= MIN_SEARCH,
  },
}).createMachine({
  id: 'opsCustomers',
  description: 'Finding a customer by address, name or id',
  context: {
    query: '',
    searched: null,
    customers: [],
    failure: null,
  },
  initial: 'idle',
  states: {
    idle: {
      description:
        "The search field and the last results, each a link to the customer's page; 'Search' once 3 characters are typed.",
      on: {
        'query.change': {
          actions: { type: 'setQuery', params: ({ event }) => ({ value: event.value }) },
        },
        'search.submit': { guard: 'longEnough', target: 'searching', actions: 'startSearch' },
      },
    },
    searching: {
      description:
        'The customers whose address or name contains the query, or whose id it is, are being found.',
      invoke: {
        id: 'searchCustomers',
        src: 'searchCustomers',
        input: ({ context }) => ({ query: context.searched ?? '' }),
        onDone: {
          target: 'idle',
          actions: { type: 'adopt', params: ({ event }) => ({ customers: event.output }) },
        },
        onError: {
          target: 'idle',
          actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
        },
      },
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
    failure: snapshot.matches('idle') ? context.failure : null,
  }
}

export type OpsCustomersView = ReturnType<typeof selectOpsCustomersView>
