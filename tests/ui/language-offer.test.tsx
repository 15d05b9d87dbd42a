/**
 * The offer of the Polish page (docs/product/languages.md#the-browsers-language, decision 117): an
 * English public page tells a browser that prefers Polish, once, that the page exists in Polish —
 * never in the prerendered HTML, never on a Polish page, never to a browser that prefers English.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadI18n } from '../../src/i18n/catalogs'
import { preferredLocale } from '../../src/i18n/language-hint'
import { LandingDocument } from '../../src/landing-document'
import { prerender } from '../../src/prerender-entry'
import { FakeApi } from './support/fake-api'
import { landingServices, openLandingDocument, stubMarketAnswers } from './landing-support'
import { renderApp } from './support/render-app'

const POLISH_BROWSER = ['pl-PL', 'pl', 'en-US', 'en']

function browserPrefers(languages: string[]) {
  vi.spyOn(Navigator.prototype, 'languages', 'get').mockReturnValue(languages)
}

const openLanding = (locale: 'en' | 'pl') => openLandingDocument(locale)

const offer = () => screen.queryByRole('complementary', { name: 'Wersja polska' })

/** The offer is on the page, in Polish, with a real link to `href`. */
function expectOffer(href: string) {
  const notice = offer()
  expect(notice).not.toBeNull()
  if (!notice) return
  expect(notice.getAttribute('lang')).toBe('pl')
  within(notice).getByText(/Ta strona jest dostępna po polsku\./)
  const link = within(notice).getByRole('link', { name: 'Przejdź do wersji polskiej' })
  expect(link.getAttribute('href')).toBe(href)
  expect(link.getAttribute('hreflang')).toBe('pl')
  within(notice).getByRole('button', { name: 'Zamknij' })
}

describe('the offer of the Polish page', () => {
  beforeAll(async () => {
    await Promise.all([
      import('../../src/routes/-landing/landing'),
      loadI18n('en', 'landing'),
      loadI18n('pl', 'landing'),
    ])
  }, 60_000)
  beforeEach(() => {
    stubMarketAnswers()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })

  it('prefers Polish when Polish comes before English in the browser’s languages', () => {
    expect(preferredLocale(['pl'])).toBe('pl')
    expect(preferredLocale(['pl-PL', 'en-US'])).toBe('pl')
    expect(preferredLocale(['de-DE', 'PL', 'en'])).toBe('pl')
    expect(preferredLocale(['en-GB', 'pl'])).toBe('en')
    expect(preferredLocale(['de', 'fr'])).toBeUndefined()
    expect(preferredLocale([])).toBeUndefined()
  })

  it('/ offers /pl once to a Polish browser: never again after a reload', async () => {
    browserPrefers(POLISH_BROWSER)
    const first = await openLanding('en')
    await waitFor(() => {
      expectOffer('/pl')
    })
    expect(window.localStorage.getItem('language_offered')).toBe('1')
    first.unmount()

    // The page loaded again: no offer, though the visitor did nothing with it.
    const again = await openLanding('en')
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(offer()).toBeNull()
    again.unmount()
  })

  it('closes with its button, and following its link remembers Polish', async () => {
    browserPrefers(POLISH_BROWSER)
    const page = await openLanding('en')
    await waitFor(() => {
      expectOffer('/pl')
    })
    fireEvent.click(screen.getByRole('button', { name: 'Zamknij' }))
    expect(offer()).toBeNull()
    page.unmount()

    window.localStorage.clear()
    const again = await openLanding('en')
    await waitFor(() => {
      expectOffer('/pl')
    })
    const link = screen.getByRole('link', { name: 'Przejdź do wersji polskiej' })
    // jsdom does not navigate; the click is what the page sees of it.
    link.addEventListener('click', (event) => {
      event.preventDefault()
    })
    fireEvent.click(link)
    expect(window.localStorage.getItem('language_hint')).toBe('pl')
    again.unmount()
  })

  it('is not made to a browser that prefers English, nor on the Polish landing', async () => {
    browserPrefers(['en-US', 'pl'])
    const english = await openLanding('en')
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(offer()).toBeNull()
    expect(window.localStorage.getItem('language_offered')).toBeNull()
    english.unmount()

    browserPrefers(POLISH_BROWSER)
    const polish = await openLanding('pl')
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(offer()).toBeNull()
    // A Polish page used: the browser remembers Polish.
    expect(window.localStorage.getItem('language_hint')).toBe('pl')
    polish.unmount()
  })

  it('is not made after the visitor chose English with the language switch', async () => {
    browserPrefers(POLISH_BROWSER)
    const polish = await openLanding('pl')
    const english = screen.getByRole('link', { name: 'English' })
    english.addEventListener('click', (event) => {
      event.preventDefault()
    })
    fireEvent.click(english)
    expect(window.localStorage.getItem('language_hint')).toBe('en')
    polish.unmount()
    const page = await openLanding('en')
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(offer()).toBeNull()
    page.unmount()
  })

  it('the prerendered / has no offer; hydrated, it comes, with no mismatch', async () => {
    browserPrefers(POLISH_BROWSER)
    const api = new FakeApi()
    const { html } = await prerender('/', api.fetch)
    expect(html).not.toContain('Wersja polska')
    expect(html).not.toContain('po polsku')
    const root = document.createElement('div')
    root.innerHTML = html
    document.body.append(root)
    const recoverable = vi.fn()
    const services = landingServices()
    const i18n = await loadI18n('en', 'landing')
    const hydrated = hydrateRoot(
      root,
      <StrictMode>
        <LandingDocument services={services} i18n={i18n} />
      </StrictMode>,
      { onRecoverableError: recoverable },
    )
    await waitFor(() => {
      expectOffer('/pl')
    })
    expect(recoverable).not.toHaveBeenCalled()
    act(() => {
      hydrated.unmount()
    })
    root.remove()
    services.auth.stop()
  })

  it('the prerendered /app/login has none either', async () => {
    browserPrefers(POLISH_BROWSER)
    const { html } = await prerender('/app/login', new FakeApi().fetch)
    expect(html).toContain('Log in')
    expect(html).not.toContain('po polsku')
  })

  it('/app/login offers /pl/app/login once; /pl/app/login offers nothing', async () => {
    browserPrefers(POLISH_BROWSER)
    const app = await renderApp('/app/login')
    await screen.findByRole('heading', { name: 'Log in' })
    expectOffer('/pl/app/login')
    app.unmount()

    const again = await renderApp('/app/register')
    await screen.findByRole('heading', { name: 'Sign up' })
    expect(offer()).toBeNull()
    again.unmount()

    window.localStorage.clear()
    const polish = await renderApp('/pl/app/login')
    await screen.findByRole('heading', { name: 'Zaloguj się' })
    expect(offer()).toBeNull()
    expect(window.localStorage.getItem('language_hint')).toBe('pl')
    polish.unmount()
  })

  it('a browser that refuses storage still gets the page, and the offer once in it', async () => {
    browserPrefers(POLISH_BROWSER)
    const refused = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    }
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refused)
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refused)
    const page = await openLanding('en')
    await waitFor(() => {
      expectOffer('/pl')
    })
    page.unmount()
    // The same page's memory keeps what storage would have.
    const again = await openLanding('en')
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(offer()).toBeNull()
    again.unmount()
  })
})
