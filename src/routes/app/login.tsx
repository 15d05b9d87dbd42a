import { createFileRoute, Navigate, redirect } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { waitFor } from 'xstate'
import { loginSubmit } from '../../machines/forms/forms.actors'
import { loginFormMachine, type LoginValues } from '../../machines/forms/login-form.machine'
import { LoadingScreen } from '../../ui/loading-screen'
import { LoginPage } from '../../ui/login-page'
import { formViewOf } from '../-form-view'

export const Route = createFileRoute('/app/login')({
  // Someone already logged in has nothing to do here.
  beforeLoad: async ({ context }) => {
    const settled = await waitFor(context.auth, (s) => !s.hasTag('pending'))
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router redirects by throwing
    if (settled.matches('signedIn')) throw redirect({ to: '/app' })
  },
  component: LoginRoute,
  // Spec §2: while authentication is in progress, 'Loading...' shows at once.
  pendingComponent: () => <LoadingScreen />,
  pendingMs: 0,
  pendingMinMs: 0,
})

function LoginRoute() {
  const { auth, api, inspect } = Route.useRouteContext()
  const loggedIn = useSelector(auth, (s) => s.matches('signedIn'))
  const form = useActorRef(
    loginFormMachine.provide({
      actors: { submit: loginSubmit(api) },
      // The auth machine stores the tokens and goes to /app (spec §4).
      actions: {
        submitted: (_, { output }) => {
          auth.send({ type: 'auth.login', ...output })
        },
      },
    }),
    { inspect },
  )
  const view = useSelector(form, (s) => formViewOf<LoginValues>(s))
  // Another tab logged in meanwhile.
  if (loggedIn) return <Navigate to="/app" />
  return (
    <LoginPage
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
