/**
 * The language the browser remembers (docs/product/languages.md#the-browsers-language, decision
 * 117): signed out, the signed-in area sends a Polish visitor to the Polish log-in page; signed in,
 * a Polish customer reads 'Ładowanie...' and then the Polish area, never English first; the
 * account's language, once known, is what the browser remembers.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { loadMessages } from '../../src/i18n/catalogs'
import { managerSelf } from '../../src/flows/fixtures/ops-requests'
import { anna, renderSignedIn, type Profile } from './home-support'
import { renderStaff } from './ops-support'
import { renderApp } from './support/render-app'

const HINT = 'language_hint'

/** Every English sentence of a catalog whose Polish is another text. */
function englishOf(area: string): Set<string> {
  const po = readFileSync(join(process.cwd(), 'src/locales/pl', `${area}.po`), 'utf8')
  const english = new Set<string>()
  for (const [, id, str] of po.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)) {
    const source = JSON.parse(`"${id}"`) as string
    if (source !== '' && source !== JSON.parse(`"${str}"`) && !/[{<]/.test(source))
      english.add(source)
  }
  return english
}

/** Every text put on the page from now on, as it was put there (text nodes and names). */
function recordTexts(): { texts: Set<string>; stop: () => void } {
  const texts = new Set<string>()
  const take = (node: Node) => {
    if (node instanceof Text) {
      const text = node.data.trim()
      if (text) texts.add(text)
      return
    }
    if (!(node instanceof Element)) return
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = node.getAttribute(name)
      if (value) texts.add(value)
    }
    for (const child of node.childNodes) take(child)
  }
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') take(record.target)
      else if (record.type === 'attributes') take(record.target)
      else for (const node of record.addedNodes) take(node)
    }
  })
  observer.observe(document.body, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
  })
  return {
    texts,
    stop: () => {
      observer.disconnect()
    },
  }
}

describe('the language the browser remembers', () => {
  beforeAll(async () => {
    await Promise.all([
      loadMessages('en', 'account'),
      loadMessages('pl', 'account'),
      loadMessages('en', 'public'),
      loadMessages('pl', 'public'),
    ])
  }, 60_000)
  afterEach(() => {
    window.localStorage.clear()
  })

  it('signed out, /app goes to /pl/app/login where the browser remembers Polish', async () => {
    window.localStorage.setItem(HINT, 'pl')
    const app = await renderApp('/app')
    expect(await screen.findByRole('heading', { name: 'Zaloguj się' })).toBeTruthy()
    expect(app.pathname()).toBe('/pl/app/login')
    app.unmount()

    const deeper = await renderApp('/app/requests')
    await screen.findByRole('heading', { name: 'Zaloguj się' })
    expect(deeper.pathname()).toBe('/pl/app/login')
    deeper.unmount()
  })

  it('signed out, /app goes to the English /app/login without a hint, or with English', async () => {
    const app = await renderApp('/app')
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy()
    expect(app.pathname()).toBe('/app/login')
    app.unmount()

    window.localStorage.setItem(HINT, 'en')
    const english = await renderApp('/app/profile')
    await screen.findByRole('heading', { name: 'Log in' })
    expect(english.pathname()).toBe('/app/login')
    english.unmount()

    // Anything else stored under the key is no language.
    window.localStorage.setItem(HINT, 'de')
    const unknown = await renderApp('/app')
    await screen.findByRole('heading', { name: 'Log in' })
    expect(unknown.pathname()).toBe('/app/login')
    unknown.unmount()
  })

  it('a Polish customer who logs out lands on the Polish log-in page', async () => {
    const app = await renderSignedIn('/app/profile', { profile: { ...anna, locale: 'pl' } })
    app.api.on('POST', '/api/auth/logout', () => new Response(null, { status: 204 }))
    await app.user.click(
      await screen.findByRole('button', { name: 'Wyloguj się' }, { timeout: 5000 }),
    )
    await screen.findByRole('heading', { name: 'Zaloguj się' })
    expect(app.pathname()).toBe('/pl/app/login')
    expect(app.reloads).toEqual(['/pl/app/login'])
    app.unmount()
  })

  it('the Polish log-in card’s logo leads to /app, which is the Polish log-in signed out', async () => {
    const app = await renderApp('/pl/app/register')
    await screen.findByRole('heading', { name: 'Zarejestruj się' })
    const logo = screen.getByRole('link', { name: 'Vistula Exchange — strona główna' })
    expect(logo.getAttribute('href')).toBe('/app')
    await app.user.click(logo)
    await screen.findByRole('heading', { name: 'Zaloguj się' })
    expect(app.pathname()).toBe('/pl/app/login')
    app.unmount()

    // The English card's logo as before: /app, then the English log-in.
    window.localStorage.clear()
    const english = await renderApp('/app/register')
    await screen.findByRole('heading', { name: 'Sign up' })
    await english.user.click(screen.getByRole('link', { name: 'Vistula Exchange — home' }))
    await screen.findByRole('heading', { name: 'Log in' })
    expect(english.pathname()).toBe('/app/login')
    english.unmount()
  })

  it('a Polish customer reads Polish from the first screen: no English before the Polish area', async () => {
    const polishAnna: Profile = { ...anna, locale: 'pl' }
    window.localStorage.setItem(HINT, 'pl')
    const seen = recordTexts()
    const app = await renderSignedIn('/app', { profile: polishAnna })
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).textContent).toBe(
      'Witaj, Anna',
    )
    seen.stop()
    expect(seen.texts).toContain('Ładowanie...')
    expect(seen.texts).not.toContain('Loading...')
    const english = new Set([...englishOf('account'), ...englishOf('public')])
    expect([...seen.texts].filter((text) => english.has(text))).toEqual([])
    expect(document.documentElement.lang).toBe('pl')
    app.unmount()
  })

  it('a deeper page too: /app/profile shows no English before its Polish heading', async () => {
    window.localStorage.setItem(HINT, 'pl')
    const seen = recordTexts()
    const app = await renderSignedIn('/app/profile', { profile: { ...anna, locale: 'pl' } })
    await screen.findByRole('heading', { name: 'Profil' }, { timeout: 5000 })
    seen.stop()
    expect(seen.texts).not.toContain('Loading...')
    expect(seen.texts).not.toContain('Profile')
    app.unmount()
  })

  it('an account in English shown after a Polish hint: the area switches, the browser learns', async () => {
    window.localStorage.setItem(HINT, 'pl')
    const app = await renderSignedIn('/app', { profile: anna })
    await waitFor(
      () => {
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Anna')
      },
      { timeout: 5000 },
    )
    expect(window.localStorage.getItem(HINT)).toBe('en')
    expect(document.documentElement.lang).toBe('en')
    app.unmount()
  })

  it('without a hint, an English customer sees the spec’s Loading... and the browser learns', async () => {
    const seen = recordTexts()
    const app = await renderSignedIn('/app', { profile: anna })
    await screen.findByRole('heading', { name: 'Welcome, Anna' }, { timeout: 5000 })
    seen.stop()
    expect(seen.texts).toContain('Loading...')
    expect(seen.texts).not.toContain('Ładowanie...')
    expect(window.localStorage.getItem(HINT)).toBe('en')
    app.unmount()
  })

  it('a Polish account without a hint: remembered, so the next visit starts in Polish', async () => {
    const app = await renderSignedIn('/app', { profile: { ...anna, locale: 'pl' } })
    await screen.findByRole('heading', { name: 'Witaj, Anna' }, { timeout: 5000 })
    expect(window.localStorage.getItem(HINT)).toBe('pl')
    app.unmount()
  })
  it('a Polish staff member reads Polish from the console’s first screen, and it is remembered', async () => {
    window.localStorage.setItem(HINT, 'pl')
    const seen = recordTexts()
    const app = await renderStaff('/ops', { self: { ...managerSelf, locale: 'pl' } })
    await waitFor(
      () => {
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Konsola pracowników')
      },
      { timeout: 5000 },
    )
    seen.stop()
    expect(seen.texts).toContain('Ładowanie...')
    expect(seen.texts).not.toContain('Loading...')
    const english = new Set([...englishOf('ops'), ...englishOf('public')])
    expect([...seen.texts].filter((text) => english.has(text))).toEqual([])
    app.unmount()

    // A staff member whose account is English: the console is English, and so is the hint now.
    const again = await renderStaff('/ops', { self: { ...managerSelf, locale: 'en' } })
    await waitFor(
      () => {
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Staff console')
      },
      { timeout: 5000 },
    )
    expect(window.localStorage.getItem(HINT)).toBe('en')
    again.unmount()
  })
})
