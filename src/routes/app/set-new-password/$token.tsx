import { createFileRoute } from '@tanstack/react-router'
import { SetNewPasswordRoute } from '../../-public/set-new-password-route'

export const Route = createFileRoute('/app/set-new-password/$token')({
  component: SetNewPassword,
})

function SetNewPassword() {
  const { token } = Route.useParams()
  return <SetNewPasswordRoute token={token} locale="en" />
}
