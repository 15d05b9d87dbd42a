import { createFileRoute } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { createOpsAuditActors } from '../../machines/ops-audit/ops-audit.actors'
import { opsAuditMachine, selectOpsAuditView } from '../../machines/ops-audit/ops-audit.machine'
import { AuditPage } from '../../ui/ops/audit-page'
import { NotAllowedPage } from '../../ui/ops/ops-console-page'
import { saveTextFile } from '../../save-file'
import { useStaffSelf } from './-console/staff-self'

export const Route = createFileRoute('/ops/audit')({
  component: AuditRoute,
})

/** The audit trail (docs/product/screens.md#staff-console-audit-trail), with audit:read. */
function AuditRoute() {
  const self = useStaffSelf()
  if (!self.permissions.includes('audit:read')) return <NotAllowedPage />
  return <AuditTrail canExport={self.permissions.includes('audit:export')} />
}

function AuditTrail({ canExport }: { canExport: boolean }) {
  const { api, inspect } = Route.useRouteContext()
  const audit = useActorRef(
    opsAuditMachine.provide({
      actors: createOpsAuditActors(api),
      actions: {
        saveCsv: (_, params) => {
          saveTextFile(params.csv, params.fileName)
        },
      },
    }),
    { input: { canExport }, inspect },
  )
  const view = useSelector(audit, selectOpsAuditView)
  return (
    <AuditPage
      view={view}
      onFilterChange={(field, value) => {
        audit.send({ type: 'filter.change', field, value })
      }}
      onApply={() => {
        audit.send({ type: 'filters.apply' })
      }}
      onMore={() => {
        audit.send({ type: 'page.next' })
      }}
      onExport={() => {
        audit.send({ type: 'audit.export' })
      }}
      onReload={() => {
        audit.send({ type: 'audit.reload' })
      }}
    />
  )
}
