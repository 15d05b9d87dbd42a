import { createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { lazy, Suspense, useEffect } from 'react'
import { LoadingScreen } from '../ui/loading-screen'

export const Route = createFileRoute('/')({
  // The component stays in the entry, so the splash paints as soon as the app runs; the landing
  // page itself is a chunk that downloads behind the splash (decision 021).
  codeSplitGroupings: [['loader']],
  component: LandingRoute,
})

const loadLanding = () => import('./-landing/landing')
const Landing = lazy(() => loadLanding().then((m) => ({ default: m.Landing })))

/** Spec §2: on first load the root path shows the splash for the `splash` delay, then the landing. */
function LandingRoute() {
  const { splash, auth, api, inspect } = Route.useRouteContext()
  const showing = useSelector(splash, (s) => s.matches('showing'))
  useEffect(() => {
    void loadLanding()
  }, [])
  if (showing) return <LoadingScreen variant="splash" />
  return (
    <Suspense fallback={<LoadingScreen variant="splash" />}>
      <Landing auth={auth} api={api} inspect={inspect} />
    </Suspense>
  )
}
