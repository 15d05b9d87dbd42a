import { screen, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadI18n } from '../../src/i18n/catalogs'
import { openLandingDocument, stubMarketAnswers } from './landing-support'

/**
 * The Polish landing (docs/product/languages.md#public-pages): the landing's own document, as
 * src/landing-main.tsx renders it at /pl, with the sections below the fold shown.
 */
const openLanding = (locale: 'en' | 'pl') => openLandingDocument(locale, { belowFold: true })

/** Every text a visitor reads or hears: text nodes, and the names given to assistive technology. */
function textsOf(root: HTMLElement): string[] {
  const texts: string[] = []
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement
    // The rotating word's letters are shown one by one; the whole word is read once beside them.
    if (parent?.classList.contains('letter')) continue
    texts.push(node.textContent ?? '')
  }
  for (const element of root.querySelectorAll('[aria-label], [title], [label]'))
    for (const name of ['aria-label', 'title', 'label'])
      texts.push(element.getAttribute(name) ?? '')
  return texts.map((text) => text.trim()).filter((text) => text !== '')
}

/** Texts that read the same in both languages: the brand, codes and figures. */
const SAME_IN_BOTH = new Set(['Vistula', 'Exchange', 'KYC', '7 min', '200+'])
const isToken = (text: string) =>
  SAME_IN_BOTH.has(text) || /^[A-Z]{3,5}$/.test(text) || /^[\d\s.,:=+%-]+$/.test(text)

describe('the Polish landing (/pl)', () => {
  // The landing's chunks and both catalogs, compiled once before the tests time anything.
  beforeAll(async () => {
    await Promise.all([
      import('../../src/routes/-landing/landing'),
      import('../../src/routes/-landing/below-fold'),
      loadI18n('en', 'landing'),
      loadI18n('pl', 'landing'),
    ])
  }, 60_000)
  beforeEach(() => {
    stubMarketAnswers()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('shows every text in Polish, in the same places as the English page', async () => {
    const { view } = await openLanding('pl')
    const hero = screen.getByRole('region', {
      name: 'Wymieniaj kryptowaluty w pełnej zgodzie z prawem dla osób prywatnych.',
    })
    expect(within(hero).getByRole('link', { name: 'Zacznij teraz' }).getAttribute('href')).toBe(
      '/app',
    )
    within(hero).getByRole('button', { name: 'Umów spotkanie z naszym ekspertem' })
    within(hero).getByText(
      '* Zaloguj się, aby wykorzystać kod promocyjny w swojej indywidualnej wycenie',
    )
    const header = screen.getByRole('banner')
    // The logo leads to the top of the Polish page, in the header and in the footer.
    expect(
      screen
        .getAllByRole('link', { name: 'Vistula Exchange — strona główna' })
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/pl', '/pl'])
    within(header).getByRole('button', { name: 'Umów rozmowę' })
    within(header).getByRole('link', { name: 'Zaloguj się' })
    within(header).getByRole('link', { name: 'Zarejestruj się' })
    // The language switch is a plain link to the English page.
    const english = within(within(header).getByRole('navigation', { name: 'Język' })).getByRole(
      'link',
      { name: 'English' },
    )
    expect(english.getAttribute('href')).toBe('/')
    expect(english.getAttribute('hreflang')).toBe('en')
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Korzyści',
      'Zobacz, ile otrzymasz, zanim się zarejestrujesz',
      'Nasz cel: prowizje obniżone do 1,1%',
      'Dlaczego partnerzy nas wybierają',
      'Rozwiązania dla firm',
      'Rozwiązania dla klientów indywidualnych',
      'Trzy kroki do pierwszej wymiany',
      'Zespół, który stoi za Twoją transakcją',
      'Chcesz przeprowadzić pierwszą wymianę zgodną z przepisami?',
      'Najczęściej zadawane pytania',
      'Obserwuj nas',
      'Dokumenty',
      'Pliki cookie',
    ])
    expect(
      within(screen.getByRole('region', { name: 'Korzyści' }))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Najpopularniejsze kryptowaluty',
      'Obsługa na całym świecie',
      'Bez górnych limitów',
      'Licencja w UE',
      'Prywatnie i bezpiecznie',
    ])
    // The converter's labels (its figures are the formatting module's, not the catalog's).
    screen.getByLabelText('Wysyłasz', { selector: 'input' })
    screen.getByLabelText('Otrzymujesz', { selector: 'input' })
    const send = screen.getByLabelText<HTMLSelectElement>('Wysyłasz: waluta', {
      selector: 'select',
    })
    expect([...send.querySelectorAll('optgroup')].map((g) => g.label)).toEqual([
      'Waluty tradycyjne',
      'Kryptowaluty',
    ])
    screen.getByText(
      'Kursy walut stale się zmieniają, dlatego ostateczna kwota może się różnić od tej widocznej w przeliczniku.',
    )
    screen.getByRole('button', { name: 'Zezwól na wszystkie' })
    screen.getByRole('button', { name: 'Odrzuć opcjonalne' })
    expect(screen.getByText('Krok 1').className).toBe('step-card-number')
    view.unmount()
  })

  it('leaves no English text: nothing it shows is a text of the English catalog', async () => {
    const source = await loadI18n('en', 'landing')
    const english = new Set(Object.keys(source.messages).map((id) => source._(id)))
    expect(english).toContain('Exchange crypto with full legal compliance')
    expect(english).toContain('You send')

    const { view } = await openLanding('pl')
    const polish = textsOf(document.body)
    expect(polish.length).toBeGreaterThan(150)
    expect(polish.filter((text) => english.has(text) && !isToken(text))).toEqual([])
    view.unmount()
  })
})
