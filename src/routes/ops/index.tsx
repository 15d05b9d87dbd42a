import { createFileRoute } from '@tanstack/react-router'
import { OpsOverview } from '../../ui/ops/ops-console-page'
import { useStaffSelf } from './-console/staff-self'

export const Route = createFileRoute('/ops/')({
  component: OpsOverviewRoute,
})

/** The console's first page (docs/product/screens.md#staff-console). */
function OpsOverviewRoute() {
  const self = useStaffSelf()
  return <OpsOverview email={self.email} roles={self.roles} permissions={self.permissions} />
}
