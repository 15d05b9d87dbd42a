import { createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { LoadingScreen } from '../ui/loading-screen'

export const Route = createFileRoute('/')({
  // The component stays in the entry, so the splash paints as soon as the app runs; the landing
  // page itself is a chunk that downloads behind the splash (decision 021).
  codeSplitGroupings: [['loader']],
  component: LandingRoute,
})

type LandingModule = typeof import('./-landing/landing')

/** The landing chunk once it has arrived: later visits of / render it at once. */
let landingChunk: LandingModule | undefined
let landingRequest: Promise<LandingModule> | undefined
const loadLanding = () =>
  (landingRequest ??= import('./-landing/landing').then(
    (chunk) => (landingChunk = chunk),
    (error: unknown) => {
      landingRequest = undefined // the next mount asks again
      throw error
    },
  ))

/**
 * On first load the root path shows the splash for the `splash` delay (750 ms), then the landing
 * (docs/product/screens.md#landing-splash, docs/product/limits.md#landing-splash). The chunk
 * downloads in parallel with the splash and the landing renders straight from it, never through a
 * suspending lazy component: React would show the suspense fallback and then hold the reveal for
 * its 300 ms throttle (decision 061).
 */
function LandingRoute() {
  const { splash, auth, api, inspect } = Route.useRouteContext()
  const showing = useSelector(splash, (s) => s.matches('showing'))
  const landing = useLandingChunk()
  if (showing || !landing) return <LoadingScreen variant="splash" />
  return <landing.Landing auth={auth} api={api} inspect={inspect} />
}

/** The landing chunk, requested on mount; undefined until it has arrived. */
function useLandingChunk(): LandingModule | undefined {
  const [chunk, setChunk] = useState(() => landingChunk)
  const [failure, setFailure] = useState<{ error: unknown } | null>(null)
  useEffect(() => {
    if (chunk) return
    let live = true
    loadLanding().then(
      (loaded) => {
        if (live) setChunk(loaded)
      },
      (error: unknown) => {
        if (live) setFailure({ error })
      },
    )
    return () => {
      live = false
    }
  }, [chunk])
  // A chunk that cannot load is the route's error, as a failed lazy import was
  // (docs/product/errors.md#application-errors).
  if (failure) throw failure.error
  return chunk
}
