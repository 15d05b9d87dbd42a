/**
 * The log-in page's route component (docs/product/screens.md#log-in-form), shared by its English
 * and Polish addresses (docs/product/languages.md); the view takes the language from its catalog.
 */
import { Navigate, redirect, rootRouteId, useRouteContext } from '@tanstack/react-router'
import { shallowEqual, useActorRef, useSelector } from '@xstate/react'
import { waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import { loginSubmit } from '../../machines/forms/forms.actors'
import { loginFormMachine, type LoginValues } from '../../machines/forms/login-form.machine'
import { createLoginActors } from '../../machines/login/login.actors'
import { codeMethodsOf, loginMachine, passkeyOffered } from '../../machines/login/login.machine'
import { LoginPage } from '../../ui/login-page'
import { PublicLoadingScreen } from '../../ui/public-loading-screen'
import { SecondFactorPage } from '../../ui/second-factor-page'
import { CHALLENGE_EXPIRED } from '../../ui/second-factor-texts'
import type { RouterContext } from '../../router-context'
import { formViewOf } from '../-form-view'
import { usePageAlive } from '../-page-alive'

/** Someone already logged in has nothing to do here. */
export async function loginBeforeLoad({ context }: { context: RouterContext }) {
  const settled = await waitFor(context.auth, (s) => !s.hasTag('pending'))
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router redirects by throwing
  if (settled.matches('signedIn')) throw redirect({ to: '/app' })
}

/** What the second step's view needs from the login chart (null outside that step). */
function secondFactorViewOf(s: SnapshotFrom<typeof loginMachine>) {
  if (!s.matches('secondFactor')) return null
  const { challenge, method, code, codeError, problem } = s.context
  return {
    method,
    code,
    codeError,
    problem,
    hasPasskey: passkeyOffered(challenge),
    canSwitch: codeMethodsOf(challenge).length === 2,
    askingPasskey: s.matches({ secondFactor: 'askingPasskey' }),
    verifying: s.matches({ secondFactor: 'verifying' }),
  }
}

/** The log-in form and its second step, at /app/login and /pl/app/login. */
export function LoginRoute() {
  const { auth, api, webauthn, inspect } = useRouteContext({ from: rootRouteId })
  const loggedIn = useSelector(auth, (s) => s.matches('signedIn'))
  const login = useActorRef(
    loginMachine.provide({
      actors: {
        passwordStep: loginFormMachine.provide({ actors: { submit: loginSubmit(api) } }),
        ...createLoginActors(api, webauthn),
      },
      // After either step the auth machine stores the tokens and goes to /app
      // (docs/product/flows.md#login-success).
      actions: {
        signIn: (_, tokens) => {
          auth.send({ type: 'auth.login', ...tokens })
        },
      },
    }),
    { inspect },
  )
  usePageAlive()
  const passwordForm = useSelector(login, (s) => s.children.passwordStep)
  const expired = useSelector(login, (s) => s.context.expired)
  const secondFactor = useSelector(login, secondFactorViewOf, shallowEqual)
  // Another tab logged in meanwhile.
  if (loggedIn) return <Navigate to="/app" />
  if (passwordForm)
    return <PasswordStep form={passwordForm} notice={expired ? CHALLENGE_EXPIRED : null} />
  if (!secondFactor) return <PublicLoadingScreen />
  return (
    <SecondFactorPage
      {...secondFactor}
      onCodeChange={(value) => {
        login.send({ type: 'code.change', value })
      }}
      onSubmit={() => {
        login.send({ type: 'code.submit' })
      }}
      onSwitchMethod={() => {
        login.send({ type: 'method.switch' })
      }}
      onUsePasskey={() => {
        login.send({ type: 'passkey.start' })
      }}
      onRestart={() => {
        login.send({ type: 'login.restart' })
      }}
    />
  )
}

function PasswordStep({
  form,
  notice,
}: {
  form: ActorRefFrom<typeof loginFormMachine>
  notice: string | null
}) {
  const view = useSelector(form, (s) => formViewOf<LoginValues>(s))
  return (
    <LoginPage
      {...view}
      notice={notice}
      onChange={(field, value) => {
        form.send({ type: 'field.change', field, value })
      }}
      onSubmit={() => {
        form.send({ type: 'form.submit' })
      }}
    />
  )
}
