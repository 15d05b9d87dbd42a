import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { startAppServer, type AppServer } from './support/app-server'
import { launchChromium } from './support/chromium'

/**
 * The public pages arrive as HTML (issue 16, decision 101): what a visitor sees needs no
 * JavaScript, and the SPA takes the page over without changing what is on screen.
 */
describe('prerendered public pages', () => {
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
  const layout = (page: Page, selector = '#root *') =>
    page.evaluate(
      (within) =>
        [...document.querySelectorAll(within)].map((element) => {
          const box = element.getBoundingClientRect()
          return `${element.tagName} ${[box.x, box.y, box.width, box.height].map(Math.round).join(',')}`
        }),
      selector,
    )
  const visibleText = (page: Page) =>
    page.locator('body').evaluate((body) => (body as HTMLElement).innerText)

  it('shows the auth pages, the splash and Page not found with JavaScript disabled', async () => {
    const { url, browser } = start()
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()

    expect((await page.goto(url + '/app/login'))?.status()).toBe(200)
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor()
    await page.getByText('Welcome back. Log in to your account.').waitFor()
    await page.getByLabel('Email').waitFor()
    await page.getByLabel('Password').waitFor()
    await page.getByRole('button', { name: 'Log in' }).waitFor()
    await page.getByRole('link', { name: 'Forgot password?' }).waitFor()

    expect((await page.goto(url + '/app/register'))?.status()).toBe(200)
    await page.getByRole('heading', { name: 'Sign up', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Sign up' }).waitFor()

    expect((await page.goto(url + '/app/forgot-password'))?.status()).toBe(200)
    await page.getByRole('heading', { name: 'Forgot password', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Send' }).waitFor()

    // The first load of / is the splash (docs/product/screens.md#landing-splash), then the
    // landing, laid out under it, shows: the stylesheet ends the splash with no script at all.
    expect((await page.goto(url + '/'))?.status()).toBe(200)
    expect(await page.getByRole('status').textContent()).toBe('Loading...')
    const heading = page.getByText('Exchange crypto with full legal compliance')
    await heading.waitFor({ state: 'visible' })
    // Shown to assistive technology too, once the splash is over: no aria-hidden stays behind.
    await page
      .getByRole('heading', { name: 'Exchange crypto with full legal compliance', level: 1 })
      .waitFor()
    expect(await page.locator('.loading-screen-splash').isVisible()).toBe(false)
    for (const text of ['Log in', 'Sign up', 'Book a call'])
      await page.locator('.landing-header').getByText(text, { exact: true }).waitFor()

    // A path the SPA has no route for is a 404, with the SPA's own page.
    expect((await page.goto(url + '/no/such/page'))?.status()).toBe(404)
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    expect((await page.goto(url + '/app/no-such-page'))?.status()).toBe(404)
    // Compressed like the rest of the app's text (8.3 KB of HTML and CSS for /app/login).
    for (const path of ['/', '/app/login']) {
      const answer = await fetch(url + path, { headers: { 'accept-encoding': 'br, gzip' } })
      expect(answer.headers.get('content-encoding')).toBe('br')
    }
    // A customer-area page needs the browser: it is the SPA's empty shell, not a 404.
    const profile = await page.goto(url + '/app/profile')
    expect(profile?.status()).toBe(200)
    expect(await page.locator('#root').innerHTML()).toBe('')
    await context.close()
  })

  it('hydrates the auth pages without changing what a signed-out visitor sees', async () => {
    const { url, browser } = start()
    const context = await browser.newContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    const noScripts = await browser.newContext({ javaScriptEnabled: false })
    const before = await noScripts.newPage()
    for (const path of ['/app/login', '/app/register', '/app/forgot-password']) {
      // What the HTML shows before any script runs, then the same page once React has it.
      await before.goto(url + path)
      await page.goto(url + path)
      await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset)
      expect(await visibleText(page)).toBe(await visibleText(before))
      // Styled before any script, with no stylesheet to wait for: every box stands where the live
      // page has it (an unstyled first paint would shift when the route's chunk brings its CSS).
      expect(await before.locator('link[rel="stylesheet"]').count()).toBe(0)
      expect(await layout(before)).toEqual(await layout(page))
      expect(await page.locator('#root').innerHTML()).toBe(
        await before.locator('#root').innerHTML(),
      )
    }
    // The landing, once the splash is over, reads the same (the cookie banner aside, which comes
    // with the script: it reads the visitor's cookies).
    await before.goto(url + '/')
    await before
      .getByText('Exchange crypto with full legal compliance')
      .waitFor({ state: 'visible' })
    await page.goto(url + '/')
    await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset)
    await page.getByRole('heading', { level: 1 }).waitFor()
    const landingText = (p: Page) =>
      p
        .locator('.landing-header, .landing main')
        .evaluateAll((parts) => parts.map((part) => (part as HTMLElement).innerText))
    expect(await landingText(page)).toEqual(await landingText(before))
    const landingBoxes = '.landing-header *, .landing main *'
    expect(await layout(page, landingBoxes)).toEqual(await layout(before, landingBoxes))
    // / is the landing's own document (decision 103): the router and the customer area's code
    // stay off it, the SPA's entry among them.
    const spaEntry = /src="(\/assets\/index-[\w-]+\.js)"/.exec(
      await (await fetch(url + '/app/login')).text(),
    )?.[1]
    expect(spaEntry).toBeDefined()
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    )
    expect(scripts.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(0)
    expect(scripts).not.toContain(spaEntry)
    await noScripts.close()
    // React reports a hydration mismatch as an uncaught error (#418) and re-renders the page; a
    // CSP that refused the inline stylesheet would say so in the console.
    expect(errors).toEqual([])

    // The hydrated form is the live one: its validation runs in the page.
    await page.goto(url + '/app/login')
    await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByText('Required field').first().waitFor()
    await context.close()
  })

  it('keeps what the visitor typed before the page came alive', async () => {
    const { url, browser } = start()
    const context = await browser.newContext()
    const page = await context.newPage()
    // The scripts arrive only after the visitor has typed (a slow connection).
    let release = () => {}
    const scriptsMayLoad = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/assets/*.js', async (route) => {
      await scriptsMayLoad
      await route.continue()
    })
    await page.goto(url + '/app/login', { waitUntil: 'commit' })
    await page.getByLabel('Email').fill('early@example.com')
    release()
    await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset)
    expect(await page.getByLabel('Email').inputValue()).toBe('early@example.com')
    // The form knows the value too: only the password is missing.
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByText('Required field').waitFor()
    expect(await page.getByText('Required field').count()).toBe(1)
    await context.close()
  })

  it("comes alive where the browser refuses the site's storage", async () => {
    const { url, browser } = start()
    const context = await browser.newContext()
    // What Chromium does for a site whose data (cookies) the visitor blocked.
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('Access is denied for this document.', 'SecurityError')
        },
      })
    })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    for (const path of ['/', '/app/login']) {
      await page.goto(url + path)
      await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset)
    }
    // The log-in form is the live one, and a visitor without storage is simply signed out.
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByText('Required field').first().waitFor()
    expect(errors).toEqual([])
    await context.close()
  })
})
