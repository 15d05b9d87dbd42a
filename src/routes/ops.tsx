import { createFileRoute, Navigate, Outlet, redirect } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { waitFor } from 'xstate'
import { isLocale, sourceLocale } from '../../domain/locale'
import { createOpsConsoleActors } from '../machines/ops-console/ops-console.actors'
import {
  opsConsoleMachine,
  selectOpsConsoleView,
} from '../machines/ops-console/ops-console.machine'
import { OpsConsolePage } from '../ui/ops/ops-console-page'
import { hintedLocale, hintedLoginPath, rememberLanguage } from '../i18n/language-hint'
import { HintedLoadingScreen } from '../ui/hinted-loading-screen'
import { OpsLanguage, useRefusedLocale } from './ops/-console/ops-language'
import { StaffSelfContext } from './ops/-console/staff-self'

/**
 * The staff console (docs/product/screens.md#staff-console): signed in like the customer area
 * (/app/login otherwise); its code is loaded only here, in chunks of its own.
 */
export const Route = createFileRoute('/ops')({
  beforeLoad: async ({ context }) => {
    const settled = await waitFor(context.auth, (s) => !s.hasTag('pending'))
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router redirects by throwing
    if (!settled.matches('signedIn')) throw redirect({ to: hintedLoginPath() })
  },
  component: OpsLayout,
  pendingComponent: () => <HintedLoadingScreen />,
  pendingMs: 0,
  pendingMinMs: 0,
})

function OpsLayout() {
  const { auth, api, inspect } = Route.useRouteContext()
  const loggedIn = useSelector(auth, (s) => s.matches('signedIn'))
  const entry = useActorRef(opsConsoleMachine.provide({ actors: createOpsConsoleActors(api) }), {
    inspect,
  })
  const view = useSelector(entry, selectOpsConsoleView)
  // The staff member's language, once the console knows them (the browser's hint until then);
  // refused, the account's. Once known, it is what the browser remembers.
  const refusedLocale = useRefusedLocale(
    api,
    view.phase === 'secondFactorRequired' || view.phase === 'failed',
  )
  const known = view.self
    ? isLocale(view.self.locale)
      ? view.self.locale
      : sourceLocale
    : refusedLocale
  useEffect(() => {
    if (known) rememberLanguage(known)
  }, [known])
  const locale = known ?? hintedLocale()
  // Logged out while here: the logout intercept, or another tab logged out.
  if (!loggedIn) return <Navigate to={hintedLoginPath()} />
  return (
    <OpsLanguage locale={locale}>
      <OpsConsolePage
        view={view}
        onRetry={() => {
          entry.send({ type: 'console.retry' })
        }}
        onLogout={() => {
          auth.send({ type: 'auth.logout' })
        }}
      >
        <StaffSelfContext value={view.self}>
          <Outlet />
        </StaffSelfContext>
      </OpsConsolePage>
    </OpsLanguage>
  )
}
