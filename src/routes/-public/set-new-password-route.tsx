import { rootRouteId, useNavigate, useRouteContext } from '@tanstack/react-router'
import type { Locale } from '../../../domain/locale'
import { localePath } from '../../i18n/public-paths'
import { useActorRef, useSelector } from '@xstate/react'
import { newPasswordSubmit } from '../../machines/forms/forms.actors'
import {
  newPasswordFormMachine,
  type NewPasswordValues,
} from '../../machines/forms/new-password-form.machine'
import { SetNewPasswordPage } from '../../ui/set-new-password-page'
import { formViewOf } from '../-form-view'

/** The set-new-password screen at /app/set-new-password/$token and under /pl. */
export function SetNewPasswordRoute({ token, locale }: { token: string; locale: Locale }) {
  const { api, inspect } = useRouteContext({ from: rootRouteId })
  const navigate = useNavigate()
  const form = useActorRef(
    newPasswordFormMachine.provide({
      actors: { submit: newPasswordSubmit(api, token) },
      actions: {
        submitted: () => void navigate({ to: localePath('/app/set-new-password/success', locale) }),
      },
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
