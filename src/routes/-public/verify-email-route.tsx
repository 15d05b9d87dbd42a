/**
 * /app/verify-email/$token and its Polish twin (docs/product/languages.md): the same chart and
 * view, the view in the address's language.
 */
import { useSelector } from '@xstate/react'
import { createActor, type ActorRefFrom } from 'xstate'
import { createVerifyEmailActors } from '../../machines/verify-email/verify-email.actors'
import { verifyEmailMachine } from '../../machines/verify-email/verify-email.machine'
import type { RouterContext } from '../../router-context'
import { VerifyEmailPage, type VerifyEmailPageStatus } from '../../ui/verify-email-page'

/**
 * The token is single-use: the actor starts in the route's loader, once per visit, not in a React
 * effect that StrictMode (or a remount) would run twice.
 */
export function startVerification(context: RouterContext, token: string) {
  return createActor(verifyEmailMachine.provide({ actors: createVerifyEmailActors(context.api) }), {
    input: { token },
    inspect: context.inspect,
  }).start()
}

export function VerifyEmailRoute({
  verification,
}: {
  verification: ActorRefFrom<typeof verifyEmailMachine>
}) {
  const status = useSelector(verification, (s): VerifyEmailPageStatus => {
    if (s.matches('confirmed')) return 'confirmed'
    if (s.matches('passwordToChoose')) return 'passwordToChoose'
    if (s.matches('failed')) return 'failed'
    return 'verifying'
  })
  return <VerifyEmailPage status={status} />
}
