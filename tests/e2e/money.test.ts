/**
 * Money is exact, end to end in Chromium against the real server: an amount typed in the landing
 * converter, then a personal quote for the same pair and amount; the digits on the screen, in the
 * stored row (PGlite, read after the server stops) and in both e-mails are the same, and equal the
 * exact oracle's. The quote amount is typed as '1000.50' and goes out, and is stored, as 1000.
 */
import { PGlite } from '@electric-sql/pglite'
import { join } from 'node:path'
import type { Browser, Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateFromCandles } from '../../domain/exchange-rules'
import { displayedRateOracle, targetText } from '../domain/rational-oracle'
import { startAppServer, type AppServer } from './support/app-server'
import { launchChromium } from './support/chromium'
import { linkFromMailbox, type MailboxMessage } from './support/mailbox'

const PASSWORD = 'customer-password-1'

describe('the same digits on screen, in the stored quote and in the e-mails', () => {
  let server: AppServer | undefined
  let chromium: { browser: Browser; close(): Promise<void> } | undefined

  beforeAll(async () => {
    ;[server, chromium] = await Promise.all([startAppServer(), launchChromium()])
  })
  afterAll(async () => {
    await chromium?.close()
    await server?.stop()
  })

  it('converts 1000.50 EUR to BTC, then quotes it: 1000 EUR, and every figure matches', async () => {
    if (!server || !chromium) throw new Error('the server or Chromium did not start')
    const url = server.url
    const email = `money.${String(Date.now())}@example.com`
    const registered = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    expect(registered.ok).toBe(true)
    const link = await linkFromMailbox(url, email, '/app/verify-email/')
    const token = link.split('/app/verify-email/')[1] ?? ''
    expect((await fetch(`${url}/api/auth/verify-email?token=${token}`)).ok).toBe(true)

    const context = await chromium.browser.newContext({ viewport: { width: 1440, height: 900 } })
    const page = await context.newPage()
    const closes: string[] = []
    const factCalls: string[] = []
    page.on('request', (request) => {
      const method = /\/sandbox\/market\/(\w+)$/.exec(request.url())?.[1]
      if (method && method !== 'get_candles')
        factCalls.push(`${method} ${request.postData() ?? ''}`)
    })
    // Each answer's body is read as it arrives; the test waits for those reads before it uses a
    // close, and stops reading before it leaves the page (a read still running then would reject
    // unhandled).
    const reads: Promise<void>[] = []
    const readCandles = (response: Response) => {
      if (response.url().endsWith('/sandbox/market/get_candles'))
        reads.push(
          response.json().then((body: unknown) => {
            const close = rateFromCandles(body)
            if (close !== null) closes.push(close)
          }),
        )
    }
    page.on('response', readCandles)

    // The converter: 1000 EUR to BTC (the spec's defaults are EUR to BTC).
    await page.goto(`${url}/`)
    // The converter is below the fold: it loads once the page scrolls.
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.mouse.wheel(0, 400)
    await page.getByRole('contentinfo').waitFor()
    const rate = page.getByText(/^1 [A-Z]+ = [0-9.]+ [A-Z]+$/)
    await expect.poll(() => rate.innerText()).toMatch(/^1 BTC = [1-9][0-9]*\.[0-9]{2} EUR$/)
    const send = page.getByLabel('You send', { exact: true })
    const get = page.getByLabel('You get', { exact: true })
    await send.fill('1000')
    await expect.poll(() => get.inputValue(), { timeout: 5_000 }).not.toBe('0.00000000')
    page.off('response', readCandles)
    await Promise.all(reads)
    const close = closes.at(-1) ?? ''
    await expect.poll(() => get.inputValue()).toBe(targetText('1000', close, false))
    const onScreen = { received: await get.inputValue(), rate: await rate.innerText() }
    expect(onScreen.rate).toBe(displayedRateOracle('EUR', 'BTC', close, true))
    // The spec's other market calls went out with its bodies.
    expect([...new Set(factCalls)].sort()).toEqual([
      'get_currencies_info {}',
      'get_pairs_info {"pairs":["BTC-USD"]}',
      'get_trade_history {"pair":"BTC-USD","pageSize":2}',
    ])

    // The quote: same pair, '1000.50' typed, which is 1000
    // (docs/product/validation.md#quote-dialog).
    await page.goto(`${url}/app/login`)
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(`${url}/app`)
    await page.getByRole('button', { name: 'Explore the service' }).click()
    const dialog = page.getByRole('dialog', { name: 'Request personal quote' })
    const amount = dialog.getByLabel('Amount', { exact: true })
    await amount.fill('1000.50')
    await dialog.getByLabel('Converted to').selectOption('BTC')
    // Leaving the field, it shows what will be sent.
    expect(await amount.inputValue()).toBe('1000')
    await dialog.getByRole('button', { name: 'Next' }).click()
    await dialog.getByRole('heading', { name: 'Contact information' }).waitFor()
    await dialog.getByRole('button', { name: 'Request a quote' }).click()
    await dialog.getByRole('heading', { name: 'Form has been submitted' }).waitFor()
    // What the server took: the customer's own list says 1000 (the stored row follows below).
    const listed = await page.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem('auth_session') ?? '{}') as {
        token?: string
      }
      const res = await fetch('/api/exchange-request', {
        headers: { authorization: `Bearer ${session.token ?? ''}` },
      })
      return (await res.json()) as { items: { amount: unknown }[] }
    })
    expect(listed.items.map((i) => i.amount)).toEqual([1000])

    // Both e-mails name the figures on the screen, digit for digit.
    const mailbox = async () =>
      (await (await fetch(`${url}/dev/mailbox/messages`)).json()) as MailboxMessage[]
    await expect
      .poll(async () => (await mailbox()).filter((m) => m.text.includes(`Account: ${email}`)))
      .toHaveLength(1)
    const messages = await mailbox()
    const calculation = messages.find((m) => m.to === email && /personal quote/.test(m.subject))
    const notice = messages.find((m) => m.text.includes(`Account: ${email}`))
    for (const text of [calculation?.text ?? '', notice?.text ?? '']) {
      expect(text).toContain('You pay: 1000 EUR')
      expect(text).toContain(`Rate: ${onScreen.rate} (market data, `)
      expect(text).toContain('Fee: 4% ')
      expect(text).toContain(`You receive (estimate): ${onScreen.received} BTC\n`)
    }
    expect(calculation?.subject).toBe('Your personal quote: 1000 EUR to BTC — Vistula Exchange')
    await context.close()

    // The stored row, read from the server's own PGlite once it has stopped: numeric columns
    // holding the same digits.
    await server.halt()
    const db = await PGlite.create(join(server.dataDir, 'pglite'))
    try {
      const { rows } = await db.query<Record<string, unknown>>(
        `SELECT r.amount, r.quoted_rate, r.quoted_fee_percent, r.quoted_amount,
                pg_typeof(r.amount)::text AS type
           FROM exchange_requests r JOIN users u ON u.id = r.user_id WHERE u.email = $1`,
        [email],
      )
      expect(rows).toEqual([
        {
          amount: '1000',
          quoted_rate: close,
          quoted_fee_percent: '4',
          quoted_amount: onScreen.received,
          type: 'numeric',
        },
      ])
    } finally {
      await db.close()
    }
  })
})
