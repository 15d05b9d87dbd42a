import { useSelector } from '@xstate/react'
import { lazy, Suspense, useCallback, useState } from 'react'
import type { InspectionEvent } from 'xstate'
import type { MainClient } from '../../api/main-client'
import { useLingui } from '#i18n/runtime'
import { isLocale } from '../../../domain/locale'
import { pathInLocale } from '../../i18n/public-paths'
import type { AuthActorRef } from '../../machines/auth/auth.machine'
import { LanguageOffer } from '../../ui/language-offer'
import { BenefitsStrip } from '../../ui/landing/benefits-strip'
import { Hero } from '../../ui/landing/hero'
import { BENEFITS } from '../../ui/landing/landing-content'
import { LandingHeader } from '../../ui/landing/landing-header'
import '../../ui/landing/landing.css'
import { useHydrated, usePrefersReducedMotion, useScrollStep, useWanted } from './browser-hooks'
import ConsentControl from './consent-control'
import { useHeadline } from './use-headline'
import { useProfileLoaded } from './use-profile-loaded'

// Below the fold and the scheduling widget come in chunks of their own, so the first paint needs
// only the header, the hero, the benefits and the cookie banner. The sections below the fold
// load as soon as the customer shows an interest (comes near them, scrolls, points, types).
const belowFold = () => import('./below-fold')
const BelowFold = lazy(belowFold)
const Footer = lazy(() => belowFold().then((m) => ({ default: m.Footer })))
const Scheduling = lazy(() => import('./scheduling'))

export interface LandingProps {
  auth: AuthActorRef
  api: MainClient
  inspect?: ((event: InspectionEvent) => void) | undefined
}

/**
 * The landing page (docs/product/screens.md#landing-page): glue between the app's actors and the
 * views.
 */
export function Landing({ auth, api, inspect }: LandingProps) {
  const hydrated = useHydrated()
  const { i18n } = useLingui()
  const page = pathInLocale('/', isLocale(i18n.locale) ? i18n.locale : 'en')
  const signedIn = useSelector(auth, (s) => s.matches('signedIn')) && hydrated
  const profileLoaded = useProfileLoaded(auth, api, inspect)
  const reducedMotion = usePrefersReducedMotion()
  const { word, shown } = useHeadline(reducedMotion, inspect)
  const [benefitsRef, activeBenefit] = useScrollStep(BENEFITS.length)
  const [belowRef, belowNear] = useWanted()
  const [scheduling, setScheduling] = useState<'call' | 'meeting' | null>(null)
  const closeScheduling = useCallback(() => {
    setScheduling(null)
  }, [])

  return (
    <div className="landing">
      <LandingHeader
        profileLoaded={profileLoaded}
        onBookCall={() => {
          setScheduling('call')
        }}
      />
      <main>
        <Hero
          word={word}
          shownLetters={shown}
          signedIn={signedIn}
          onBookMeeting={() => {
            setScheduling('meeting')
          }}
        />
        <BenefitsStrip ref={benefitsRef} activeIndex={activeBenefit} />
        <div ref={belowRef} className="below-fold">
          {belowNear ? (
            <Suspense fallback={<div className="below-fold-placeholder" />}>
              <BelowFold api={api} inspect={inspect} />
            </Suspense>
          ) : (
            <div className="below-fold-placeholder" />
          )}
        </div>
      </main>
      {belowNear ? (
        <Suspense fallback={null}>
          <Footer api={api} />
        </Suspense>
      ) : null}
      {/* Decided once the page is alive, from the browser's languages (decision 117). */}
      <LanguageOffer pathname={page} />
      {/* The banner reads the visitor's cookies: it comes once the page is alive. */}
      {hydrated ? <ConsentControl api={api} inspect={inspect} /> : null}
      {scheduling ? (
        <Suspense fallback={null}>
          <Scheduling api={api} kind={scheduling} onClose={closeScheduling} />
        </Suspense>
      ) : null}
    </div>
  )
}
