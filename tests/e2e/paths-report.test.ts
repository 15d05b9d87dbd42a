import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Locator } from 'playwright-core'
import { writePathsReport } from '../../scripts/paths-report/write'
import {
  checkoutMachine,
  checkoutRecords,
  failingError,
  failingPath,
} from '../support/paths-report-fixture'
import { launchChromium } from './support/chromium'

const style = (locator: Locator, property: 'fill' | 'stroke' | 'strokeDasharray') =>
  locator.evaluate((element, p) => getComputedStyle(element)[p], property)

describe('the path coverage report, opened from disk as QA opens it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paths-report-e2e-'))
  let chromium: { browser: Browser; close(): Promise<void> } | undefined

  beforeAll(async () => {
    writePathsReport(dir, [checkoutMachine], checkoutRecords)
    chromium = await launchChromium()
  })
  afterAll(async () => {
    await chromium?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('shows the machine with its coloured diagram, what no path walked and the failing step', async () => {
    if (!chromium) throw new Error('Chromium did not start')
    // Offline, and every request recorded: the page must need nothing but its own file.
    const context = await chromium.browser.newContext({ offline: true })
    const page = await context.newPage()
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    const url = pathToFileURL(join(dir, 'index.html')).href
    await page.goto(url)

    await page.getByRole('heading', { name: 'Path coverage', level: 1 }).waitFor()
    await page
      .getByRole('navigation', { name: 'Machines' })
      .getByRole('link', { name: 'checkout' })
      .click()
    expect(page.url()).toBe(`${url}#checkout`)
    await expect
      .poll(() => page.getByRole('heading', { name: 'checkout', level: 2 }).isVisible())
      .toBe(true)

    const level = page.getByRole('region', { name: 'checkout: Machine level' })
    const diagram = level.getByRole('img', { name: 'checkout: Machine level' })
    await diagram.scrollIntoViewIfNeeded()
    expect(await diagram.isVisible()).toBe(true)
    expect((await diagram.boundingBox())?.width).toBeGreaterThan(200)

    // Walked by 3 paths: the 2–4 green, with its count written in the box.
    const editing = diagram.locator('[data-state="editing"]')
    expect(await style(editing.locator('rect').first(), 'fill')).toBe('rgb(200, 230, 201)')
    expect(await editing.textContent()).toContain('3 paths')
    // No path reached 'retrying': red, dashed and saying so.
    const retrying = diagram.locator('[data-state="failed.retrying"]')
    expect(await style(retrying.locator('rect').first(), 'stroke')).toBe('rgb(198, 40, 40)')
    expect(await style(retrying.locator('rect').first(), 'strokeDasharray')).not.toBe('none')
    expect(await retrying.textContent()).toContain('not walked')

    // No path opened the help: its arrow is red and dashed, its label says ×0.
    const help = diagram.locator('.arrow[data-transition="editing|help.open|0"] path')
    expect(await style(help, 'stroke')).toBe('rgb(198, 40, 40)')
    expect(await style(help, 'strokeDasharray')).not.toBe('none')
    expect(await diagram.getByText('help.open ×0').isVisible()).toBe(true)
    expect(
      await level.getByText('Transitions no path took: editing ↺ (help.open)').isVisible(),
    ).toBe(true)

    const failures = level.getByRole('region', { name: 'Failing paths' })
    expect(await failures.getByText(failingPath).isVisible()).toBe(true)
    expect(await failures.getByText('Failed at step 3: form.edit').isVisible()).toBe(true)
    expect(await failures.getByText(failingError).isVisible()).toBe(true)

    // Nothing ran through the UI: that level says so and its diagram is all uncovered.
    const ui = page.getByRole('region', { name: 'checkout: UI level' })
    expect(await ui.getByText('no path ran').isVisible()).toBe(true)
    expect(await ui.locator('.state:not(.cov-none)').count()).toBe(0)

    expect(requests.filter((r) => !r.startsWith('file:'))).toEqual([])
    await context.close()
  })
})
