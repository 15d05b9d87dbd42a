import { createFileRoute } from '@tanstack/react-router'
import { SetNewPasswordSuccessPage } from '../../../../ui/set-new-password-page'

export const Route = createFileRoute('/pl/app/set-new-password/success')({
  component: SetNewPasswordSuccessPage,
})
