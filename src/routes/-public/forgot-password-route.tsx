/** The forgot-password page's route component, shared by its English and Polish addresses. */
import { rootRouteId, useRouteContext } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import {
  forgotPasswordFormMachine,
  type ForgotPasswordValues,
} from '../../machines/forms/forgot-password-form.machine'
import { forgotPasswordSubmit } from '../../machines/forms/forms.actors'
import {
  formatCountdown,
  resetCountdownMachine,
} from '../../machines/reset-countdown/reset-countdown.machine'
import { CheckEmailPage, ForgotPasswordPage } from '../../ui/forgot-password-page'
import { formViewOf } from '../-form-view'
import { usePageAlive } from '../-page-alive'

/** The forgot-password screen, at /app/forgot-password and /pl/app/forgot-password. */
export function ForgotPasswordRoute() {
  const { api, inspect } = useRouteContext({ from: rootRouteId })
  const countdown = useActorRef(
    resetCountdownMachine.provide({
      actors: {
        requestLink: forgotPasswordFormMachine.provide({
          actors: { submit: forgotPasswordSubmit(api) },
        }),
      },
    }),
    { inspect },
  )
  usePageAlive()
  const form = useSelector(countdown, (s) => s.children.requestLink)
  const remaining = useSelector(countdown, (s) => formatCountdown(s.context.remaining))
  const canResend = useSelector(countdown, (s) => s.can({ type: 'countdown.restart' }))
  if (form) return <RequestLinkForm form={form} />
  return (
    <CheckEmailPage
      remaining={remaining}
      canResend={canResend}
      onResend={() => {
        countdown.send({ type: 'countdown.restart' })
      }}
    />
  )
}

function RequestLinkForm({ form }: { form: ActorRefFrom<typeof forgotPasswordFormMachine> }) {
  const view = useSelector(form, (s) => formViewOf<ForgotPasswordValues>(s))
  return (
    <ForgotPasswordPage
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
