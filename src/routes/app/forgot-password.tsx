import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordRoute } from '../-public/forgot-password-route'

export const Route = createFileRoute('/app/forgot-password')({
  component: ForgotPasswordRoute,
})
