import { createFileRoute } from '@tanstack/react-router'
import { VerificationPage } from '../../../ui/account-pages'

export const Route = createFileRoute('/app/_authenticated/verification')({
  component: VerificationPage,
})
