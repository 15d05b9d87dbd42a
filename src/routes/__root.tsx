import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import type { RouterContext } from '../router-context'
import { ErrorPage, errorPageStatusOf } from '../ui/error-page'
import { LoadingScreen } from '../ui/loading-screen'
import { NotFoundPage } from '../ui/not-found-page'

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: ({ error }) => <ErrorPage status={errorPageStatusOf(error)} />,
})

/**
 * While authentication is in progress, non-root paths show a full-screen 'Loading...'
 * (docs/product/screens.md#loading-screen).
 */
function RootLayout() {
  const { auth, splash } = Route.useRouteContext()
  // The splash's 750 ms count from the app's first paint, not from when its script ran
  // (docs/product/limits.md#landing-splash); the actor lives as long as the app, so a remount
  // (StrictMode) starts nothing again.
  useEffect(() => {
    splash.start()
  }, [splash])
  const authInProgress = useSelector(auth, (s) => s.hasTag('pending'))
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  if (authInProgress && pathname !== '/') return <LoadingScreen />
  return <Outlet />
}
