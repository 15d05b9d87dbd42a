import { createFileRoute } from '@tanstack/react-router'
import { RegisterSuccessPage } from '../../../../ui/register-success-page'

export const Route = createFileRoute('/pl/app/register/success')({
  component: RegisterSuccessPage,
})
