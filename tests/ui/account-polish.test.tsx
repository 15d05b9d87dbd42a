/**
 * The signed-in area in the account's language (docs/product/languages.md#the-signed-in-area): a
 * customer whose profile says `pl` reads every page in Polish, `<html lang>` says so, and no
 * sentence of the English catalog is left; the profile's Language control switches the area
 * without a reload and sends `locale` with Update.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { somePayments } from '../../src/flows/fixtures/my-payments'
import { someRequests } from '../../src/flows/fixtures/my-requests'
import { loadMessages } from '../../src/i18n/catalogs'
import { anna, renderSignedIn, type Profile, type SignedInOptions } from './home-support'
import { json } from './support/fake-api'

const polishAnna: Profile = { ...anna, locale: 'pl' }
const PROFILE = { method: 'PUT', path: '/api/users/profile' }

/** The account catalog's messages without placeholders or markup, with their Polish. */
function catalogPairs(): [english: string, polish: string][] {
  const po = readFileSync(join(process.cwd(), 'src/locales/pl/account.po'), 'utf8')
  const pairs: [string, string][] = []
  for (const [, id, str] of po.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)) {
    const english = JSON.parse(`"${id}"`) as string
    const polish = JSON.parse(`"${str}"`) as string
    if (english === '' || /[{<]/.test(english) || english === polish) continue
    pairs.push([english, polish])
  }
  return pairs
}

/** Every text a customer reads or hears: text nodes, and the names given to assistive technology. */
function textsOf(root: HTMLElement): string[] {
  const texts: string[] = []
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    texts.push(node.textContent ?? '')
  for (const element of root.querySelectorAll('[aria-label], [title], [label], [placeholder]'))
    for (const name of ['aria-label', 'title', 'label', 'placeholder'])
      texts.push(element.getAttribute(name) ?? '')
  return texts.map((text) => text.trim()).filter((text) => text !== '')
}

/** The English sentences of the catalog still on the page (none, in Polish). */
function englishLeft(): string[] {
  const page = textsOf(document.body)
  const whole = page.join('\n')
  return catalogPairs()
    .map(([english]) => english)
    .filter((english) =>
      // A single word may be part of a Polish text ('Status'); a sentence may not.
      english.includes(' ') ? whole.includes(english) : page.includes(english),
    )
}

async function openPolish(path: string, prepare?: SignedInOptions['prepare']) {
  const app = await renderSignedIn(path, { profile: polishAnna, ...(prepare ? { prepare } : {}) })
  await waitFor(
    () => {
      expect(document.documentElement.lang).toBe('pl')
    },
    { timeout: 5000 },
  )
  return app
}

describe('the signed-in area in Polish', () => {
  // Both catalogs compiled once, before anything is timed.
  beforeAll(async () => {
    await Promise.all([loadMessages('en', 'account'), loadMessages('pl', 'account')])
  }, 60_000)
  afterEach(() => {
    window.localStorage.clear()
  })

  it('home: the greeting, the offers and the top bar', async () => {
    const app = await openPolish('/app')
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Witaj, Anna')
    screen.getByText('W czym możemy Ci dziś pomóc?')
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Twoja pierwsza transakcja',
      'Indywidualna wycena',
      'Szybka wymiana',
    ])
    screen.getByRole('button', { name: 'Poznaj usługę' })
    screen.getByRole('button', { name: 'Poproś o wycenę' })
    screen.getByRole('button', { name: 'Wymień teraz' })
    const nav = screen.getByRole('navigation', { name: 'Konto' })
    within(nav).getByRole('link', { name: 'Zlecenia' })
    within(nav).getByRole('link', { name: 'Płatności' })
    within(nav).getByRole('link', { name: 'Weryfikacja' })
    within(nav).getByRole('link', { name: 'Profil' })
    screen.getByRole('link', { name: 'Vistula Exchange — strona główna' })
    expect(englishLeft()).toEqual([])
    // The quote dialog, in Polish too.
    await app.user.click(screen.getByRole('button', { name: 'Poproś o wycenę' }))
    const dialog = screen.getByRole('dialog', { name: 'Poproś o indywidualną wycenę' })
    within(dialog).getByRole('heading', { name: 'Wycena' })
    within(dialog).getByLabelText('Kwota')
    within(dialog).getByRole('button', { name: 'Dalej' })
    expect(englishLeft()).toEqual([])
    app.unmount()
    // Leaving the signed-in area, the SPA is English again.
    expect(document.documentElement.lang).toBe('en')
  })

  it('requests: the list with its statuses, amounts the Polish way', async () => {
    const app = await openPolish('/app/requests', (api) =>
      api.on('GET', '/api/exchange-request', () => json(200, { items: someRequests })),
    )
    await screen.findByRole('heading', { name: 'Twoje zlecenia' })
    const rows = await screen.findAllByRole('link', { name: /→/ })
    expect(rows.length).toBe(someRequests.length)
    // The pair, the amount with a Polish thousands space, the status, the date in Polish.
    expect(rows.map((row) => [...row.children].map((part) => part.textContent))).toEqual([
      ['EUR → BTC', '25\u00a0000 EUR', 'Oferta gotowa', '5 mar 2026'],
      ['GBP → ETH', '1000 GBP', 'Złożone', '1 lut 2026'],
    ])
    expect(englishLeft()).toEqual([])
    app.unmount()
  })

  it('payments: the list, its statuses and Refresh', async () => {
    const app = await openPolish('/app/payments', (api) =>
      api.on('GET', '/api/payments', () => json(200, { items: somePayments })),
    )
    await screen.findByRole('heading', { name: 'Twoje płatności' })
    await screen.findByRole('button', { name: 'Odśwież' })
    screen.getByText('Zakończona')
    screen.getByText('W toku')
    screen.getByText('150,05 EUR → 0,00243081 BTC')
    expect(englishLeft()).toEqual([])
    app.unmount()
  })

  it('verification: the two kinds and their benefits', async () => {
    const app = await openPolish('/app/verification')
    await screen.findByRole('heading', { name: 'Weryfikacja', level: 1 })
    screen.getByRole('heading', { name: 'Konto osobiste (KYC)' })
    screen.getByRole('heading', { name: 'Konto firmowe (KYB)' })
    screen.getByText('Weryfikacja osobista daje Ci:')
    screen.getByText('Wyższe limity', { selector: '#kyc-title ~ ul li' })
    expect(englishLeft()).toEqual([])
    app.unmount()
  })

  it('profile: the details, Language, Security, records and Logout', async () => {
    const app = await openPolish('/app/profile')
    await screen.findByRole('heading', { name: 'Profil', level: 1 })
    await screen.findByDisplayValue(polishAnna.firstName)
    screen.getByRole('heading', { name: 'Dane osobowe' })
    screen.getByLabelText('Imię')
    screen.getByLabelText('Nazwisko')
    screen.getByText('Adresu e-mail nie można zmienić.')
    expect((screen.getByLabelText('Język') as HTMLSelectElement).value).toBe('pl')
    // Each language named in its own language.
    expect(
      [...(screen.getByLabelText('Język') as HTMLSelectElement).options].map((o) => [
        o.textContent,
        o.lang,
      ]),
    ).toEqual([
      ['English', 'en'],
      ['Polski', 'pl'],
    ])
    // Country names in Polish.
    expect(
      (screen.getByLabelText('Kraj') as HTMLSelectElement).selectedOptions[0]?.textContent,
    ).toBe('Polska')
    screen.getByRole('heading', { name: 'Bezpieczeństwo' })
    screen.getByRole('heading', { name: 'Hasło' })
    screen.getByRole('heading', { name: 'Klucze dostępu' })
    screen.getByRole('heading', { name: 'Aplikacja uwierzytelniająca' })
    screen.getByRole('heading', { name: 'Sesje' })
    screen.getByRole('heading', { name: 'Twoje dane' })
    screen.getByRole('button', { name: 'Wyloguj się' })
    await waitFor(() => {
      expect(englishLeft()).toEqual([])
    })
    app.unmount()
  })

  it('the Language control switches the area without a reload, and Update sends it', async () => {
    const app = await renderSignedIn('/app/profile', {
      profile: anna,
      prepare: (api) =>
        api.on(PROFILE.method, PROFILE.path, (_request, seen) =>
          json(200, { ...anna, ...(seen.body as object) }),
        ),
    })
    await screen.findByDisplayValue(anna.firstName)
    expect(document.documentElement.lang).toBe('en')
    screen.getByRole('heading', { name: 'Profile', level: 1 })
    await app.user.selectOptions(screen.getByLabelText('Language'), 'pl')
    await app.user.click(screen.getByRole('button', { name: 'Update' }))
    expect(app.api.last(PROFILE.method, PROFILE.path)?.body).toEqual({
      firstName: 'Anna',
      lastName: 'Kowalska',
      country: 'PL',
      phone: '',
      locale: 'pl',
    })
    await screen.findByRole('heading', { name: 'Profil', level: 1 }, { timeout: 5000 })
    expect(document.documentElement.lang).toBe('pl')
    screen.getByText('Profil został zaktualizowany')
    within(screen.getByRole('navigation', { name: 'Konto' })).getByRole('link', {
      name: 'Zlecenia',
    })
    // And back to English: the spec's texts exactly.
    await app.user.selectOptions(screen.getByLabelText('Język'), 'en')
    await app.user.click(screen.getByRole('button', { name: 'Zaktualizuj' }))
    expect(app.api.last(PROFILE.method, PROFILE.path)?.body).toMatchObject({ locale: 'en' })
    await screen.findByRole('heading', { name: 'Profile', level: 1 })
    screen.getByText('Profile was updated')
    expect(document.documentElement.lang).toBe('en')
    expect(app.reloads.length).toBe(0)
    app.unmount()
  })
})
