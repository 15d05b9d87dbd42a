/**
 * The audit trail's path model, shared by the machine and UI tests: the samples of
 * src/flows/fixtures/ops-audit.ts, whether the typed filters may be applied and whether there
 * are older entries.
 */
import type { SnapshotFrom } from 'xstate'
import { filtersValid } from '../../src/machines/ops-audit/audit-filters'
import { opsAuditMachine } from '../../src/machines/ops-audit/ops-audit.machine'
import { auditInput, opsAuditEvents } from '../../src/flows/fixtures/ops-audit'
import { createPathModel } from '../support/model-paths'

type Snapshot = SnapshotFrom<typeof opsAuditMachine>

export function serializeOpsAudit(s: Snapshot): string {
  return JSON.stringify([s.value, filtersValid(s.context.draft), s.context.nextBefore !== null])
}

export function createOpsAuditPathModel() {
  return createPathModel(opsAuditMachine, {
    events: opsAuditEvents,
    serializeState: serializeOpsAudit,
    input: auditInput,
  })
}
