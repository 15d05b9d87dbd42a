import {
  assign,
  fromCallback,
  fromPromise,
  setup,
  type EventObject,
  type SnapshotFrom,
} from 'xstate'
import type { components } from '../../../openapi/main.gen'
import {
  requestFailureOf,
  type RequestChanged,
  type RequestFailure,
} from '../ops-request/request-desk'
import {
  defaultInboxFilters,
  inboxFilterProblems,
  inboxFiltersValid,
  inboxQuery,
  type InboxFilterField,
  type InboxFilters,
  type InboxQuery,
} from './inbox-filters'

export type DeskRequestSummary = components['schemas']['DeskRequestSummary']
export type DeskRequestPage = components['schemas']['DeskRequestPage']
export type DeskRequestDetails = components['schemas']['DeskRequestDetails']

export interface OpsRequestsInput {
  /** Who is working: "Assign to me" sends their id, and needs requests:assign. */
  self: { id: string; permissions: readonly string[] }
}

/** What the inbox says after "Assign to me" went through. */
export interface InboxNotice {
  kind: 'assigned'
  customerEmail: string
}

export interface OpsRequestsContext extends OpsRequestsInput {
  /** The filters as picked and typed. */
  draft: InboxFilters
  /** The filters the list shows. */
  applied: InboxFilters
  items: DeskRequestSummary[]
  /** The cursor of the page shown (null: the first page). */
  after: string | null
  /** The cursor of the page after it, if any. */
  next: string | null
  /** The page shown, counted from 1. */
  page: number
  /** Whether a page has been read at all (a re-read keeps the rows on screen). */
  loaded: boolean
  /** The row the keyboard works on, by index. */
  selected: number
  /** The request being assigned. */
  target: string | null
  notice: InboxNotice | null
  failure: RequestFailure | null
}

export type OpsRequestsEvent =
  | { type: 'filter.change'; field: InboxFilterField; value: string }
  | { type: 'filters.apply' }
  | { type: 'page.next' }
  | { type: 'page.first' }
  | { type: 'inbox.reload' }
  | { type: 'selection.move'; by: 1 | -1 }
  | { type: 'request.open'; id: string }
  | { type: 'request.assign'; id: string }
  | RequestChanged

export interface ListRequestsInput {
  query: InboxQuery
  after: string | null
}

export interface AssignInput {
  requestId: string
  version: number
  assigneeId: string
}

const FINAL: readonly string[] = ['completed', 'declined', 'expired', 'cancelled']

/** A row "Assign to me" is offered on: open, not this person's already, with requests:assign. */
export function mayAssign(context: OpsRequestsContext, id: string): boolean {
  const row = context.items.find((r) => r.id === id)
  return (
    context.self.permissions.includes('requests:assign') &&
    row !== undefined &&
    !FINAL.includes(row.state) &&
    row.assignee?.id !== context.self.id
  )
}

/**
 * The request desk's inbox (docs/product/requests.md#the-desk): requests filtered, searched and
 * sorted, one keyset page at a time ("Next page" follows `next`, "First page" goes back). The
 * keyboard moves a selection that opens a request (navigation is an action the route provides) or
 * assigns it to oneself. Every change to any request, told by `watchChanges`, re-reads the page.
 */
export const opsRequestsMachine = setup({
  types: {} as { context: OpsRequestsContext; events: OpsRequestsEvent; input: OpsRequestsInput },
  actors: {
    /** GET /api/ops/requests. */
    listRequests: fromPromise<DeskRequestPage, ListRequestsInput>(() => {
      throw new Error('opsRequests: the listRequests actor was not provided')
    }),
    /** POST /api/ops/requests/{requestId}/assignment. */
    assignRequest: fromPromise<DeskRequestDetails, AssignInput>(() => {
      throw new Error('opsRequests: the assignRequest actor was not provided')
    }),
    /** The desk's live changes: sends `request.changed` for every change to any request. */
    watchChanges: fromCallback<EventObject>(() => {
      throw new Error('opsRequests: the watchChanges actor was not provided')
    }),
  },
  actions: {
    setFilter: assign(({ context }, params: { field: InboxFilterField; value: string }) => ({
      draft: { ...context.draft, [params.field]: params.value },
    })),
    apply: assign(({ context }) => ({
      applied: context.draft,
      after: null,
      page: 1,
      selected: 0,
      notice: null,
      failure: null,
    })),
    nextPage: assign(({ context }) => ({
      after: context.next,
      page: context.page + 1,
      selected: 0,
      notice: null,
      failure: null,
    })),
    firstPage: assign({ after: null, page: 1, selected: 0, notice: null, failure: null }),
    adopt: assign(({ context }, params: { page: DeskRequestPage }) => ({
      items: params.page.items,
      next: params.page.next,
      loaded: true,
      selected: Math.max(0, Math.min(context.selected, params.page.items.length - 1)),
    })),
    move: assign(({ context }, params: { by: 1 | -1 }) => ({
      selected: Math.max(0, Math.min(context.selected + params.by, context.items.length - 1)),
    })),
    startAssigning: assign(({ context }, params: { id: string }) => ({
      target: params.id,
      selected: Math.max(
        0,
        context.items.findIndex((r) => r.id === params.id),
      ),
      notice: null,
      failure: null,
    })),
    assigned: assign((_, params: { details: DeskRequestDetails }) => ({
      target: null,
      notice: { kind: 'assigned' as const, customerEmail: params.details.summary.customerEmail },
    })),
    fail: assign((_, params: { error: unknown }) => ({
      target: null,
      failure: requestFailureOf(params.error),
    })),
    clearMessages: assign({ notice: null, failure: null }),
    /** Goes to the request's page (the route provides it). */
    openRequest: (_, _params: { id: string }) => {
      throw new Error('opsRequests: the openRequest action was not provided')
    },
  },
  guards: {
    filtersValid: ({ context }) => inboxFiltersValid(context.draft),
    hasNext: ({ context }) => context.next !== null,
    notFirst: ({ context }) => context.after !== null,
    isListed: ({ context }, params: { id: string }) =>
      context.items.some((r) => r.id === params.id),
    assignable: ({ context }, params: { id: string }) => mayAssign(context, params.id),
  },
}).createMachine({
  id: 'opsRequests',
  description: 'The request desk inbox: filters, pages, assign to me, live changes',
  context: ({ input }) => ({
    self: input.self,
    draft: defaultInboxFilters,
    applied: defaultInboxFilters,
    items: [],
    after: null,
    next: null,
    page: 1,
    loaded: false,
    selected: 0,
    target: null,
    notice: null,
    failure: null,
  }),
  // The whole time the inbox is open, changes to any request come in.
  invoke: { id: 'watchChanges', src: 'watchChanges' },
  on: {
    'filter.change': {
      actions: {
        type: 'setFilter',
        params: ({ event }) => ({ field: event.field, value: event.value }),
      },
    },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The page of requests is being read (the rows shown stay until it comes).',
      invoke: {
        id: 'listRequests',
        src: 'listRequests',
        input: ({ context }) => ({ query: inboxQuery(context.applied), after: context.after }),
        onDone: {
          target: 'listed',
          actions: { type: 'adopt', params: ({ event }) => ({ page: event.output }) },
        },
        onError: 'loadFailed',
      },
      on: {
        // Read again from now, so the page shows the change.
        'request.changed': { target: 'loading', reenter: true },
      },
    },
    loadFailed: {
      description: "The page could not be read: a message and 'Try again'.",
      on: { 'inbox.reload': { target: 'loading', actions: 'clearMessages' } },
    },
    listed: {
      description: 'The rows show; filters, pages, the keyboard and "Assign to me" are offered.',
      on: {
        'filters.apply': { guard: 'filtersValid', target: 'loading', actions: 'apply' },
        'page.next': { guard: 'hasNext', target: 'loading', actions: 'nextPage' },
        'page.first': { guard: 'notFirst', target: 'loading', actions: 'firstPage' },
        'inbox.reload': { target: 'loading', actions: 'clearMessages' },
        'request.changed': 'loading',
        'selection.move': {
          actions: { type: 'move', params: ({ event }) => ({ by: event.by }) },
        },
        'request.open': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          actions: { type: 'openRequest', params: ({ event }) => ({ id: event.id }) },
        },
        'request.assign': {
          guard: { type: 'assignable', params: ({ event }) => ({ id: event.id }) },
          target: 'assigning',
          actions: { type: 'startAssigning', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    assigning: {
      description: 'The request is being assigned to this person; the page is read again after.',
      invoke: {
        id: 'assignRequest',
        src: 'assignRequest',
        input: ({ context }) => {
          const row = context.items.find((r) => r.id === context.target)
          return {
            requestId: context.target ?? '',
            // The version the row shows: a request changed since is refused, not overwritten.
            version: row?.version ?? 0,
            assigneeId: context.self.id,
          }
        },
        onDone: {
          target: 'loading',
          actions: { type: 'assigned', params: ({ event }) => ({ details: event.output }) },
        },
        // Refused or stale: the row is read again either way, with the reason shown.
        onError: {
          target: 'loading',
          actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})

export type OpsRequestsSnapshot = SnapshotFrom<typeof opsRequestsMachine>

/** What the inbox shows, read from the chart. */
export function selectOpsRequestsView(snapshot: OpsRequestsSnapshot) {
  const { context } = snapshot
  const listed = snapshot.matches('listed')
  return {
    phase: snapshot.matches('loadFailed')
      ? ('loadFailed' as const)
      : !context.loaded
        ? ('loading' as const)
        : ('ready' as const),
    draft: context.draft,
    problems: inboxFilterProblems(context.draft),
    canApply: snapshot.can({ type: 'filters.apply' }),
    items: context.items,
    page: context.page,
    hasNext: context.next !== null,
    notFirst: context.after !== null,
    selected: context.selected,
    /** A read or an assignment is under way: the list's buttons wait. */
    busy: !listed,
    assigning: snapshot.matches('assigning') ? context.target : null,
    assignable: (id: string) => mayAssign(context, id),
    notice: listed ? context.notice : null,
    failure: context.failure,
  }
}

export type OpsRequestsView = ReturnType<typeof selectOpsRequestsView>
