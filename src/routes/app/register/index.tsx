import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { registerSubmit } from '../../../machines/forms/forms.actors'
import {
  registerFormMachine,
  type RegisterValues,
} from '../../../machines/forms/register-form.machine'
import { RegisterPage } from '../../../ui/register-page'
import { formViewOf } from '../../-form-view'
import { usePageAlive } from '../../-page-alive'

export const Route = createFileRoute('/app/register/')({
  loader: ({ context }) => context.config.load(),
  component: RegisterRoute,
})

function RegisterRoute() {
  const { api, inspect } = Route.useRouteContext()
  const { supportUrl } = Route.useLoaderData()
  const navigate = useNavigate()
  const form = useActorRef(
    registerFormMachine.provide({
      actors: { submit: registerSubmit(api) },
      actions: { submitted: () => void navigate({ to: '/app/register/success' }) },
    }),
    { inspect },
  )
  usePageAlive()
  const view = useSelector(form, (s) => formViewOf<RegisterValues>(s))
  return (
    <RegisterPage
      {...view}
      supportUrl={supportUrl}
      onChange={(field, value) => {
        form.send({ type: 'field.change', field, value })
      }}
      onSubmit={() => {
        form.send({ type: 'form.submit' })
      }}
    />
  )
}
