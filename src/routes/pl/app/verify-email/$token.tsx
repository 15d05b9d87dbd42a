import { createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { createActor } from 'xstate'
import { createVerifyEmailActors } from '../../../../machines/verify-email/verify-email.actors'
import { verifyEmailMachine } from '../../../../machines/verify-email/verify-email.machine'
import { VerifyEmailPage, type VerifyEmailPageStatus } from '../../../../ui/verify-email-page'

export const Route = createFileRoute('/pl/app/verify-email/$token')({
  // The token is single-use: the actor starts here, once per visit, not in a React effect that
  // StrictMode (or a remount) would run twice.
  loader: ({ params, context }) => ({
    verification: createActor(
      verifyEmailMachine.provide({ actors: createVerifyEmailActors(context.api) }),
      { input: { token: params.token }, inspect: context.inspect },
    ).start(),
  }),
  shouldReload: false,
  staleTime: Infinity,
  component: VerifyEmailRoute,
})

function VerifyEmailRoute() {
  const { verification } = Route.useLoaderData()
  const status = useSelector(verification, (s): VerifyEmailPageStatus => {
    if (s.matches('confirmed')) return 'confirmed'
    if (s.matches('passwordToChoose')) return 'passwordToChoose'
    if (s.matches('failed')) return 'failed'
    return 'verifying'
  })
  return <VerifyEmailPage status={status} />
}
