import { useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import type { ActorRefFrom, InspectionEvent } from 'xstate'
import type { MainClient } from '../../api/main-client'
import type { AuthActorRef } from '../../machines/auth/auth.machine'
import type { splashMachine } from '../../machines/splash/splash.machine'
import { LoadingScreen } from '../../ui/loading-screen'
import { usePageAlive } from '../-page-alive'
import { loadedLanding, loadLanding, type LandingModule } from './landing-chunk'

export interface LandingViewProps {
  splash: ActorRefFrom<typeof splashMachine>
  auth: AuthActorRef
  api: MainClient
  inspect?: ((event: InspectionEvent) => void) | undefined
}

/**
 * On first load the root path shows the splash for the `splash` delay (750 ms), then the landing
 * (docs/product/screens.md#landing-splash, docs/product/limits.md#landing-splash). The chunk
 * downloads in parallel with the splash and the landing renders straight from it, never through a
 * suspending lazy component: React would show the suspense fallback and then hold the reveal for
 * its 300 ms throttle (decision 061). Once the chunk is there the landing is laid out under the
 * splash, hidden, so the splash's end moves nothing; a prerendered page (decision 101) is that
 * same markup, and its stylesheet ends the splash at 750 ms even before any script runs.
 *
 * The SPA renders it as its / route; a visitor who opens / gets the landing's own document
 * (src/landing-main.tsx, decision 103), which renders it without the router.
 */
export function LandingView({ splash, auth, api, inspect }: LandingViewProps) {
  const showing = useSelector(splash, (s) => s.matches('showing'))
  const landing = useLandingChunk()
  const { t } = useLingui()
  usePageAlive()
  const splashText = t`Loading...`
  if (!landing) return <LoadingScreen variant="splash" text={splashText} />
  return (
    <>
      {showing ? <LoadingScreen variant="splash" text={splashText} /> : null}
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
  // A chunk that cannot load is the page's error, as a failed lazy import was
  // (docs/product/errors.md#application-errors).
  if (failure) throw failure.error
  return chunk
}
