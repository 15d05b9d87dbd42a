/**
 * The staff console in Polish (issue 30, docs/product/languages.md#the-staff-console): a staff
 * member whose language is Polish reads every page of the console in Polish, with Polish numbers
 * and Warsaw dates, and no English message of the ops catalog is left on the page.
 */
import { readFileSync } from 'node:fs'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { StaffSelf } from '../../src/machines/ops-console/ops-console.machine'
import { firstPage } from '../../src/flows/fixtures/ops-audit'
import { adminSelf, auditorSelf } from '../../src/flows/fixtures/ops-console'
import { annaPage } from '../../src/flows/fixtures/ops-customer'
import {
  firstInboxPage,
  managerSelf,
  reviewed,
  reviewedDetails,
} from '../../src/flows/fixtures/ops-requests'
import { staffList } from '../../src/flows/fixtures/ops-staff'
import { FakeDeskStream } from './ops-desk-support'
import { OPS_ME, pageHeading, renderStaff } from './ops-support'
import { json, profileOf } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import { settle } from './support/security-ui'

const inPolish = (self: StaffSelf, ...more: string[]): StaffSelf => ({
  ...self,
  permissions: [...self.permissions, ...more],
  locale: 'pl',
})

/** The Polish catalog's messages whose Polish differs from their English source. */
function translatedMessages(): string[] {
  const po = readFileSync('src/locales/pl/ops.po', 'utf8')
  const unquote = (lines: string) =>
    [...lines.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]?.replace(/\\"/g, '"')).join('')
  const found: string[] = []
  for (const entry of po.split('\n\n')) {
    const id = /^msgid ((?:".*"\n?)+)/m.exec(entry)?.[1]
    const str = /^msgstr ((?:".*"\n?)+)/m.exec(entry)?.[1]
    if (!id || !str) continue
    const english = unquote(id)
    if (english && english !== unquote(str)) found.push(english)
  }
  return found
}

const pattern = (message: string) =>
  new RegExp(
    `^${message
      .split(/\{[^{}]+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+')}$`,
  )

const english = translatedMessages()
  // A plural's English is checked through its words below; every other message as a whole.
  .filter((message) => !message.includes(', plural,'))
  .map((message) => ({
    message,
    whole: pattern(message),
    // A sentence of three words or more must not be found inside any text either.
    inside: message.split(' ').length >= 3 && !message.includes('{') ? message : null,
  }))

/** Every English message of the ops catalog the page still shows: texts, names, options. */
function englishLeft(): string[] {
  const shown = new Set<string>()
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim()
    if (text) shown.add(text)
  }
  for (const element of document.body.querySelectorAll('*')) {
    const text = element.textContent.trim()
    if (text) shown.add(text)
    for (const name of ['aria-label', 'label', 'title', 'placeholder']) {
      const value = element.getAttribute(name)
      if (value) shown.add(value)
    }
  }
  const texts = [...shown]
  return english
    .filter(
      ({ whole, inside }) =>
        texts.some((text) => whole.test(text)) ||
        (inside !== null && texts.some((text) => text.includes(inside))),
    )
    .map(({ message }) => message)
}

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent)
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    )
const detail = (term: string) => {
  const dt = screen.getAllByText(term, { selector: 'dt' })[0]
  return dt?.nextElementSibling?.textContent
}

let app: RenderedApp | undefined
afterEach(() => {
  app?.unmount()
  app = undefined
})

describe('the staff console in Polish (issue 30)', () => {
  it('opens in the staff member’s language, with the page saying so', async () => {
    app = await renderStaff('/ops', {
      self: inPolish(managerSelf, 'staff:read', 'audit:read'),
    })
    await waitFor(() => {
      expect(pageHeading().textContent).toBe('Konsola pracowników')
    })
    expect(document.documentElement.lang).toBe('pl')
    const nav = within(screen.getByRole('navigation', { name: 'Konsola pracowników' }))
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Przegląd',
      'Zlecenia',
      'Klienci',
      'Pracownicy',
      'Ścieżka audytu',
    ])
    expect(screen.getByRole('link', { name: 'Vistula Exchange — strona główna' })).toBeTruthy()
    expect(nav.getByRole('button').textContent).toBe('Wyloguj się')
    expect(screen.getByText('Zalogowano jako', { exact: false }).textContent).toBe(
      `Zalogowano jako ${managerSelf.email}`,
    )
    expect(screen.getByText(/^Role:/).textContent).toBe('Role: Opiekun')
    const sections = within(screen.getByRole('list', { name: 'Sekcje' }))
    expect(sections.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'ZleceniaObsługa zleceń: otwarte zlecenia, oferty, wstrzymania i korespondencja z klientem.',
      'KlienciZnajdź klienta po adresie, nazwisku lub identyfikatorze i otwórz jego stronę.',
      'PracownicyPracownicy, ich role i zatwierdzenia administratorów.',
      'Ścieżka audytuKto co zrobił: z filtrami i eksportem do CSV.',
    ])
    expect(englishLeft()).toEqual([])
  })

  it('stays English for a staff member whose language is English, and gives <html lang> back', async () => {
    app = await renderStaff('/ops', { self: { ...managerSelf, locale: 'en' } })
    await waitFor(() => {
      expect(pageHeading().textContent).toBe('Staff console')
    })
    expect(document.documentElement.lang).toBe('en')
    // The check the Polish pages pass finds the English page's texts.
    expect(englishLeft()).toEqual(
      expect.arrayContaining([
        'Staff console',
        'Log out',
        'Signed in as',
        'Roles: {names}',
        'Find a customer by address, name or id and open their page.',
      ]),
    )
    app.unmount()
    app = await renderStaff('/ops', { self: inPolish(managerSelf) })
    await waitFor(() => {
      expect(document.documentElement.lang).toBe('pl')
    })
    app.unmount()
    app = undefined
    expect(document.documentElement.lang).toBe('en')
  })

  it('asks for a second factor in the account’s language, read from the profile', async () => {
    app = await renderStaff('/ops', {
      self: inPolish(managerSelf),
      prepare: (api) =>
        api
          .on(OPS_ME.method, OPS_ME.path, () =>
            json(403, {
              type: 'about:blank',
              title: 'Forbidden',
              status: 403,
              errorType: 'SECOND_FACTOR_REQUIRED',
            }),
          )
          .on('GET', '/api/users/profile', () =>
            json(200, { ...profileOf(managerSelf.email), locale: 'pl' }),
          ),
    })
    await waitFor(() => {
      expect(pageHeading().textContent).toBe('Najpierw skonfiguruj drugi składnik')
    })
    expect(
      screen.getByText(
        'Aby korzystać z konsoli, pracownik potrzebuje klucza dostępu lub aplikacji uwierzytelniającej. Skonfiguruj jedno z nich w zabezpieczeniach swojego konta i spróbuj ponownie.',
      ),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Przejdź do zabezpieczeń konta' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Spróbuj ponownie' })).toBeTruthy()
    expect(document.documentElement.lang).toBe('pl')
    expect(englishLeft()).toEqual([])
  })

  it('says in Polish that the account has no access to the console', async () => {
    app = await renderStaff('/ops', {
      self: inPolish(managerSelf),
      prepare: (api) =>
        api
          .on(OPS_ME.method, OPS_ME.path, () =>
            json(403, {
              type: 'about:blank',
              title: 'Forbidden',
              status: 403,
              errorType: 'PERMISSION_DENIED',
            }),
          )
          .on('GET', '/api/users/profile', () =>
            json(200, { ...profileOf(managerSelf.email), locale: 'pl' }),
          ),
    })
    await waitFor(() => {
      expect(screen.getByRole('alert').textContent).toBe(
        'Twoje konto nie ma dostępu do konsoli pracowników.',
      )
    })
    expect(pageHeading().textContent).toBe('Konsola pracowników')
    expect(englishLeft()).toEqual([])
  })

  it('shows the requests inbox in Polish, its amounts grouped the Polish way', async () => {
    app = await renderStaff('/ops/requests', {
      self: inPolish(managerSelf),
      prepare: (api) => {
        new FakeDeskStream().install(api)
        api.on('GET', '/api/ops/requests', () => json(200, firstInboxPage))
      },
    })
    await waitFor(() => {
      expect(screen.getAllByRole('row')).toHaveLength(4)
    })
    expect(pageHeading().textContent).toBe('Zlecenia')
    const table = screen.getByRole('table', { name: 'Zlecenia' })
    expect(headers(table)).toEqual([
      'Klient',
      'Para',
      'Kwota',
      'Stan',
      'Przypisane do',
      'Złożono',
      'Działania',
    ])
    // Polish groups thousands with a no-break space from five digits on.
    expect(rowTexts(table).map((cells) => cells.slice(1, 6))).toEqual([
      ['EUR → BTC', '2500 EUR', 'Złożone', 'Nikt', '26 lis 2026, 10:00'],
      [
        'EUR → ETH',
        '40\u00a0000 EUR',
        'W rozpatrzeniu',
        'jan@exchange.example',
        '25 lis 2026, 16:30',
      ],
      ['EUR → BTC', '900 EUR', 'Przypisane', 'ewa@exchange.example', '26 lis 2026, 10:00'],
    ])
    const filters = within(screen.getByRole('form', { name: 'Filtry' }))
    const state = filters.getByLabelText('Stan')
    expect(
      within(state)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Otwarte',
      'Wszystkie',
      'Złożone',
      'Przypisane',
      'W rozpatrzeniu',
      'Wstrzymane',
      'Czeka na klienta',
      'Oferta czeka na zatwierdzenie',
      'Oferta wysłana',
      'Czeka na płatność',
      'Zrealizowane',
      'Odrzucone',
      'Wygasłe',
      'Anulowane',
    ])
    expect(
      within(filters.getByLabelText('Sortowanie'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Od najstarszych',
      'Od najnowszych',
      'Od największej kwoty',
      'Od najmniejszej kwoty',
    ])
    expect(
      screen.getByRole('button', { name: 'Przypisz mi zlecenie klienta anna@example.com' })
        .textContent,
    ).toBe('Przypisz do mnie')
    expect(screen.getByText('Strona 1')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Następna strona' })).toBeTruthy()
    // A filter refused in Polish.
    await app.user.type(filters.getByLabelText('Para'), 'EURO')
    await app.user.click(filters.getByRole('button', { name: 'Pokaż zlecenia' }))
    await settle()
    expect(screen.getByText('Wpisz parę, np. EUR-BTC.')).toBeTruthy()
    expect(englishLeft()).toEqual([])
  })

  it('shows a request in Polish: its details, timeline, offer figures, thread and notes', async () => {
    app = await renderStaff(`/ops/requests/${reviewed.id}`, {
      self: inPolish(managerSelf),
      prepare: (api) => {
        new FakeDeskStream().install(api)
        api.on('GET', `/api/ops/requests/${reviewed.id}`, () => json(200, reviewedDetails))
      },
    })
    await waitFor(() => {
      expect(pageHeading().textContent).toBe('Zlecenie klienta piotr@example.com')
    })
    expect(
      within(screen.getByRole('group', { name: 'Działania' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Przypisz do mnie',
      'Zadaj pytanie klientowi',
      'Złóż ofertę',
      'Odrzuć',
      'Anuluj zlecenie',
      'Dodaj notatkę',
      'Odśwież',
    ])
    expect(detail('Kwota')).toBe('40\u00a0000 EUR → ETH')
    expect(detail('Stan')).toBe('W rozpatrzeniu')
    expect(detail('Klient widzi')).toBe('W rozpatrzeniu')
    expect(detail('Złożono')).toBe('25 lis 2026, 16:30')
    expect(detail('Kod promocyjny')).toBe('AUTUMN26')
    const timeline = screen.getByRole('table', { name: 'Historia zmian' })
    expect(headers(timeline)).toEqual(['Zmiana', 'Kto', 'Powód', 'Kiedy'])
    expect(rowTexts(timeline)[0]).toEqual(['Złożone', 'klient', '', '25 lis 2026, 16:30'])
    expect(rowTexts(timeline)[2]?.[0]).toBe('Przypisane → Wstrzymane')
    const offers = screen.getByRole('table', { name: 'Oferty' })
    expect(headers(offers)).toEqual([
      'Stan',
      'Kurs',
      'Zapłacono',
      'Otrzymano',
      'Prowizja',
      'Ważna do',
      'Proponujący',
      'Zatwierdzający',
    ])
    expect(rowTexts(offers)).toEqual([
      [
        'Odesłana do poprawy',
        '2950,5',
        '40\u00a0000 EUR',
        '13,40789697 ETH',
        '440,00 EUR (1,1%)',
        '25 lis 2026, 19:00',
        'jan@exchange.example',
        'Jeszcze nie',
      ],
    ])
    const thread = within(screen.getByRole('list', { name: 'Wiadomości' }))
    expect(thread.getAllByRole('listitem').map((m) => m.firstChild?.textContent)).toEqual([
      'Klient, 25 lis 2026, 17:10',
      'Zespół, 25 lis 2026, 17:20',
    ])
    expect(screen.getByRole('list', { name: 'Notatki wewnętrzne' })).toBeTruthy()
    expect(screen.getByText('Płatności kartą', { selector: 'h2' })).toBeTruthy()
    // The offer form, in Polish.
    await app.user.click(screen.getByRole('button', { name: 'Złóż ofertę' }))
    const form = within(screen.getByRole('form', { name: 'Złóż ofertę' }))
    expect(form.getByLabelText('Kurs (cena 1 ETH w EUR)')).toBeTruthy()
    expect(form.getByLabelText('Kwota wpłacana (EUR)')).toBeTruthy()
    expect(form.getByLabelText('Ważna do')).toBeTruthy()
    expect(form.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Wyślij ofertę',
      'Anuluj',
    ])
    expect(englishLeft()).toEqual([])
  })

  it('shows a refusal in the words the server wrote for the console’s language', async () => {
    // The server writes a problem's detail in the language the call accepts (Accept-Language).
    const refusals: Record<string, string> = {
      pl: 'Zgłoszenie ma stan „Oferta wysłana”; ta czynność nie jest teraz możliwa',
      en: 'The request is Offer sent; this action is not allowed now',
    }
    app = await renderStaff(`/ops/requests/${reviewed.id}`, {
      self: inPolish(managerSelf),
      prepare: (api) => {
        new FakeDeskStream().install(api)
        api
          .on('GET', `/api/ops/requests/${reviewed.id}`, () => json(200, reviewedDetails))
          .on('POST', `/api/ops/requests/${reviewed.id}/assignment`, (request) => {
            const language = request.headers.get('accept-language') ?? ''
            return json(409, {
              type: 'about:blank',
              title: 'Conflict',
              status: 409,
              detail: refusals[language] ?? refusals.en,
              errorType: 'REQUEST_STATE',
            })
          })
      },
    })
    await waitFor(() => {
      expect(pageHeading().textContent).toBe('Zlecenie klienta piotr@example.com')
    })
    await app.user.click(screen.getByRole('button', { name: 'Przypisz do mnie' }))
    await waitFor(() => {
      expect(screen.getByRole('alert').textContent).toBe(refusals.pl)
    })
    expect(englishLeft()).toEqual([])
  })

  it('shows a customer in Polish, with the records’ states named in Polish', async () => {
    app = await renderStaff(`/ops/customers/${annaPage.customer.id}`, {
      self: inPolish(managerSelf, 'customers:verify', 'customers:hold', 'customers:note'),
      prepare: (api) =>
        api.on('GET', `/api/ops/customers/${annaPage.customer.id}`, () => json(200, annaPage)),
    })
    await waitFor(() => {
      expect(pageHeading().textContent).toBe(`Klient ${annaPage.customer.email}`)
    })
    expect(screen.getByText('To wyświetlenie trafia do ścieżki audytu.')).toBeTruthy()
    expect(detail('Adres e-mail')).toBe('Potwierdzony')
    expect(detail('Rejestracja')).toBe('14 wrz 2026, 10:30')
    expect(detail('KYC')).toBe('zakończona, GREEN (20 lis 2026, 11:00)')
    expect(detail('KYB')).toBe('Nie rozpoczęto')
    const history = screen.getByRole('table', { name: 'Historia weryfikacji' })
    expect(headers(history)).toEqual([
      'Zdarzenie',
      'Rodzaj',
      'Status',
      'Odpowiedź',
      'W Sumsub',
      'Otrzymano',
      'Wynik',
    ])
    expect(rowTexts(history)[0]).toEqual([
      'applicantPending',
      'KYC',
      'oczekuje',
      '—',
      '20 lis 2026, 10:58',
      '20 lis 2026, 10:58',
      'uwzględnione',
    ])
    expect(rowTexts(screen.getByRole('table', { name: 'Prośby o weryfikację' }))[0]?.[2]).toBe(
      'spełniona',
    )
    expect(rowTexts(screen.getByRole('table', { name: 'Wstrzymania' }))[0]?.[3]).toBe('Aktywne')
    expect(rowTexts(screen.getByRole('table', { name: 'Płatności' }))).toEqual([
      [
        '100,50 EUR',
        '0,001234567890123456 BTC',
        'zrealizowana',
        'PB-7788 (completed)req-anna-1',
        '23 lis 2026, 10:00',
        '23 lis 2026, 10:05 (powiadomienie Paybis)',
      ],
    ])
    const panel = within(screen.getByRole('region', { name: 'Weryfikacja i wstrzymanie' }))
    expect(
      within(panel.getByLabelText('Rodzaj weryfikacji'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['KYC (tożsamość)', 'KYB (firma)'])
    expect(panel.getByLabelText('Notatka dla klienta')).toBeTruthy()
    expect(panel.getByLabelText('Powód (wewnętrzny, nigdy niepokazywany klientowi)')).toBeTruthy()
    expect(panel.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Poproś o weryfikację',
      'Nałóż wstrzymanie',
      'Zdejmij wstrzymanie',
    ])
    expect(screen.getByLabelText('Nowa notatka (widzą ją tylko pracownicy)')).toBeTruthy()
    expect(englishLeft()).toEqual([])
  })

  it('finds customers in Polish', async () => {
    app = await renderStaff('/ops/customers', {
      self: inPolish(managerSelf),
      prepare: (api) =>
        api.on('GET', '/api/ops/customers', () => json(200, { customers: [annaPage.customer] })),
    })
    const search = await screen.findByLabelText('Adres e-mail, nazwisko lub identyfikator klienta')
    await app.user.type(search, 'anna{Enter}')
    await waitFor(() => {
      expect(screen.getByRole('table', { name: 'Klienci' })).toBeTruthy()
    })
    expect(screen.getByText(/^Wyniki dla/).textContent).toBe('Wyniki dla „anna”: 1 klient')
    expect(headers(screen.getByRole('table', { name: 'Klienci' }))).toEqual([
      'Adres e-mail',
      'Imię i nazwisko',
      'Kraj',
      'Rejestracja',
    ])
    expect(englishLeft()).toEqual([])
  })

  it('shows staff management in Polish', async () => {
    app = await renderStaff('/ops/staff', {
      self: inPolish(adminSelf),
      prepare: (api) => api.on('GET', '/api/ops/staff', () => json(200, staffList)),
    })
    await waitFor(() => {
      expect(screen.getByRole('table', { name: 'Pracownicy' })).toBeTruthy()
    })
    const table = screen.getByRole('table', { name: 'Pracownicy' })
    expect(headers(table)).toEqual(['Adres e-mail', 'Role', 'Status', 'Dodano', 'Działania'])
    expect(rowTexts(table).map((cells) => cells.slice(0, 4))).toEqual([
      ['ida@exchange.example (Ty)', 'Administrator', 'Aktywny', '1 paź 2026, 11:00'],
      ['marek@exchange.example', 'Obsługa klienta', 'Aktywny', '2 lis 2026, 11:00'],
      ['jan@exchange.example', 'Administrator', 'Aktywny', '15 paź 2026, 10:00'],
    ])
    expect(screen.getByText('Czeka na drugiego administratora')).toBeTruthy()
    await app.user.click(screen.getByRole('button', { name: 'Zaproś pracownika' }))
    const form = within(screen.getByRole('form', { name: 'Zaproś pracownika' }))
    expect(form.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
      'Obsługa klienta',
      'Opiekun',
      'Zgodność',
      'Administrator',
      'Audytor',
    ])
    expect(
      form.getByText(
        'Nadanie lub odebranie roli Administrator czeka na zatwierdzenie przez drugiego administratora.',
      ),
    ).toBeTruthy()
    expect(englishLeft()).toEqual([])
  })

  it('shows the audit trail in Polish', async () => {
    app = await renderStaff('/ops/audit', {
      self: inPolish(auditorSelf),
      prepare: (api) => api.on('GET', '/api/ops/audit', () => json(200, firstPage)),
    })
    await waitFor(() => {
      expect(screen.getByRole('table', { name: 'Ścieżka audytu' })).toBeTruthy()
    })
    const table = screen.getByRole('table', { name: 'Ścieżka audytu' })
    expect(headers(table)).toEqual(['Kiedy', 'Kto', 'Czynność', 'Dotyczy', 'Wynik', 'Powód'])
    expect(rowTexts(table)[0]?.[1]).toBe('ida@exchange.example (Administrator)')
    expect(rowTexts(table)[0]?.[4]).toBe('Udane')
    const filters = within(screen.getByRole('form', { name: 'Filtry' }))
    for (const label of ['Identyfikator osoby', 'Identyfikator klienta', 'Czynność', 'Od', 'Do'])
      expect(filters.getByLabelText(label)).toBeTruthy()
    expect(filters.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Pokaż wpisy',
      'Eksportuj CSV',
    ])
    expect(screen.getByRole('button', { name: 'Starsze wpisy' })).toBeTruthy()
    expect(englishLeft()).toEqual([])
  })

  it('says in Polish that a page is not open to the staff member’s roles', async () => {
    app = await renderStaff('/ops/audit', { self: inPolish(managerSelf) })
    await waitFor(() => {
      expect(screen.getByRole('alert').textContent).toBe(
        'Twoje role nie dają dostępu do tej strony.',
      )
    })
    expect(englishLeft()).toEqual([])
  })
})
