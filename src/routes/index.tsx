import { createFileRoute } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { LoadingScreen } from '../ui/loading-screen'
import { loadedLanding, loadLanding, type LandingModule } from './-landing/landing-chunk'
import { usePageAlive } from './-page-alive'

export const Route = createFileRoute('/')({
  // The component stays in the entry, so the splash paints as soon as the app runs; the landing
  // page itself is a chunk that downloads behind the splash (decision 021).
  codeSplitGroupings: [['loader']],
  component: LandingRoute,
})

/**
 * On first load the root path shows the splash for the `splash` delay (750 ms), then the landing
 * (docs/product/screens.md#landing-splash, docs/product/limits.md#landing-splash). The chunk
 * downloads in parallel with the splash and the landing renders straight from it, never through a
 * suspending lazy component: React would show the suspense fallback and then hold the reveal for
 * its 300 ms throttle (decision 061). Once the chunk is there the landing is laid out under the
 * splash, hidden, so the splash's end moves nothing; a prerendered page (decision 101) is that
 * same markup, and its stylesheet ends the splash at 750 ms even before any script runs.
 */
function LandingRoute() {
  const { splash, auth, api, inspect } = Route.useRouteContext()
  const showing = useSelector(splash, (s) => s.matches('showing'))
  const landing = useLandingChunk()
  usePageAlive()
  if (!landing) return <LoadingScreen variant="splash" />
  return (
    <>
      {showing ? <LoadingScreen variant="splash" /> : null}
      {/* Hidden from everyone, assistive technology included, by its stylesheet's `visibility`,
          which the same stylesheet lifts at 750 ms when no script runs (no aria-hidden to stay). */}
      <div className={showing ? 'landing-under-splash' : 'landing-shown'}>
        <landing.Landing auth={auth} api={api} inspect={inspect} />
      </div>
    </>
  )
}

/** The landing chunk, requested on mount; undefined until it has arrived. */
function useLandingChunk(): LandingModule | undefined {
  const [chunk, setChunk] = useState(loadedLanding)
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
