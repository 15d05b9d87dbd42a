import { useMemo, useState } from 'react'
import type { InspectionEvent } from 'xstate'
import { createMarketClient } from '../../api/market-client'
import type { MainClient } from '../../api/main-client'
import { Faq } from '../../ui/landing/faq'
import {
  AimBanner,
  EnterpriseSolutions,
  FinalCallToAction,
  IndividualSolutions,
  Team,
  WhyChooseUs,
} from '../../ui/landing/info-sections'
import { LandingFooter } from '../../ui/landing/landing-footer'
import '../../ui/landing/landing-sections.css'
import { INDIVIDUAL_STEPS } from '../../ui/landing/sections-content'
import { StepsCarousel } from '../../ui/landing/steps-carousel'
import { ConverterPanel } from './converter-panel'
import { landingSettings, useLandingSettings } from './landing-settings'

/** The market-data client at the configured base (absolute, so it also works outside a page). */
export function marketClientFor(api: MainClient) {
  return () =>
    landingSettings(api).then((s) =>
      createMarketClient({ baseUrl: new URL(s.marketBaseUrl, window.location.href).href }),
    )
}

/**
 * The landing page below the benefits strip (docs/product/screens.md#section-order): converter, aim
 * and fees, why us, enterprise, individual, steps carousel, team, call to action and FAQ.
 */
export default function BelowFold({
  api,
  inspect,
}: {
  api: MainClient
  inspect?: ((event: InspectionEvent) => void) | undefined
}) {
  const market = useMemo(() => marketClientFor(api), [api])
  const [front, setFront] = useState(0)
  // Item 1 is open by default, one at a time, collapsible (docs/product/screens.md#faq).
  const [openFaq, setOpenFaq] = useState<number | null>(0)
  return (
    <>
      <ConverterPanel market={market} inspect={inspect} />
      <AimBanner />
      <WhyChooseUs />
      <EnterpriseSolutions />
      <IndividualSolutions />
      <StepsCarousel
        front={front}
        onCycle={() => {
          setFront((f) => (f + 1) % INDIVIDUAL_STEPS.steps.length)
        }}
      />
      <Team />
      <FinalCallToAction />
      <Faq
        openIndex={openFaq}
        onToggle={(i) => {
          setOpenFaq((open) => (open === i ? null : i))
        }}
      />
    </>
  )
}

/** The footer, with the configured contact, licence, address and social links. */
export function Footer({ api }: { api: MainClient }) {
  const settings = useLandingSettings(api)
  if (!settings) return null
  return (
    <LandingFooter
      contactEmail={settings.contactEmail}
      licenceNumber={settings.licenceNumber}
      address={settings.address}
      socialLinks={settings.socialLinks}
    />
  )
}
