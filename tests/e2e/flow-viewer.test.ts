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
