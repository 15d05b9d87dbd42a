import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { errorTypeOf } from '../../api/api-call'
import type { components } from '../../../openapi/main.gen'
import {
  auditQuery,
  filterProblems,
  filtersValid,
  noFilters,
  type AuditFilterField,
  type AuditFilters,
  type AuditQuery,
} from './audit-filters'

export type AuditEntry = components['schemas']['AuditEntry']
export type AuditPage = components['schemas']['AuditPage']

export interface OpsAuditInput {
  /** audit:export: the export button is offered. */
  canExport: boolean
}

export interface OpsAuditContext extends OpsAuditInput {
  /** The filters as typed. */
  draft: AuditFilters
  /** The filters the list (and an export) shows. */
  applied: AuditFilters
  entries: AuditEntry[]
  nextBefore: string | null
  /** Why the last page or export failed: its errorType. */
  failure: { during: 'more' | 'export'; errorType: string } | null
  exported: boolean
}

export type OpsAuditEvent =
  | { type: 'filter.change'; field: AuditFilterField; value: string }
  | { type: 'filters.apply' }
  | { type: 'page.next' }
  | { type: 'audit.export' }
  | { type: 'audit.reload' }

/** The name the export is saved under. */
export const AUDIT_EXPORT_FILE = 'audit-trail.csv'

/**
 * The audit trail (docs/product/screens.md#staff-console-audit-trail): newest first, filtered by
 * person, customer, action and days, a page at a time ('Older entries' follows `nextBefore`). With
 * audit:export the filtered view is downloaded as CSV; saving the file is an action the page
 * provides.
 */
export const opsAuditMachine = setup({
  types: {} as { context: OpsAuditContext; events: OpsAuditEvent; input: OpsAuditInput },
  actors: {
    /** GET /api/ops/audit. */
    listAuditTrail: fromPromise<AuditPage, { query: AuditQuery; before: string | null }>(() => {
      throw new Error('opsAudit: the listAuditTrail actor was not provided')
    }),
    /** GET /api/ops/audit/export: the CSV text. */
    exportAuditTrail: fromPromise<string, { query: AuditQuery }>(() => {
      throw new Error('opsAudit: the exportAuditTrail actor was not provided')
    }),
  },
  actions: {
    setFilter: assign(({ context }, params: { field: AuditFilterField; value: string }) => ({
      draft: { ...context.draft, [params.field]: params.value },
    })),
    apply: assign(({ context }) => ({
      applied: context.draft,
      entries: [],
      nextBefore: null,
      failure: null,
      exported: false,
    })),
    adopt: assign((_, params: { page: AuditPage }) => ({
      entries: params.page.entries,
      nextBefore: params.page.nextBefore,
    })),
    append: assign(({ context }, params: { page: AuditPage }) => ({
      entries: [...context.entries, ...params.page.entries],
      nextBefore: params.page.nextBefore,
    })),
    clearMessages: assign({ failure: null, exported: false }),
    exported: assign({ exported: true }),
    fail: assign((_, params: { during: 'more' | 'export'; error: unknown }) => ({
      failure: { during: params.during, errorType: errorTypeOf(params.error) },
    })),
    /** Hands the CSV to the browser as a download (the page provides it). */
    saveCsv: (_, _params: { csv: string; fileName: string }) => {
      throw new Error('opsAudit: the saveCsv action was not provided')
    },
  },
  guards: {
    filtersValid: ({ context }) => filtersValid(context.draft),
    hasMore: ({ context }) => context.nextBefore !== null,
    canExport: ({ context }) => context.canExport,
  },
}).createMachine({
  id: 'opsAudit',
  description: 'The audit trail: filters, pages, the CSV export',
  context: ({ input }) => ({
    canExport: input.canExport,
    draft: noFilters,
    applied: noFilters,
    entries: [],
    nextBefore: null,
    failure: null,
    exported: false,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The newest entries matching the filters are being read.',
      invoke: {
        id: 'listAuditTrail',
        src: 'listAuditTrail',
        input: ({ context }) => ({ query: auditQuery(context.applied), before: null }),
        onDone: {
          target: 'listed',
          actions: { type: 'adopt', params: ({ event }) => ({ page: event.output }) },
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: "The trail could not be read: a message and 'Try again'.",
      on: { 'audit.reload': { target: 'loading', actions: 'clearMessages' } },
    },
    listed: {
      description:
        "The entries show; filters can change, 'Older entries' and 'Export CSV' offered.",
      on: {
        'filter.change': {
          actions: {
            type: 'setFilter',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'filters.apply': { guard: 'filtersValid', target: 'loading', actions: 'apply' },
        'page.next': { guard: 'hasMore', target: 'loadingMore', actions: 'clearMessages' },
        'audit.export': { guard: 'canExport', target: 'exporting', actions: 'clearMessages' },
      },
    },
    loadingMore: {
      description: 'The next older page is being read.',
      invoke: {
        id: 'listAuditTrail',
        src: 'listAuditTrail',
        input: ({ context }) => ({
          query: auditQuery(context.applied),
          before: context.nextBefore,
        }),
        onDone: {
          target: 'listed',
          actions: { type: 'append', params: ({ event }) => ({ page: event.output }) },
        },
        onError: {
          target: 'listed',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ during: 'more' as const, error: event.error }),
          },
        },
      },
    },
    exporting: {
      description: 'The filtered trail is being exported as CSV.',
      invoke: {
        id: 'exportAuditTrail',
        src: 'exportAuditTrail',
        input: ({ context }) => ({ query: auditQuery(context.applied) }),
        onDone: {
          target: 'listed',
          actions: [
            {
              type: 'saveCsv',
              params: ({ event }) => ({ csv: event.output, fileName: AUDIT_EXPORT_FILE }),
            },
            'exported',
          ],
        },
        onError: {
          target: 'listed',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ during: 'export' as const, error: event.error }),
          },
        },
      },
    },
  },
})

export type OpsAuditSnapshot = SnapshotFrom<typeof opsAuditMachine>

/** What the audit page shows, read from the chart. */
export function selectOpsAuditView(snapshot: OpsAuditSnapshot) {
  const { context } = snapshot
  return {
    phase: snapshot.matches('loadFailed')
      ? ('loadFailed' as const)
      : snapshot.matches('loading')
        ? ('loading' as const)
        : ('ready' as const),
    draft: context.draft,
    problems: filterProblems(context.draft),
    entries: context.entries,
    canApply: snapshot.can({ type: 'filters.apply' }),
    hasMore: context.nextBefore !== null,
    loadingMore: snapshot.matches('loadingMore'),
    canExport: context.canExport,
    exporting: snapshot.matches('exporting'),
    busy: !snapshot.matches('listed'),
    failure: snapshot.matches('listed') ? context.failure : null,
    exported: snapshot.matches('listed') && context.exported,
  }
}

export type OpsAuditView = ReturnType<typeof selectOpsAuditView>
