import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { components } from '../../openapi/main.gen'
import { FakeApi, json, publicConfig } from './support/fake-api'
import { stubMarketAnswers } from './landing-support'
import { renderApp, type RenderedApp } from './support/render-app'

const config: components['schemas']['ClientConfig'] = {
  ...publicConfig,
  schedulingUrl: 'https://calendly.com/example/30min',
  contactEmail: 'desk@example.com',
  licenceNumber: 'RDWW-777',
  address: 'ul. Prosta 1, 00-001 Warsaw, Poland',
  socialLinks: [
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/example' },
    { name: 'X', url: 'https://x.com/example' },
    { name: 'Telegram', url: 'https://t.me/example' },
  ],
}

/** The landing at /, signed out unless a session is stored, with every section loaded. */
async function openLanding(prepare?: (api: FakeApi) => void): Promise<RenderedApp> {
  const api = new FakeApi()
  api.on('GET', '/api/config', () => json(200, config))
  prepare?.(api)
  const app = await renderApp('/', { api })
  await screen.findByRole('heading', { level: 1 })
  // The sections below the fold load once the customer scrolls (once the page listens for it).
  await waitFor(
    () => {
      fireEvent.scroll(window)
      expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeTruthy()
      expect(screen.getByRole('contentinfo')).toBeTruthy()
    },
    { timeout: 3000, interval: 20 },
  )
  return app
}

const linkHref = (name: string | RegExp, root: HTMLElement = document.body) =>
  within(root)
    .getAllByRole('link', { name })
    .map((a) => a.getAttribute('href'))

describe('landing page (docs/product/screens.md#landing-page)', () => {
  beforeEach(() => {
    // The converter's market-data calls (the same origin's sandbox, here a fake).
    stubMarketAnswers()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    document.cookie = 'ConsentCookie=; max-age=0; path=/'
  })

  it('shows the hero, the benefits and every section in the spec’s order', async () => {
    const app = await openLanding()
    const h1 = screen.getByRole('heading', { level: 1 })
    expect(h1.textContent).toMatch(/^Exchange crypto with full legal compliance for individuals\./)
    expect(
      screen.getByText(
        'EU-licensed fiat-to-crypto trade services. €1,000,000+ transactions with complete documentation support.',
      ),
    ).toBeTruthy()
    const benefits = within(screen.getByRole('region', { name: 'Benefits' })).getAllByRole(
      'listitem',
    )
    expect(
      benefits.map((b) => [b.querySelector('h3')?.textContent, b.querySelector('p')?.textContent]),
    ).toEqual([
      ['Top Coins', 'All popular cryptocurrencies and 200+ more.'],
      ['Global service', 'Accessible from globally for 195 countries.'],
      ['No upper limits', 'Experience in conducting large €1M+ transactions.'],
      ['EU licensed', 'The company trades under a Polish crypto license.'],
      ['Private and secure', 'Your data is encrypted; only you can access your funds.'],
    ])
    expect(benefits.filter((b) => b.dataset.active === 'true')).toHaveLength(1)
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
    expect(sections).toEqual([
      'Benefits',
      'See what you get before you sign up',
      'Our aim: fees reduced down to 1.1%',
      'Why partners choose us',
      'Enterprise solutions',
      'Individual solutions',
      'Three steps to your first exchange',
      'The team behind your transaction',
      'Ready for your first compliant exchange?',
      'Frequently asked questions',
      'Follow us',
      'Documents',
      'Cookies',
    ])
    // Why us: the six reasons; enterprise: the five steps; the team: two people.
    const why = screen.getByRole('region', { name: 'Why partners choose us' })
    expect(
      within(why)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Licensed and regulated',
      'Expertise in large transactions',
      'Legal support',
      'Tailored consultations',
      'Rapid transactions',
      'Integration guidance',
    ])
    const enterprise = screen.getByRole('region', { name: 'Enterprise solutions' })
    expect(
      within(enterprise)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '1Registration',
      '2Consultation with a personal manager',
      '3KYC',
      '4Preparation of legal and compliance documents',
      '5Transaction',
    ])
    const team = screen.getByRole('region', { name: 'The team behind your transaction' })
    expect(within(team).getAllByRole('heading', { level: 3 })).toHaveLength(2)
    app.unmount()
  })

  it('shows the footer from the configuration, with the two policy PDFs', async () => {
    const app = await openLanding()
    const footer = screen.getByRole('contentinfo')
    expect(linkHref('desk@example.com', footer)).toEqual(['mailto:desk@example.com'])
    expect(footer.textContent).toContain('RDWW-777')
    expect(footer.textContent).toContain('ul. Prosta 1, 00-001 Warsaw, Poland')
    const social = within(screen.getByRole('navigation', { name: 'Follow us' })).getAllByRole(
      'link',
    )
    expect(social.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(
      config.socialLinks.map((l) => [l.name, l.url]),
    )
    expect(linkHref('AML/KYC policy (PDF)', footer)).toEqual(['/docs/aml-kyc-policy.pdf'])
    expect(linkHref('Privacy policy (PDF)', footer)).toEqual(['/docs/privacy-policy.pdf'])
    app.unmount()
  })

  it('reads /api/config once for the landing and the app (one config loader)', async () => {
    const app = await openLanding()
    await act(() => app.router.navigate({ to: '/app/register' }))
    await screen.findByRole('heading', { name: 'Sign up', level: 1 })
    expect(app.api.count('GET', '/api/config')).toBe(1)
    app.unmount()
  })

  it('leads every call to action where the spec says', async () => {
    const app = await openLanding()
    const header = screen.getByRole('banner')
    expect(linkHref('Log in', header)).toEqual(['/app'])
    expect(linkHref('Sign up', header)).toEqual(['/app/register'])
    expect(within(header).queryByRole('link', { name: 'Dashboard' })).toBeNull()
    expect(linkHref('Get started')).toEqual(['/app'])
    expect(linkHref('Quick Exchange')).toEqual(['/app'])
    for (const name of [
      'Get a personalized quote',
      'Get Started',
      'Create an account',
      'Exchange now',
    ])
      expect(linkHref(new RegExp(`^${name}$`))).toEqual(['/app/register'])
    // The large-amount notice's 'here' (10000 EUR exactly: none; 8000: shown).
    expect(screen.queryByRole('link', { name: 'here' })).toBeNull()
    fireEvent.change(screen.getByLabelText('You send', { selector: 'input' }), {
      target: { value: '8000' },
    })
    expect(linkHref('here')).toEqual(['/app'])
    // And they navigate: 'Get Started' to the sign-up form.
    await app.user.click(screen.getByRole('link', { name: /^Get Started$/ }))
    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeTruthy()
    expect(app.pathname()).toBe('/app/register')
    app.unmount()
  })

  it('reads the promo note signed out, not clickable', async () => {
    const app = await openLanding()
    const note = screen.getByText('* Sign in to redeem a promo code for your personal quote')
    expect(note.tagName).toBe('P')
    expect(note.closest('a')).toBeNull()
    app.unmount()
  })

  it("shows 'Dashboard' and a clickable promo note when signed in with a profile", async () => {
    window.localStorage.setItem('auth_session', JSON.stringify({ token: 'a', refreshToken: 'r' }))
    const app = await openLanding()
    const header = screen.getByRole('banner')
    expect(await within(header).findByRole('link', { name: 'Dashboard' })).toBeTruthy()
    expect(linkHref('Dashboard', header)).toEqual(['/app'])
    expect(within(header).queryByRole('link', { name: 'Log in' })).toBeNull()
    expect(within(header).queryByRole('link', { name: 'Sign up' })).toBeNull()
    expect(linkHref('* Redeem a promo code for your personal quote')).toEqual(['/app'])
    expect(app.api.count('GET', '/api/users/profile')).toBeGreaterThan(0)
    app.unmount()
  })

  it('keeps Log in and Sign up while signed in when the profile query returns nothing', async () => {
    window.localStorage.setItem('auth_session', JSON.stringify({ token: 'a', refreshToken: 'r' }))
    const app = await openLanding((api) => {
      api.on('GET', '/api/users/profile', () =>
        json(500, { type: 'about:blank', title: 'x', status: 500 }),
      )
    })
    await waitFor(() => {
      expect(app.api.count('GET', '/api/users/profile')).toBeGreaterThan(0)
    })
    const header = screen.getByRole('banner')
    expect(within(header).getByRole('link', { name: 'Log in' })).toBeTruthy()
    expect(within(header).queryByRole('link', { name: 'Dashboard' })).toBeNull()
    // The promo note follows the logged-in flag, not the profile.
    expect(linkHref('* Redeem a promo code for your personal quote')).toEqual(['/app'])
    app.unmount()
  })

  it('opens FAQ item 1 by default, one item at a time, and closes it again', async () => {
    const app = await openLanding()
    const questions = within(
      screen.getByRole('region', { name: 'Frequently asked questions' }),
    ).getAllByRole('button')
    expect(questions).toHaveLength(9)
    const open = () => questions.filter((q) => q.getAttribute('aria-expanded') === 'true')
    expect(open()).toEqual([questions[0]])
    expect(
      screen.getByText(/minimum for our primary service is 10,000 dollars/).closest('[hidden]'),
    ).toBeNull()
    await app.user.click(questions[2] as HTMLElement)
    expect(open()).toEqual([questions[2]])
    expect(screen.getByText('Mainly EUR and GBP.').closest('[hidden]')).toBeNull()
    expect(screen.getByText(/minimum for our primary service/).closest('[hidden]')).not.toBeNull()
    await app.user.click(questions[2] as HTMLElement)
    expect(open()).toEqual([])
    app.unmount()
  })

  it('answers every FAQ statement of the spec', async () => {
    const app = await openLanding()
    const faq = screen.getByRole('region', { name: 'Frequently asked questions' }).textContent
    for (const statement of [
      'minimum for our primary service is 10,000 dollars',
      'Express Exchange',
      'there is no upper limit',
      'Mainly EUR and GBP',
      'BTC, ETH, BNB, ADA, USDT, SOL, XRP, DOT, DOGE and USDC, with over 200 coins in total',
      'varies with the amount, the payment method and the coin',
      'up to 1 hour without KYC, and only minutes afterwards',
      'Funds are never held, because the crypto goes straight to your own wallet',
      'Legal, tax and regulatory documentation is provided',
    ])
      expect(faq).toContain(statement)
    app.unmount()
  })

  it('cycles the individual steps with a click', async () => {
    const app = await openLanding()
    const carousel = screen.getByRole('region', { name: 'Three steps to your first exchange' })
    const front = () => carousel.querySelector('[aria-current="step"] h3')?.textContent
    expect(front()).toBe('Create an account')
    await app.user.click(within(carousel).getByRole('list'))
    expect(front()).toBe('Verification')
    await app.user.click(within(carousel).getByRole('button', { name: 'Next step' }))
    expect(front()).toBe('Transaction request')
    await app.user.click(within(carousel).getByRole('list'))
    expect(front()).toBe('Create an account')
    app.unmount()
  })

  it('opens the 30-minute scheduling widget and closes it on the close button, the overlay and Escape', async () => {
    const app = await openLanding()
    const dialog = async (name: string) => {
      const found = await screen.findByRole('dialog', { name })
      expect(found.querySelector('iframe')?.getAttribute('src')).toMatch(
        /^https:\/\/calendly\.com\/example\/30min\?/,
      )
      return found
    }
    await app.user.click(screen.getByRole('button', { name: 'Book a meeting with our expert' }))
    const meeting = await dialog('Book a 30-minute meeting with our expert')
    await app.user.click(within(meeting).getByRole('button', { name: 'Close modal' }))
    expect(screen.queryByRole('dialog')).toBeNull()

    await app.user.click(screen.getByRole('button', { name: 'Book a call' }))
    const call = await dialog('Book a 30-minute call')
    await app.user.click(call.querySelector('.calendly-close-overlay') as HTMLElement)
    expect(screen.queryByRole('dialog')).toBeNull()

    await app.user.click(screen.getByRole('button', { name: 'Book a call' }))
    await dialog('Book a 30-minute call')
    await app.user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    app.unmount()
  })

  it('shows the cookie banner until a choice is made, and stores it', async () => {
    const app = await openLanding()
    const banner = await screen.findByRole('region', { name: 'Cookies' })
    await app.user.click(within(banner).getByRole('button', { name: 'Reject Optional' }))
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull()
    expect(document.cookie).toContain('ConsentCookie=false')
    app.unmount()
    // Next visit: the stored choice keeps the banner away.
    const again = await openLanding()
    await act(() => Promise.resolve())
    expect(screen.queryByRole('region', { name: 'Cookies' })).toBeNull()
    again.unmount()
  })
})
