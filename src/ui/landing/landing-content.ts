/**
 * The copy above the fold: header, hero and benefits (docs/product/screens.md#landing-page). Texts
 * quoted there are kept word for word. The sections below the fold have theirs in
 * sections-content.ts, so their text loads with them.
 */

export const HERO = {
  heading: 'Exchange crypto with full legal compliance',
  subheading:
    'EU-licensed fiat-to-crypto trade services. €1,000,000+ transactions with complete documentation support.',
  getStarted: 'Get started',
  bookMeeting: 'Book a meeting with our expert',
  promoSignedIn: '* Redeem a promo code for your personal quote',
  promoSignedOut: '* Sign in to redeem a promo code for your personal quote',
}

export const HEADER = {
  logIn: 'Log in',
  signUp: 'Sign up',
  dashboard: 'Dashboard',
  bookCall: 'Book a call',
}

export type BenefitIcon = 'coins' | 'globe' | 'infinity' | 'shield' | 'lock'

/** The five cards, in order (docs/product/screens.md#benefits-strip). */
export const BENEFITS: readonly { title: string; text: string; icon: BenefitIcon }[] = [
  { title: 'Top Coins', text: 'All popular cryptocurrencies and 200+ more.', icon: 'coins' },
  { title: 'Global service', text: 'Accessible from globally for 195 countries.', icon: 'globe' },
  {
    title: 'No upper limits',
    text: 'Experience in conducting large €1M+ transactions.',
    icon: 'infinity',
  },
  {
    title: 'EU licensed',
    text: 'The company trades under a Polish crypto license.',
    icon: 'shield',
  },
  {
    title: 'Private and secure',
    text: 'Your data is encrypted; only you can access your funds.',
    icon: 'lock',
  },
]
