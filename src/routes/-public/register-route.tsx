import { rootRouteId, useNavigate, useRouteContext } from '@tanstack/react-router'
import type { Locale } from '../../../domain/locale'
import { localePath } from '../../i18n/public-paths'
import { useActorRef, useSelector } from '@xstate/react'
import { registerSubmit } from '../../machines/forms/forms.actors'
import {
  registerFormMachine,
  type RegisterValues,
} from '../../machines/forms/register-form.machine'
import { RegisterPage } from '../../ui/register-page'
import { formViewOf } from '../-form-view'
import { usePageAlive } from '../-page-alive'

/**
 * The sign-up form at /app/register and /pl/app/register: a registration from the Polish page
 * asks for a Polish account (`locale`, docs/product/languages.md), and success stays in the
 * page's language.
 */
export function RegisterRoute({
  locale,
  supportUrl,
}: {
  locale: Locale
  supportUrl: string | null
}) {
  const { api, inspect } = useRouteContext({ from: rootRouteId })
  const navigate = useNavigate()
  const form = useActorRef(
    registerFormMachine.provide({
      actors: { submit: registerSubmit(api, locale) },
      actions: {
        submitted: () => void navigate({ to: localePath('/app/register/success', locale) }),
      },
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
