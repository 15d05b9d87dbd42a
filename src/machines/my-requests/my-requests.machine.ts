import {
  assign,
  fromCallback,
  fromPromise,
  setup,
  type EventObject,
  type SnapshotFrom,
} from 'xstate'
import { errorTypeOf } from '../../api/api-call'
import type { components } from '../../../openapi/main.gen'

export type ExchangeRequest = components['schemas']['ExchangeRequest']

/** A change to one of the customer's requests, as the live stream reports it. */
export interface RequestChanged {
  type: 'request.changed'
  requestId: string
  kind: string
}

export type MyRequestsEvent = { type: 'requests.reload' } | RequestChanged

export interface MyRequestsContext {
  /** Newest first, as the server lists them; null until the first read answered. */
  requests: ExchangeRequest[] | null
  /** Why the last read failed: its error type. */
  failure: string | null
}

function notProvided(name: string): never {
  throw new Error(`myRequests: the ${name} actor was not provided`)
}

/**
 * The customer's requests at /app/requests (issue 28 part 4): the list is read, and read again
 * whenever the live stream says one of them changed, so a new status or offer shows without a
 * reload. A failed read offers 'Try again'.
 */
export const myRequestsMachine = setup({
  types: {} as { context: MyRequestsContext; events: MyRequestsEvent },
  actors: {
    /** GET /api/exchange-request: newest first. */
    listRequests: fromPromise<ExchangeRequest[]>(() => notProvided('listRequests')),
    /** Sends `request.changed` for each change to the customer's requests until stopped. */
    watchChanges: fromCallback<EventObject>(() => notProvided('watchChanges')),
  },
  actions: {
    adopt: assign((_, params: { requests: ExchangeRequest[] }) => ({
      requests: params.requests,
      failure: null,
    })),
    fail: assign((_, params: { error: unknown }) => ({ failure: errorTypeOf(params.error) })),
  },
}).createMachine({
  id: 'myRequests',
  description: 'The customer’s requests: read, and read again when one changes',
  context: { requests: null, failure: null },
  // Live for as long as the page shows, whatever the list is doing.
  invoke: { id: 'watchChanges', src: 'watchChanges' },
  initial: 'loading',
  states: {
    loading: {
      description: 'The requests are being read; a list already shown stays.',
      invoke: {
        id: 'listRequests',
        src: 'listRequests',
        onDone: {
          target: 'listed',
          actions: { type: 'adopt', params: ({ event }) => ({ requests: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        // The read under way may have been answered before the change: start it again.
        'request.changed': { target: 'loading', reenter: true },
      },
    },
    listed: {
      description: 'The requests show, newest first, or the empty state when there are none.',
      on: { 'request.changed': 'loading' },
    },
    loadFailed: {
      description: "The requests could not be read: a message and 'Try again'.",
      on: { 'requests.reload': 'loading', 'request.changed': 'loading' },
    },
  },
})

export type MyRequestsMachine = typeof myRequestsMachine
export type MyRequestsSnapshot = SnapshotFrom<MyRequestsMachine>

/** What the requests page shows, read from the chart. */
export function selectMyRequestsView(snapshot: MyRequestsSnapshot) {
  const { requests } = snapshot.context
  const phase = snapshot.matches('loadFailed')
    ? ('loadFailed' as const)
    : requests === null
      ? ('loading' as const)
      : ('ready' as const)
  return { phase, requests: requests ?? [], failure: snapshot.context.failure }
}

export type MyRequestsView = ReturnType<typeof selectMyRequestsView>
