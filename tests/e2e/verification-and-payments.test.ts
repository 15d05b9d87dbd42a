/**
 * Verification and payments seen from both sides, in Chromium against the real server (issue 29;
 * docs/product/staff.md#verification-requests, docs/product/payments.md): a manager asks a
 * customer for KYB with a note, the customer reads it on the verification page and passes in the
 * Sumsub sandbox, and the desk sees the request fulfilled; the customer pays in the Paybis sandbox
 * while its completed webhook is lost, sees the payment processing, and the reconciliation job
 * (run by the server's clock) completes it on both screens; the customer's CSV holds the stored
 * strings. The server runs in this process so the test can move its clock and read its database.
 */
import { readFile } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messagesTo } from '../server/support/accounts.ts'
import { deskAndCustomer, type DeskAndCustomer } from './support/desk-and-customer'

const NOTE = 'Please verify your company before your first payment above 10,000 EUR.'

describe('verification and payments in Chromium: the desk and the customer', () => {
  let both: DeskAndCustomer | undefined
  let customer: DeskAndCustomer['customer']
  let managerPage: Page
  let customerPage: Page

  const serverOf = () => {
    if (!both) throw new Error('the server did not start')
    return both.server
  }
  /** The address the browser uses: the public URL (localhost), not the listening 127.0.0.1. */
  const at = (path: string) => serverOf().config.publicUrl + path

  beforeAll(async () => {
    both = await deskAndCustomer(['manager'])
    ;({ customer, staffPage: managerPage, customerPage } = both)
  })
  afterAll(async () => {
    await both?.stop()
  })

  async function pageText(page: Page) {
    return `${page.url()}:\n${await page.evaluate(() => document.body.innerText).catch(() => '?')}`
  }
  async function reportingFailure(run: () => Promise<void>) {
    try {
      await run()
    } catch (error) {
      console.error(`manager at ${await pageText(managerPage)}`)
      console.error(`customer at ${await pageText(customerPage)}`)
      throw error
    }
  }

  /** The cells of the first row of one of the customer page's tables, by its section's heading. */
  async function deskRow(section: string): Promise<string[]> {
    await managerPage.reload()
    const table = managerPage.getByRole('region', { name: section }).locator('table tbody tr')
    await table.first().waitFor()
    return table.first().locator('td').allTextContents()
  }

  it('KYB asked for, passed and seen fulfilled; a lost payment webhook recovered; the CSV exact', async () => {
    await reportingFailure(async () => {
      const srv = serverOf()
      // The manager asks for KYB with a note for the customer.
      await managerPage.goto(at(`/ops/customers/${customer.id}`))
      await managerPage.getByLabel('Verification to ask for').selectOption('KYB')
      await managerPage.getByLabel('Note for the customer').fill(NOTE)
      await managerPage.getByRole('button', { name: 'Request verification' }).click()
      await managerPage
        .getByRole('status')
        .filter({ hasText: 'Verification requested; the customer was e-mailed.' })
        .waitFor()
      await expect
        .poll(async () => (await messagesTo(srv, customer.email)).map((m) => m.text).join('\n'))
        .toContain(NOTE)

      // The customer reads it above the buttons, and passes KYB in the Sumsub sandbox.
      await customerPage.goto(at('/app/verification'))
      await customerPage.getByText(NOTE).waitFor()
      const kyb = customerPage.getByRole('region', { name: 'Business account (KYB)' })
      await kyb.getByRole('button', { name: 'Start' }).click()
      const kybFrame = customerPage.frameLocator('iframe[title="Verification (sandbox)"]')
      await kybFrame.getByText('Business verification (KYB)').waitFor()
      await kybFrame.getByRole('button', { name: 'Approve' }).click()
      await kybFrame.getByText('Approved. The server received the webhook.').waitFor()
      await kyb.getByRole('button', { name: 'Completed: approved' }).waitFor()
      await customerPage.getByRole('button', { name: 'Exit' }).click()
      // The request is fulfilled by the webhook: read again, the page no longer asks; the desk
      // sees it fulfilled.
      await customerPage.reload()
      await kyb.getByRole('button', { name: 'Completed: approved' }).waitFor()
      expect(await customerPage.getByText(NOTE).count()).toBe(0)
      expect((await deskRow('Verification requests')).join(' ')).toMatch(/KYB.*fulfilled/i)

      // The customer pays 250.50 EUR for BTC; the payment's completed webhook is lost.
      await customerPage.getByRole('link', { name: 'Vistula Exchange — home' }).click()
      await customerPage.waitForURL(at('/app'))
      await customerPage.getByRole('button', { name: 'Exchange now' }).click()
      const payFrame = customerPage.frameLocator('iframe[title="Card payment"]')
      await payFrame.getByLabel('Amount').fill('250.50')
      await payFrame.getByLabel('Pay with').selectOption('EUR')
      await payFrame.getByLabel('Receive').selectOption('BTC')
      await payFrame.getByRole('button', { name: 'Pay by card' }).click()
      await payFrame.getByRole('button', { name: 'Confirm payment' }).waitFor()
      const drop = await fetch(at('/sandbox/paybis/webhooks/drop-next'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ count: 1 }),
      })
      expect(drop.status).toBe(200)
      await payFrame.getByRole('button', { name: 'Confirm payment' }).click()
      await payFrame.getByText(/^Payment completed/).waitFor()
      await payFrame.getByRole('button', { name: 'Close' }).click()

      const stored = async () =>
        srv.running.db.query<{ status: string; spent: string; received: string }>(
          `SELECT status, spent_amount::text AS spent, received_amount::text AS received
           FROM payments WHERE user_id = $1`,
          [customer.id],
        )
      await customerPage.goto(at('/app/payments'))
      await customerPage.getByRole('heading', { name: 'Your payments' }).waitFor()
      const customerSees = async () => {
        await customerPage.getByRole('button', { name: 'Refresh' }).click()
        return customerPage.locator('main').innerText()
      }
      // Only what Paybis said before the lost webhook reached us.
      expect(await stored()).toEqual([
        { status: 'processing', spent: '250.50', received: '0.00405810' },
      ])
      await expect.poll(customerSees).toMatch(/Processing/)

      // The reconciliation job, when the server's clock says it is due, reads Paybis's list.
      const [job] = await srv.running.db.query<{ run_at: Date }>(
        "SELECT run_at FROM jobs WHERE kind = 'payments.reconcile'",
      )
      srv.clock.offsetMs += Math.max(
        0,
        new Date(job?.run_at ?? 0).getTime() - (Date.now() + srv.clock.offsetMs) + 1_000,
      )
      await expect
        .poll(async () => (await stored())[0]?.status, { timeout: 15_000 })
        .toBe('completed')
      await expect.poll(customerSees).toMatch(/Completed/)
      expect(await customerPage.locator('main').innerText()).toContain('250.50 EUR')
      expect((await deskRow('Payments')).join(' ')).toMatch(/250\.50 EUR.*completed/)

      // The customer's CSV holds the stored strings, exactly.
      await customerPage.goto(at('/app/profile'))
      const [download] = await Promise.all([
        customerPage.waitForEvent('download'),
        customerPage.getByRole('button', { name: 'Download requests and payments (CSV)' }).click(),
      ])
      const csv = await readFile(await download.path(), 'utf8')
      const [header = '', ...rows] = csv.trim().split(/\r?\n/)
      const columns = header.split(',')
      const payment = rows.map((row) => row.split(',')).find((cells) => cells[0] === 'payment')
      const cell = (name: string) => payment?.[columns.indexOf(name)]
      const [row] = await stored()
      expect(row?.status).toBe('completed')
      expect([cell('status'), cell('pay_amount'), cell('receive_amount')]).toEqual([
        'completed',
        row?.spent,
        row?.received,
      ])
    })
  })
})
