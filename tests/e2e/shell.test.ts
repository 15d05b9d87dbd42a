import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { startAppServer, type AppServer } from './support/app-server'
import { launchChromium } from './support/chromium'

describe('the product as npm start serves it, in Chromium', () => {
  let server: AppServer | undefined
  let chromium: { browser: Browser; close(): Promise<void> } | undefined

  beforeAll(async () => {
    server = await startAppServer()
    chromium = await launchChromium()
  })
  const browserOf = () => {
    if (!chromium) throw new Error('Chromium did not start')
    return chromium.browser
  }
  const urlOf = () => {
    if (!server) throw new Error('the server did not start')
    return server.url
  }

  afterAll(async () => {
    await chromium?.close()
    await server?.stop()
  })

  it('serves the landing page at /', async () => {
    const context = await browserOf().newContext()
    const page = await context.newPage()
    const response = await page.goto(urlOf() + '/')
    expect(response?.status()).toBe(200)
    // The first load shows the ~750 ms splash ('Loading...') before the landing page.
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 10_000 })
      .toContain('Exchange crypto with full legal compliance')
    await context.close()
  })

  it('shows the splash at / for about 750 ms (± 100 ms), then the landing page at once', async () => {
    /** One first load in a fresh context: from the splash's first showing to the landing's heading. */
    async function splashShownMs(): Promise<number> {
      const context = await browserOf().newContext()
      await context.addInitScript(() => {
        // What the visitor sees, frame by frame: the landing may be laid out under the splash
        // (prerendered, decision 101), so its presence says nothing; its visibility does.
        const seen: { splash?: number; landing?: number } = {}
        Object.assign(window, { splashTimes: seen })
        const visible = (element: Element | null) =>
          element !== null && getComputedStyle(element).visibility === 'visible'
        const frame = (now: number) => {
          if (
            seen.splash === undefined &&
            visible(document.querySelector('.loading-screen-splash'))
          )
            seen.splash = now
          const splashGone = !visible(document.querySelector('.loading-screen-splash'))
          if (seen.landing === undefined && splashGone && visible(document.querySelector('h1')))
            seen.landing = now
          if (seen.landing === undefined) requestAnimationFrame(frame)
        }
        requestAnimationFrame(frame)
      })
      const page = await context.newPage()
      await page.goto(urlOf() + '/')
      await page.getByRole('heading', { level: 1 }).waitFor()
      const { splash, landing } = await page.evaluate(
        () =>
          (window as unknown as { splashTimes: { splash?: number; landing?: number } }).splashTimes,
      )
      expect(await page.locator('.loading-screen').count()).toBe(0)
      await context.close()
      if (splash === undefined || landing === undefined) throw new Error('no splash was seen')
      return landing - splash
    }
    const runs: number[] = []
    for (let i = 0; i < 3; i++) runs.push(await splashShownMs())
    console.log(`splash shown for ${runs.map((ms) => ms.toFixed(0)).join(', ')} ms`)
    const median = [...runs].sort((a, b) => a - b)[1] ?? 0
    expect(median).toBeGreaterThan(650)
    expect(median).toBeLessThan(850)
  })

  it("answers an unknown path with 'Page not found' and 'Go Home' back to /", async () => {
    const context = await browserOf().newContext()
    const page = await context.newPage()
    await page.goto(urlOf() + '/no/such/page')
    await page.getByText('Page not found').waitFor()
    await page.getByRole('link', { name: 'Go Home' }).click()
    await page.waitForURL(urlOf() + '/')
    await context.close()
  })

  it('answers GET /api/health with 200 beside the SPA', async () => {
    const res = await fetch(urlOf() + '/api/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' })
  })

  it('sends the SPA compressed, and its hashed assets cacheable for a year', async () => {
    const html = await (await fetch(urlOf() + '/')).text()
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect(script).toBeDefined()
    const res = await fetch(urlOf() + String(script), {
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toMatch(/^(br|gzip)$/)
    expect(res.headers.get('cache-control')).toContain('immutable')
  })
})
