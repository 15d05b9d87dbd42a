/**
 * The CSP's hashes are those of the exact inline code the served page runs (issue 26, decision
 * 107): the build captures what react-gtm-module and react-calendly insert, and here Chromium
 * shows that the header's hashes and the page's inline scripts and stylesheets are the same set.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sha256Source } from '../../server/http/inline-sources.ts'
import { startAppServer, type AppServer } from './support/app-server'
import { launchChromium } from './support/chromium'

/** The sources of one directive of a policy. */
function directive(policy: string, name: string): string[] {
  const found = policy.split(';').find((part) => part.trim().startsWith(`${name} `))
  return found?.trim().split(/\s+/).slice(1) ?? []
}

const hashesIn = (sources: string[]) => sources.filter((s) => s.startsWith("'sha256-"))

describe('the CSP and the inline code of the landing page', () => {
  let server: AppServer | undefined
  let chromium: { browser: Browser; close(): Promise<void> } | undefined

  beforeAll(async () => {
    ;[server, chromium] = await Promise.all([
      startAppServer({ GTM_CONTAINER_ID: 'GTM-TEST123' }),
      launchChromium(),
    ])
  })
  afterAll(async () => {
    await chromium?.close()
    await server?.stop()
  })

  it('allows by hash exactly the scripts and stylesheets the page has inline, and blocks nothing', async () => {
    if (!server || !chromium) throw new Error('the server or Chromium did not start')
    const context = await chromium.browser.newContext()
    // The providers' hosts cannot be reached here: they answer locally, with nothing to run.
    await context.route(
      /^https:\/\/(www\.googletagmanager\.com|calendly\.com|assets\.calendly\.com)\//,
      (route) =>
        route.fulfill(
          route.request().resourceType() === 'script'
            ? { contentType: 'text/javascript', body: '' }
            : { contentType: 'text/html', body: '<!doctype html><title>Scheduling</title>' },
        ),
    )
    await context.addInitScript(() => {
      const w = window as unknown as { violations: string[] }
      w.violations = []
      document.addEventListener('securitypolicyviolation', (event) => {
        // react-calendly inserts its <style> empty and fills it after: the empty one, which holds
        // no rule, is reported; the filled one is allowed by its hash (checked below).
        if (event.effectiveDirective === 'style-src-elem' && event.sample === '') return
        w.violations.push(`${event.effectiveDirective}: ${event.blockedURI} ${event.sample}`)
      })
    })
    const page = await context.newPage()
    const answer = await page.goto(`${server.url}/`)
    const policy = answer?.headers()['content-security-policy'] ?? ''

    // The tag manager's loader goes in on consent, Calendly's stylesheet with its modal.
    const banner = page.getByRole('region', { name: 'Cookies' })
    await banner.getByRole('button', { name: 'Enable All' }).click()
    await expect
      .poll(() => page.evaluate(() => document.head.innerHTML.includes('GTM-TEST123')))
      .toBe(true)
    await page.getByRole('button', { name: 'Book a meeting with our expert' }).click()
    await page.getByRole('dialog').locator('iframe').waitFor()

    const inline = await page.evaluate(() => ({
      scripts: [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent),
      styles: [...document.querySelectorAll('style')].map((s) => s.textContent),
    }))
    // The prerendered page's own stylesheet, Calendly's, and the tag manager's loader.
    expect(inline.styles.length).toBe(2)
    expect(inline.scripts.length).toBe(1)
    expect(new Set(inline.scripts.map(sha256Source))).toEqual(
      new Set(hashesIn(directive(policy, 'script-src'))),
    )
    expect(new Set(inline.styles.map(sha256Source))).toEqual(
      new Set(hashesIn(directive(policy, 'style-src'))),
    )
    expect(
      await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
    ).toEqual([])
    await context.close()
  })
})
