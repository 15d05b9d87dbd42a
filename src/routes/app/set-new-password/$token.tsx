import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { newPasswordSubmit } from '../../../machines/forms/forms.actors'
import {
  newPasswordFormMachine,
  type NewPasswordValues,
} from '../../../machines/forms/new-password-form.machine'
import { SetNewPasswordPage } from '../../../ui/set-new-password-page'
import { formViewOf } from '../../-form-view'

export const Route = createFileRoute('/app/set-new-password/$token')({
  component: SetNewPasswordRoute,
})

function SetNewPasswordRoute() {
  const { token } = Route.useParams()
  const { api, inspect } = Route.useRouteContext()
  const navigate = useNavigate()
  const form = useActorRef(
    newPasswordFormMachine.provide({
      actors: { submit: newPasswordSubmit(api, token) },
      actions: { submitted: () => void navigate({ to: '/app/set-new-password/success' }) },
    }),
    { inspect },
  )
  const view = useSelector(form, (s) => formViewOf<NewPasswordValues>(s))
  return (
    <SetNewPasswordPage
      {...view}
      onChange={(field, value) => {
        form.send({ type: 'field.change', field, value })
      }}
      onSubmit={() => {
        form.send({ type: 'form.submit' })
      }}
    />
  )
}
