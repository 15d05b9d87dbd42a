import type { MainClient } from '../../api/main-client'
import { callOps } from '../../api/ops-call'
import { fromAbortablePromise } from '../abortable-promise'
import type { AuditQuery } from './audit-filters'
import type { AuditPage } from './ops-audit.machine'

/** The audit trail's server calls; the export is read as text (text/csv). */
export function createOpsAuditActors(api: MainClient) {
  return {
    listAuditTrail: fromAbortablePromise<AuditPage, { query: AuditQuery; before: string | null }>(
      ({ input, signal }) =>
        callOps(
          api.GET('/api/ops/audit', {
            params: {
              query: { ...input.query, ...(input.before !== null ? { before: input.before } : {}) },
            },
            signal,
          }),
        ),
    ),
    exportAuditTrail: fromAbortablePromise<string, { query: AuditQuery }>(({ input, signal }) =>
      callOps(
        api.GET('/api/ops/audit/export', {
          params: { query: input.query },
          parseAs: 'text',
          signal,
        }),
      ),
    ),
  }
}
