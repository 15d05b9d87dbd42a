import { createFileRoute } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { createOpsStaffActors } from '../../machines/ops-staff/ops-staff.actors'
import { opsStaffMachine, selectOpsStaffView } from '../../machines/ops-staff/ops-staff.machine'
import { NotAllowedPage } from '../../ui/ops/ops-console-page'
import { StaffPage } from '../../ui/ops/staff-page'
import { useStaffSelf } from './-console/staff-self'

export const Route = createFileRoute('/ops/staff')({
  component: StaffRoute,
})

/** Staff management (docs/product/screens.md#staff-console-staff), with staff:read. */
function StaffRoute() {
  const self = useStaffSelf()
  if (!self.permissions.includes('staff:read')) return <NotAllowedPage />
  return <StaffManagement self={self} />
}

function StaffManagement({ self }: { self: ReturnType<typeof useStaffSelf> }) {
  const { api, inspect } = Route.useRouteContext()
  const staff = useActorRef(opsStaffMachine.provide({ actors: createOpsStaffActors(api) }), {
    input: { self },
    inspect,
  })
  const view = useSelector(staff, selectOpsStaffView)
  return (
    <StaffPage
      view={view}
      onReload={() => {
        staff.send({ type: 'staff.reload' })
      }}
      onInvite={() => {
        staff.send({ type: 'invite.open' })
      }}
      onEmailChange={(value) => {
        staff.send({ type: 'email.change', value })
      }}
      onRoleToggle={(role) => {
        staff.send({ type: 'role.toggle', role })
      }}
      onInviteSubmit={() => {
        staff.send({ type: 'invite.submit' })
      }}
      onEditRoles={(id) => {
        staff.send({ type: 'roles.edit', id })
      }}
      onRolesSave={() => {
        staff.send({ type: 'roles.save' })
      }}
      onDeactivate={(id) => {
        staff.send({ type: 'deactivate.open', id })
      }}
      onReasonChange={(value) => {
        staff.send({ type: 'reason.change', value })
      }}
      onDeactivateSubmit={() => {
        staff.send({ type: 'deactivate.submit' })
      }}
      onApprove={(id) => {
        staff.send({ type: 'grant.approve', id })
      }}
      onCancel={() => {
        staff.send({ type: 'form.cancel' })
      }}
    />
  )
}
