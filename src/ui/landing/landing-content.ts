/**
 * The copy above the fold: header, hero and benefits (docs/product/screens.md#landing-page). Texts
 * quoted there are kept word for word. The sections below the fold have theirs in
 * sections-content.ts, so their text loads with them.
 */

import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'

export const HERO = {
  heading: msg`Exchange crypto with full legal compliance`,
  subheading: msg`EU-licensed fiat-to-crypto trade services. €1,000,000+ transactions with complete documentation support.`,
  getStarted: msg`Get started`,
  bookMeeting: msg`Book a meeting with our expert`,
  promoSignedIn: msg`* Redeem a promo code for your personal quote`,
  promoSignedOut: msg`* Sign in to redeem a promo code for your personal quote`,
}

export const HEADER = {
  logIn: msg`Log in`,
  signUp: msg`Sign up`,
  dashboard: msg`Dashboard`,
  bookCall: msg`Book a call`,
}

export type BenefitIcon = 'coins' | 'globe' | 'infinity' | 'shield' | 'lock'

/** The five cards, in order (docs/product/screens.md#benefits-strip). */
export const BENEFITS: readonly {
  title: MessageDescriptor
  text: MessageDescriptor
  icon: BenefitIcon
}[] = [
  { title: msg`Top Coins`, text: msg`All popular cryptocurrencies and 200+ more.`, icon: 'coins' },
  {
    title: msg`Global service`,
    text: msg`Accessible from globally for 195 countries.`,
    icon: 'globe',
  },
  {
    title: msg`No upper limits`,
    text: msg`Experience in conducting large €1M+ transactions.`,
    icon: 'infinity',
  },
  {
    title: msg`EU licensed`,
    text: msg`The company trades under a Polish crypto license.`,
    icon: 'shield',
  },
  {
    title: msg`Private and secure`,
    text: msg`Your data is encrypted; only you can access your funds.`,
    icon: 'lock',
  },
]

/**
 * The hero's rotating words, in the order of the headline machine's HEADLINE_WORDS (it keeps which
 * one shows; the view shows it in the page's language).
 */
export const HEADLINE_WORDS_SHOWN: readonly MessageDescriptor[] = [
  msg`for individuals.`,
  msg`for business.`,
]

/** The texts of the page's frame: headings and names for assistive technology, the splash. */
export const LANDING_FRAME = {
  benefits: msg`Benefits`,
  home: msg`Vistula Exchange — home`,
  accountNavigation: msg`Account`,
  language: msg`Language`,
}
