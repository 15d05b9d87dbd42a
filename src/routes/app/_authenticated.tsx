import { createFileRoute, Navigate, Outlet, redirect } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { waitFor } from 'xstate'
import { AccountLayout } from '../../ui/account-layout'
import { hintedLoginPath } from '../../i18n/language-hint'
import { HintedLoadingScreen } from '../../ui/hinted-loading-screen'
import { AccountLanguage } from './_authenticated/-customer/account-language'

/**
 * The protected routes: /app/login unless logged in, waiting while auth is in progress
 * (docs/product/screens.md#protected-routes); /pl/app/login where the browser remembers Polish
 * (decision 117).
 */
export const Route = createFileRoute('/app/_authenticated')({
  beforeLoad: async ({ context }) => {
    const settled = await waitFor(context.auth, (s) => !s.hasTag('pending'))
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router redirects by throwing
    if (!settled.matches('signedIn')) throw redirect({ to: hintedLoginPath() })
  },
  loader: ({ context }) => context.config.load(),
  component: AuthenticatedLayout,
  // While authentication is in progress, 'Loading...' shows at once
  // (docs/product/screens.md#loading-screen).
  pendingComponent: () => <HintedLoadingScreen />,
  pendingMs: 0,
  pendingMinMs: 0,
})

function AuthenticatedLayout() {
  const { auth, api } = Route.useRouteContext()
  const { supportUrl } = Route.useLoaderData()
  const loggedIn = useSelector(auth, (s) => s.matches('signedIn'))
  // Logged out while here: the logout intercept, or another tab logged out.
  if (!loggedIn) return <Navigate to={hintedLoginPath()} />
  // The pages speak the account's language (docs/product/languages.md#the-signed-in-area).
  return (
    <AccountLanguage api={api}>
      <AccountLayout supportUrl={supportUrl}>
        <Outlet />
      </AccountLayout>
    </AccountLanguage>
  )
}
