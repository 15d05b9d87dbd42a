import { createFileRoute } from '@tanstack/react-router'
import { RegisterRoute } from '../../-public/register-route'

export const Route = createFileRoute('/app/register/')({
  loader: ({ context }) => context.config.load(),
  component: Register,
})

function Register() {
  const { supportUrl } = Route.useLoaderData()
  return <RegisterRoute locale="en" supportUrl={supportUrl} />
}
