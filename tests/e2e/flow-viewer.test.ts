import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { startAppServer, type AppServer } from './support/app-server'
import { launchChromium } from './support/chromium'

describe('the live flow viewer (/flows)', () => {
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

  it('draws a machine offline and highlights the states of actors running in another tab', async () => {
    const { url, browser } = start()
    const context = await browser.newContext()
    const viewer = await context.newPage()
    await viewer.goto(url + '/flows')
    await viewer.getByRole('heading', { name: 'Flows', level: 1 }).waitFor()
    await viewer
      .getByRole('navigation', { name: 'Machines' })
      .getByRole('button', { name: /^loginForm/ })
      .click()
    await viewer.locator('.flow-diagram svg').waitFor()
    await expect
      .poll(() => viewer.getByRole('heading', { level: 2 }).textContent())
      .toBe('loginForm')
    expect(
      await viewer.getByRole('region', { name: 'Test paths' }).locator('li').count(),
    ).toBeGreaterThan(0)

    const site = await context.newPage()
    await site.goto(url + '/app/login')
    await site.getByLabel('Email').fill('someone@example.com')

    const running = viewer.getByRole('region', { name: 'Running actors' })
    await running.getByRole('cell', { name: 'loginForm', exact: true }).first().waitFor()
    await running.getByRole('cell', { name: 'auth', exact: true }).first().waitFor()
    await expect.poll(() => viewer.locator('.flow-diagram .flow-active').count()).toBeGreaterThan(0)
    expect(await viewer.locator('.flow-diagram .flow-active').first().getAttribute('id')).toMatch(
      /-state-editing-\d+$/,
    )
    await context.close()
  })

  it('plays the quote wizard offline: calculation, contact, submitting, failed, contact, submitted, and back', async () => {
    const { url, browser } = start()
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(url + '/flows')
    await page
      .getByRole('navigation', { name: 'Machines' })
      .getByRole('button', { name: /^quoteWizard/ })
      .click()
    await page.getByRole('button', { name: 'Play', exact: true, pressed: false }).click()
    await expect.poll(() => new URL(page.url()).search).toBe('?flow=quoteWizard&mode=play')
    await page.locator('.flow-diagram svg').waitFor()

    // From here on nothing may reach the network: the play runs in the page alone.
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await context.setOffline(true)

    const play = page.getByRole('region', { name: 'Play' })
    const history = play.getByRole('region', { name: 'History' }).getByRole('listitem')
    /** The diagram's highlighted state boxes, by node id. */
    const highlighted = () =>
      page
        .locator('.flow-diagram .flow-active')
        .evaluateAll((nodes) => nodes.map((n) => /-state-(.+)-\d+$/.exec(n.id)?.[1]))
    async function step(button: string | RegExp, now: string, node: string, last: RegExp) {
      const count = await history.count()
      await play.getByRole('button', { name: button }).click()
      await expect.poll(() => history.count()).toBe(count + 1)
      expect(await play.getByText(/^Now in:/).textContent()).toBe(`Now in: ${now}`)
      expect(await history.last().textContent()).toMatch(last)
      expect(await highlighted()).toContain(node)
    }

    expect(await history.allTextContents()).toEqual(['start → closed'])
    expect(await highlighted()).toEqual(['closed'])
    await step(
      /^quote\.open \(contact: /,
      'calculation',
      'calculation',
      /^quote\.open .* → calculation$/,
    )
    await step(
      'quote.next',
      'contact.editing',
      'contact__editing',
      /^quote\.next → contact\.editing$/,
    )
    await step('quote.submit', 'submitting', 'submitting', /^quote\.submit → submitting$/)
    await step(
      /^submitQuote: error/,
      'contact.failed',
      'contact__failed',
      /^submitQuote: error \(VALIDATION_ERROR\) → contact\.failed$/,
    )
    expect(await highlighted()).not.toContain('submitting')
    await step('quote.submit', 'submitting', 'submitting', /^quote\.submit → submitting$/)
    await step(/^submitQuote: done/, 'submitted', 'submitted', /^submitQuote: done .* → submitted$/)
    expect(await history.count()).toBe(7)

    await play.getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => history.count()).toBe(6)
    expect(await play.getByText(/^Now in:/).textContent()).toBe('Now in: submitting')
    expect(await highlighted()).toEqual(['submitting'])
    expect(await play.getByRole('button', { name: /^submitQuote: / }).allTextContents()).toEqual([
      'submitQuote: done (id: "q-1", status: "new")',
      'submitQuote: error (VALIDATION_ERROR)',
    ])
    expect(requests).toEqual([])
    await context.close()
  })

  it('colours the diagram with a coverage report picked from disk', async () => {
    const { url, browser } = start()
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(url + '/flows?flow=resetCountdown')
    await page.locator('.flow-diagram svg').waitFor()
    const level = (counts: Record<string, number>) => ({
      paths: [{ name: 'from requesting: requestLink done', passed: true }],
      stateCounts: counts,
      transitionCounts: {},
    })
    const report = {
      generatedAt: '2026-11-25T10:00:00.000Z',
      machines: [
        {
          id: 'resetCountdown',
          states: ['requesting', 'counting', 'expired'],
          transitions: {},
          levels: {
            machine: level({ requesting: 5, counting: 1, expired: 0 }),
            ui: level({ requesting: 2, counting: 2, expired: 2 }),
          },
        },
      ],
    }
    await page.getByLabel('Show coverage report').setInputFiles({
      name: 'coverage.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(report)),
    })
    await page.getByText('2026-11-25T10:00:00.000Z').waitFor()
    /** Each state box's coverage class, by node id. */
    const colours = () =>
      page.locator('.flow-diagram g[id*="-state-"]').evaluateAll((nodes) =>
        Object.fromEntries(
          nodes.flatMap((n) => {
            const id = /-state-(.+)-\d+$/.exec(n.id)?.[1]
            const cov = [...n.classList].find((c) => c.startsWith('cov-'))
            return id && cov ? [[id, cov]] : []
          }),
        ),
      )
    expect(await colours()).toEqual({
      requesting: 'cov-many',
      counting: 'cov-one',
      expired: 'cov-none',
    })
    await page.getByRole('radio', { name: /^UI paths/ }).check()
    await expect
      .poll(colours)
      .toEqual({ requesting: 'cov-few', counting: 'cov-few', expired: 'cov-few' })
    await context.close()
  })

  it('is not served unless FLOWS_VIEWER=1 names it', async () => {
    const { browser } = start()
    const production = await startAppServer({ FLOWS_VIEWER: '0' })
    try {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.goto(production.url + '/flows')
      await page.getByText('Page not found').waitFor()
      await context.close()
    } finally {
      await production.stop()
    }
  })
})
