/**
 * The public sign-in pages in Polish under /pl/app (issue 30, docs/product/languages.md): every
 * text from the Polish public catalog, links and navigation kept in the page's language, a
 * registration from the Polish page asking for a Polish account.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { challenge } from '../../src/flows/fixtures/login'
import { FakeApi, json, problem } from './support/fake-api'
import { renderApp } from './support/render-app'

/** The English catalog's sentences whose Polish is another text: none may be left on a Polish page. */
function englishOnlySentences(): Set<string> {
  const unquote = (text: string) => JSON.parse(`"${text}"`) as string
  const read = (locale: string) =>
    readFileSync(join(process.cwd(), 'src', 'locales', locale, 'public.po'), 'utf8')
  const pairs = [...read('pl').matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)]
  return new Set(
    pairs
      .map(([, id = '', text = '']) => [unquote(id), unquote(text)] as const)
      .filter(([id, text]) => id !== text && !id.includes('{'))
      .map(([id]) => id),
  )
}

/** Every text the page shows (text nodes, labels, button and link names), trimmed. */
function shownTexts(): string[] {
  const texts: string[] = []
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim()
    if (text) texts.push(text)
  }
  for (const element of document.body.querySelectorAll('[aria-label]'))
    texts.push(element.getAttribute('aria-label') ?? '')
  return texts
}

function expectNoEnglish() {
  const english = englishOnlySentences()
  expect(shownTexts().filter((text) => english.has(text))).toEqual([])
}

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href')

describe('the public sign-in pages in Polish (/pl/app)', () => {
  it('/pl/app/login is the log-in form in Polish, its links under /pl', async () => {
    const app = await renderApp('/pl/app/login')
    expect(await screen.findByRole('heading', { name: 'Zaloguj się' })).toBeTruthy()
    expect(screen.getByText('Witaj ponownie. Zaloguj się na swoje konto.')).toBeTruthy()
    expect(screen.getByLabelText('E-mail')).toBeTruthy()
    expect(screen.getByLabelText('Hasło')).toBeTruthy()
    expect(screen.getByText('Nie masz konta?')).toBeTruthy()
    expect(hrefOf('Nie pamiętasz hasła?')).toBe('/pl/app/forgot-password')
    expect(hrefOf('Zarejestruj się')).toBe('/pl/app/register')
    // The language switch: a plain link to the English page.
    expect(hrefOf('English')).toBe('/app/login')
    expectNoEnglish()

    // The form's rules in Polish.
    await app.user.click(screen.getByRole('button', { name: 'Zaloguj się' }))
    expect(await screen.findAllByText('Pole wymagane')).toHaveLength(2)
    await app.user.type(screen.getByLabelText('E-mail'), 'an')
    await app.user.type(screen.getByLabelText('Hasło'), 'abc')
    await app.user.click(screen.getByRole('button', { name: 'Zaloguj się' }))
    expect(await screen.findByText('Minimum 3 znaki')).toBeTruthy()
    expect(screen.getByText('Minimum 6 znaków')).toBeTruthy()
    expectNoEnglish()

    // A refused login in Polish.
    app.api.on('POST', '/api/auth/login', () => problem('EMAIL_NOT_VERIFIED'))
    await app.user.clear(screen.getByLabelText('E-mail'))
    await app.user.type(screen.getByLabelText('E-mail'), 'ann@example.com')
    await app.user.type(screen.getByLabelText('Hasło'), '-horse')
    await app.user.click(screen.getByRole('button', { name: 'Zaloguj się' }))
    expect(await screen.findByText('Adres e-mail nie został jeszcze potwierdzony')).toBeTruthy()

    // Links stay in Polish: to the reset page and back.
    await app.user.click(screen.getByRole('link', { name: 'Nie pamiętasz hasła?' }))
    expect(await screen.findByRole('heading', { name: 'Nie pamiętasz hasła' })).toBeTruthy()
    expect(app.pathname()).toBe('/pl/app/forgot-password')
    expect(
      screen.getByText('Podaj swój adres e-mail, a wyślemy Ci link do zresetowania hasła.'),
    ).toBeTruthy()
    expect(hrefOf('English')).toBe('/app/forgot-password')
    expectNoEnglish()
    await app.user.click(screen.getByRole('link', { name: 'Wróć do logowania' }))
    expect(await screen.findByRole('heading', { name: 'Zaloguj się' })).toBeTruthy()
    expect(app.pathname()).toBe('/pl/app/login')
    app.unmount()
  })

  it('the second step of a Polish log-in is Polish too', async () => {
    const app = await renderApp('/pl/app/login')
    app.api.on('POST', '/api/auth/login', () => json(200, challenge))
    await screen.findByRole('heading', { name: 'Zaloguj się' })
    await app.user.type(screen.getByLabelText('E-mail'), 'ann@example.com')
    await app.user.type(screen.getByLabelText('Hasło'), 'correct-horse')
    await app.user.click(screen.getByRole('button', { name: 'Zaloguj się' }))
    expect(await screen.findByRole('heading', { name: 'Weryfikacja dwuetapowa' })).toBeTruthy()
    expect(
      screen.getByText(
        'Użyj klucza dostępu lub wpisz 6-cyfrowy kod z aplikacji uwierzytelniającej.',
      ),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Użyj klucza dostępu' })).toBeTruthy()
    expect(screen.getByText('lub')).toBeTruthy()
    expect(screen.getByLabelText('Kod z aplikacji')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Użyj kodu odzyskiwania' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Wróć do logowania' })).toBeTruthy()
    await app.user.click(screen.getByRole('button', { name: 'Zweryfikuj' }))
    expect(await screen.findByText('Pole wymagane')).toBeTruthy()
    await app.user.type(screen.getByLabelText('Kod z aplikacji'), '12')
    await app.user.click(screen.getByRole('button', { name: 'Zweryfikuj' }))
    expect(await screen.findByText('Wpisz 6 cyfr widocznych w aplikacji')).toBeTruthy()
    expectNoEnglish()
    await app.user.click(screen.getByRole('button', { name: 'Użyj kodu odzyskiwania' }))
    expect(await screen.findByLabelText('Kod odzyskiwania')).toBeTruthy()
    expect(
      screen.getByText(
        'Wpisz jeden z kodów odzyskiwania zapisanych podczas konfiguracji aplikacji uwierzytelniającej.',
      ),
    ).toBeTruthy()
    expectNoEnglish()
    app.unmount()
  })

  it('/pl/app/register registers a Polish account and says so in Polish', async () => {
    const app = await renderApp('/pl/app/register')
    app.api.on('POST', '/api/auth/register', () => json(202, { status: 'pending-verification' }))
    expect(await screen.findByRole('heading', { name: 'Zarejestruj się' })).toBeTruthy()
    expect(screen.getByText('Załóż konto, aby wymieniać w pełni zgodnie z prawem.')).toBeTruthy()
    expect(hrefOf('Zaloguj się')).toBe('/pl/app/login')
    expect(hrefOf('English')).toBe('/app/register')
    expectNoEnglish()

    await app.user.type(screen.getByLabelText('E-mail'), 'ann@')
    await app.user.type(screen.getByLabelText('Hasło'), 'abc')
    await app.user.click(screen.getByRole('button', { name: 'Zarejestruj się' }))
    expect(
      await screen.findByText('Pole „E-mail” musi zawierać poprawny adres e-mail'),
    ).toBeTruthy()
    expect(screen.getByText('Minimum 6 znaków')).toBeTruthy()
    expect(screen.getByText('Pole „Akceptacja regulaminu” musi być zaznaczone')).toBeTruthy()
    expectNoEnglish()

    await app.user.type(screen.getByLabelText('E-mail'), 'example.com')
    await app.user.type(screen.getByLabelText('Hasło'), '-horse')
    await app.user.click(screen.getByLabelText('Akceptuję Regulamin i Politykę prywatności'))
    await app.user.click(screen.getByRole('button', { name: 'Zarejestruj się' }))
    expect(await screen.findByRole('heading', { name: 'Rejestracja zakończona' })).toBeTruthy()
    expect(app.pathname()).toBe('/pl/app/register/success')
    expect(app.api.last('POST', '/api/auth/register')?.body).toEqual({
      email: 'ann@example.com',
      password: 'abc-horse',
      locale: 'pl',
    })
    expect(hrefOf('Do logowania')).toBe('/pl/app/login')
    expectNoEnglish()
    app.unmount()
  })

  it('the English registration sends no language', async () => {
    const app = await renderApp('/app/register')
    app.api.on('POST', '/api/auth/register', () => json(202, { status: 'pending-verification' }))
    await screen.findByRole('heading', { name: 'Sign up' })
    expect(hrefOf('Polski')).toBe('/pl/app/register')
    await app.user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await app.user.type(screen.getByLabelText('Password'), 'abc-horse')
    await app.user.click(screen.getByLabelText('I accept Terms and Conditions and Privacy Policy'))
    await app.user.click(screen.getByRole('button', { name: 'Sign up' }))
    await screen.findByRole('heading', { name: 'Registration successful' })
    expect(app.api.last('POST', '/api/auth/register')?.body).toEqual({
      email: 'ann@example.com',
      password: 'abc-horse',
    })
    app.unmount()
  })

  it('/pl/app/verify-email confirms in Polish and leads to the Polish log-in', async () => {
    const api = new FakeApi().on('GET', '/api/auth/verify-email', () =>
      json(200, { status: 'password-to-choose' }),
    )
    const app = await renderApp('/pl/app/verify-email/ev_pl-token', { api })
    expect(
      await screen.findByRole('heading', { name: 'Adres e-mail został potwierdzony' }),
    ).toBeTruthy()
    expect(screen.getByText('Możesz się teraz zalogować.')).toBeTruthy()
    expect(
      screen.getByText(
        'Ten adres został zarejestrowany więcej niż raz, dlatego wysłaliśmy Ci e-mailem link do ustawienia hasła.',
      ),
    ).toBeTruthy()
    expect(hrefOf('Do logowania')).toBe('/pl/app/login')
    // A one-time link's page has no switch: following it again would spend nothing but fail.
    expect(screen.queryByRole('link', { name: 'English' })).toBeNull()
    expectNoEnglish()
    app.unmount()
  })

  it('/pl/app/verify-email says it is loading in Polish while the link is checked', async () => {
    const api = new FakeApi().hold('GET', '/api/auth/verify-email')
    const app = await renderApp('/pl/app/verify-email/ev_pl-wait', { api })
    expect(await screen.findByText('Ładowanie...')).toBeTruthy()
    await app.api.answer('GET', '/api/auth/verify-email', json(200, { status: 'verified' }))
    expect(
      await screen.findByRole('heading', { name: 'Adres e-mail został potwierdzony' }),
    ).toBeTruthy()
    app.unmount()
  })

  it('/pl/app/end-session and /pl/app/set-new-password speak Polish', async () => {
    const end = await renderApp('/pl/app/end-session/es_pl-token')
    expect(await screen.findByRole('heading', { name: 'Zakończyć tę sesję?' })).toBeTruthy()
    expect(
      screen.getByText('Spowoduje to wylogowanie urządzenia wskazanego w e-mailu.'),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Zakończ sesję' })).toBeTruthy()
    expectNoEnglish()
    end.unmount()

    const reset = await renderApp('/pl/app/set-new-password/rs_pl-token')
    expect(await screen.findByRole('heading', { name: 'Ustaw nowe hasło' })).toBeTruthy()
    expect(screen.getByText('Wybierz nowe hasło o długości co najmniej 6 znaków.')).toBeTruthy()
    await reset.user.click(screen.getByRole('button', { name: 'Zapisz hasło' }))
    expect(await screen.findByText('Pole wymagane')).toBeTruthy()
    expect(hrefOf('Wróć do logowania')).toBe('/pl/app/login')
    expectNoEnglish()
    reset.unmount()
  })

  it('an unknown prefix is not a language: /xx/app/login is the English "Page not found"', async () => {
    const app = await renderApp('/xx/app/login')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy()
    app.unmount()
    // Under /pl too, as the server's one 404 page says it (hydrated without a mismatch).
    const polish = await renderApp('/pl/app/no-such-page')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy()
    polish.unmount()
  })
})
