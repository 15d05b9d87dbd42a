import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { startAppServer, type AppServer } from './support/app-server'
import { launchChromium } from './support/chromium'

/** Each catalog's chunk in the build the server serves: its source (src/locales/…) → its path. */
function catalogChunks(): Map<string, string> {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const manifest = JSON.parse(
    readFileSync(join(root, 'dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>
  return new Map(
    Object.entries(manifest)
      .filter(([source]) => source.startsWith('src/locales/'))
      .map(([source, chunk]) => [source, `/${chunk.file}`]),
  )
}

/**
 * The landing in English at / and in Polish at /pl (docs/product/languages.md#public-pages):
 * prerendered, each with its language, its canonical address and the other's (hreflang).
 */
describe('the landing per language', () => {
  let server: AppServer | undefined
  let chromium: { browser: Browser; close(): Promise<void> } | undefined

  beforeAll(async () => {
    server = await startAppServer()
    chromium = await launchChromium()
  })
  afterAll(async () => {
    await chromium?.close()
    await server?.stop()
  })
  const start = () => {
    if (!server || !chromium) throw new Error('the server or Chromium did not start')
    return { url: server.url, browser: chromium.browser }
  }

  /** The head's language links, as a crawler reads them. */
  const headOf = (html: string) => {
    const head = html.slice(0, html.indexOf('</head>'))
    return {
      lang: /<html lang="([^"]*)">/.exec(html)?.[1],
      title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
      canonical: [...head.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => m[1]),
      alternates: Object.fromEntries(
        [...head.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)"/g)].map(
          (m): [string, string] => [m[1] ?? '', m[2] ?? ''],
        ),
      ) as Record<string, string>,
    }
  }

  it('serves /pl as Polish HTML and / as English, each pointing at the other', async () => {
    const { url } = start()
    const polish = await fetch(url + '/pl')
    expect(polish.status).toBe(200)
    expect(polish.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const polishHtml = await polish.text()
    const alternates = { en: `${url}/`, pl: `${url}/pl`, 'x-default': `${url}/` }
    expect(headOf(polishHtml)).toEqual({
      lang: 'pl',
      title: 'Wymieniaj kryptowaluty w pełnej zgodzie z prawem',
      canonical: [`${url}/pl`],
      alternates,
    })
    // The page itself, before any script: Polish, with the link back to English.
    expect(polishHtml).toContain('<span class="loading-text">Ładowanie...</span>')
    expect(polishHtml).toContain('>Wymieniaj kryptowaluty w pełnej zgodzie z prawem')
    expect(polishHtml).toContain('<a href="/" hrefLang="en" lang="en">English</a>')
    expect(polishHtml).not.toContain('Exchange crypto with full legal compliance')

    const englishHtml = await (await fetch(url + '/')).text()
    expect(headOf(englishHtml)).toEqual({
      lang: 'en',
      title: 'Exchange crypto with full legal compliance',
      canonical: [`${url}/`],
      alternates,
    })
    expect(englishHtml).toContain('<a href="/pl" hrefLang="pl" lang="pl">Polski</a>')
    expect(englishHtml).not.toContain('Wymieniaj')
  })

  it('never redirects by Accept-Language, and an unknown language prefix is Page not found', async () => {
    const { url } = start()
    const preferringPolish = await fetch(url + '/', {
      headers: { 'accept-language': 'pl-PL,pl;q=0.9' },
      redirect: 'manual',
    })
    expect(preferringPolish.status).toBe(200)
    expect(headOf(await preferringPolish.text()).lang).toBe('en')
    for (const path of ['/xx', '/de', '/pl/nothing-here']) {
      const answer = await fetch(url + path)
      expect(answer.status, path).toBe(404)
      expect(await answer.text()).toContain('Page not found')
    }
  })

  it('offers /pl once to a Chromium that prefers Polish, on the English page it asked for', async () => {
    const { url, browser } = start()
    const context = await browser.newContext({ locale: 'pl-PL' })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto(url + '/')
    // No redirect: the English page, with the offer in Polish once it has come alive.
    const offer = page.getByRole('complementary', { name: 'Wersja polska' })
    await offer.getByText('Ta strona jest dostępna po polsku.').waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
    await offer.getByRole('link', { name: 'Przejdź do wersji polskiej' }).click()
    await page.waitForURL(url + '/pl')
    // Made once: the page's browser remembers it (tests/ui/language-offer.test.tsx goes on).
    expect(await page.evaluate(() => localStorage.getItem('language_offered'))).toBe('1')
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows /pl in Polish without JavaScript and hydrates it without a mismatch', async () => {
    const { url, browser } = start()
    const noScripts = await browser.newContext({ javaScriptEnabled: false })
    const before = await noScripts.newPage()
    await before.goto(url + '/pl')
    await before.getByText('Wymieniaj kryptowaluty w pełnej zgodzie z prawem').waitFor()

    const context = await browser.newContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto(url + '/pl')
    await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset)
    await page.getByRole('heading', { level: 1 }).waitFor()
    const landingText = (p: Page) =>
      p
        .locator('.landing-header, .landing main')
        .evaluateAll((parts) => parts.map((part) => (part as HTMLElement).innerText))
    expect(await landingText(page)).toEqual(await landingText(before))
    // Only the Polish landing catalog came with it: no sign-in page's texts, no other language.
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    )
    const catalogs = catalogChunks()
    const catalogPaths = new Set(catalogs.values())
    expect(loaded.filter((path) => catalogPaths.has(path))).toEqual([
      catalogs.get('src/locales/pl/landing.po'),
    ])
    // The language switch is a real link: it loads the English page.
    await page.getByRole('link', { name: 'English' }).click()
    await page.waitForURL(url + '/')
    await page.getByRole('link', { name: 'Polski' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
    expect(errors).toEqual([])
    await noScripts.close()
    await context.close()
  })

  it('serves /pl/app/login, register and forgot-password as Polish HTML, each pointing back', async () => {
    const { url } = start()
    for (const page of ['/app/login', '/app/register', '/app/forgot-password']) {
      const polish = await fetch(url + '/pl' + page)
      expect(polish.status, page).toBe(200)
      const polishHtml = await polish.text()
      const alternates = { en: url + page, pl: `${url}/pl${page}`, 'x-default': url + page }
      expect(headOf(polishHtml), page).toEqual({
        lang: 'pl',
        title: 'Wymieniaj kryptowaluty w pełnej zgodzie z prawem',
        canonical: [`${url}/pl${page}`],
        alternates,
      })
      expect(polishHtml).toContain(
        `<a href="${page}" hrefLang="en" lang="en" class="text-link">English</a>`,
      )
      const englishHtml = await (await fetch(url + page)).text()
      expect(headOf(englishHtml), page).toEqual({
        lang: 'en',
        title: 'Exchange crypto with full legal compliance',
        canonical: [url + page],
        alternates,
      })
      expect(englishHtml).toContain(
        `<a href="/pl${page}" hrefLang="pl" lang="pl" class="text-link">Polski</a>`,
      )
    }
    // The log-in page before any script: Polish, its links under /pl, no English sentence.
    const login = await (await fetch(url + '/pl/app/login')).text()
    expect(login).toContain('>Zaloguj się</h1>')
    expect(login).toContain('Witaj ponownie. Zaloguj się na swoje konto.')
    expect(login).toContain('href="/pl/app/forgot-password"')
    expect(login).toContain('href="/pl/app/register"')
    expect(login).not.toContain('Welcome back')
    expect(login).not.toContain('Forgot password?')
    const unknown = await fetch(url + '/xx/app/login')
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('Page not found')
  })

  it('shows /pl/app/login in Polish without JavaScript and hydrates it without a mismatch', async () => {
    const { url, browser } = start()
    const noScripts = await browser.newContext({ javaScriptEnabled: false })
    const before = await noScripts.newPage()
    await before.goto(url + '/pl/app/login')
    await before.getByRole('heading', { name: 'Zaloguj się' }).waitFor()
    await before.getByLabel('Hasło').waitFor()

    const context = await browser.newContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto(url + '/pl/app/login')
    await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset)
    const cardText = (p: Page) => p.locator('.auth-card').innerText()
    expect(await cardText(page)).toEqual(await cardText(before))
    await page.getByRole('link', { name: 'Zarejestruj się' }).click()
    await page.getByRole('heading', { name: 'Zarejestruj się' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/pl/app/register')
    await page.getByRole('link', { name: 'English' }).click()
    await page.waitForURL(url + '/app/register')
    await page.getByRole('heading', { name: 'Sign up' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
    expect(errors).toEqual([])
    await noScripts.close()
    await context.close()
  })
})
