import { createFileRoute } from '@tanstack/react-router'
import { startVerification, VerifyEmailRoute } from '../../../-public/verify-email-route'

export const Route = createFileRoute('/pl/app/verify-email/$token')({
  loader: ({ params, context }) => ({
    verification: startVerification(context, params.token),
  }),
  shouldReload: false,
  staleTime: Infinity,
  component: VerifyEmail,
})

function VerifyEmail() {
  const { verification } = Route.useLoaderData()
  return <VerifyEmailRoute verification={verification} />
}
