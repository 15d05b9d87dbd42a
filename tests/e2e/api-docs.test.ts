import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAppServer, type AppServer } from './support/app-server'
import { launchChromium } from './support/chromium'

/**
 * The API reference (/api/docs, decision 095) as `npm start` serves it: the contract rendered in
 * Chromium with every request on this origin and nothing refused by the page's CSP.
 */
describe('the API reference in Chromium', () => {
  let server: AppServer | undefined
  let chromium: { browser: Browser; close(): Promise<void> } | undefined

  beforeAll(async () => {
    ;[server, chromium] = await Promise.all([startAppServer(), launchChromium()])
  })
  afterAll(async () => {
    await chromium?.close()
    await server?.stop()
  })

  it('renders the contract’s operations from files of this origin only', async () => {
    if (!server || !chromium) throw new Error('the server or Chromium did not start')
    const origin = new URL(server.url).origin
    const context = await chromium.browser.newContext()
    const page = await context.newPage()
    const requests: string[] = []
    const problems: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    page.on('requestfailed', (request) =>
      problems.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`),
    )
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text()))
        problems.push(`console ${message.type()}: ${message.text()}`)
    })
    // A violation is reported to the page even where the script that caused it caught the error.
    // One is expected: the bundle's copy of zod probes `new Function('')` inside a try (falling
    // back to its interpreter); no 'unsafe-eval' is granted for it (decision 095).
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        if (event.violatedDirective === 'script-src' && event.blockedURI === 'eval') return
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`)
      })
    })

    const response = await page.goto(`${server.url}/api/docs`)
    expect(response?.status()).toBe(200)
    // The login operation's summary (openapi/main.yaml), as a heading of the rendered reference.
    // Parsing and laying out the whole contract takes ~6 s in headless Chromium here.
    await page
      .getByRole('heading', { name: 'Log in with e-mail and password' })
      .first()
      .waitFor({ timeout: 60_000 })
    await page.getByRole('heading', { name: 'Exchange main API' }).first().waitFor()

    expect(requests.length).toBeGreaterThanOrEqual(4)
    expect(
      requests.filter((url) => new URL(url).origin !== origin && !url.startsWith('data:')),
    ).toEqual([])
    expect(requests.map((url) => new URL(url).pathname)).toContain('/api/docs/openapi.yaml')
    expect(problems).toEqual([])
    await context.close()
  })
})
