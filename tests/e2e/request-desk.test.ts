/**
 * The request desk in Chromium against the real server (docs/product/requests.md, issue 28): a
 * customer requests a quote in the app and a manager works it in the staff console, each seeing
 * the other's steps without reloading, to an accepted offer whose figures are the same strings on
 * both screens, in the database and in the e-mail, which the customer then pays by card in the
 * Paybis sandbox from the request's page, the payment showing there and on the desk's; and an offer
 * that expires by the server's clock cannot be accepted. The server runs in this process so the test can move its clock.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/main.gen.ts'
import { messagesTo } from '../server/support/accounts.ts'
import { staffOn, type StaffMember } from '../server/support/staff.ts'
import { deskAndCustomer, type DeskAndCustomer } from './support/desk-and-customer'

type Schemas = components['schemas']

/** The figures of one offer, worked by hand: 1000 × (1 − 4%) / 61087.80, to 8 decimals. */
const OFFER = {
  rate: '61087.80',
  amountPaid: '1000.00',
  amountReceived: '0.01571509',
  fee: '40.00',
}

describe('the request desk in Chromium: a customer and a manager, live', () => {
  let both: DeskAndCustomer | undefined
  let manager: StaffMember
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
    ;({ staff: manager, customer, staffPage: managerPage, customerPage } = both)
  })
  afterAll(async () => {
    await both?.stop()
  })

  /** What the page says on failure: its address and text. */
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

  /** The desk page's "State" and the customer's status, as each page shows them now. */
  const deskState = () =>
    managerPage.locator('dl.ops-details dt:text-is("State") + dd').textContent()
  const customerStatus = () => customerPage.locator('.account-lead .request-status').textContent()
  const deskSays = async (text: string) => {
    await managerPage.getByRole('status').filter({ hasText: text }).waitFor()
  }
  /** The offer card's figures on the customer's page, by label. */
  async function customerFigures(): Promise<Record<string, string>> {
    const card = customerPage.locator('dl.request-offer')
    const terms = await card.locator('dt').allTextContents()
    const values = await card.locator('dd').allTextContents()
    return Object.fromEntries(terms.map((t, i) => [t, values[i] ?? '']))
  }
  /** `datetime-local` text in UTC (the contexts' time zone) `minutes` ahead of the server. */
  const localTimeIn = (minutes: number) =>
    new Date(Date.now() + serverOf().clock.offsetMs + minutes * 60_000).toISOString().slice(0, 16)

  it('a quote request worked live to an accepted offer, the same figures everywhere', async () => {
    await reportingFailure(async () => {
      const srv = serverOf()
      // The manager watches the inbox; the customer asks for a quote.
      await managerPage.goto(at('/ops/requests'))
      await managerPage.getByRole('heading', { name: 'Requests' }).first().waitFor()
      await customerPage.getByRole('button', { name: 'Explore the service' }).click()
      const dialog = customerPage.getByRole('dialog', { name: 'Request personal quote' })
      await dialog.getByRole('heading', { name: 'Calculation' }).waitFor()
      await dialog.getByLabel('Amount', { exact: true }).fill('1000')
      await dialog.getByLabel('Currency', { exact: true }).selectOption('EUR')
      await dialog.getByLabel('Converted to').selectOption('BTC')
      await dialog.getByLabel('Message').fill('Please call me in the afternoon.')
      await dialog.getByRole('button', { name: 'Next' }).click()
      await dialog.getByRole('heading', { name: 'Contact information' }).waitFor()
      await dialog.getByLabel('Name', { exact: true }).fill('Anna Kowalska')
      await dialog.getByLabel('Contact phone').fill('+48 601 234 567')
      await dialog.getByLabel('Country').selectOption('PL')
      await dialog.getByRole('button', { name: 'Request a quote' }).click()
      await dialog.getByRole('heading', { name: 'Form has been submitted' }).waitFor()

      // It appears in the manager's inbox without a reload.
      const row = managerPage.getByRole('link', { name: customer.email })
      await row.waitFor()
      await row.click()
      const id = new URL(managerPage.url()).pathname.split('/').pop() ?? ''
      expect(id).toMatch(/^[0-9a-f-]{36}$/)
      await expect.poll(deskState).toBe('Submitted')

      // The customer follows the request on its page.
      await customerPage.goto(at(`/app/requests/${id}`))
      await expect.poll(customerStatus).toBe('Submitted')

      // Assign, start the review, ask a question.
      const action = (name: string) =>
        managerPage.getByRole('group', { name: 'Actions' }).getByRole('button', { name })
      await action('Assign to me').click()
      await deskSays('The request is assigned to you.')
      await expect.poll(deskState).toBe('Assigned')
      await action('Start the review').click()
      await deskSays('The review has started.')
      await expect.poll(customerStatus).toBe('In review')
      await action('Ask the customer').click()
      await managerPage.getByLabel('Question to the customer').fill('Which wallet will you use?')
      await managerPage.getByRole('button', { name: 'Send the question' }).click()
      await deskSays('The question was sent to the customer.')
      await expect.poll(deskState).toBe('Waiting for the customer')

      // The customer sees "Action needed" without reloading, and answers.
      await expect.poll(customerStatus).toBe('Action needed')
      await customerPage.getByText('Which wallet will you use?').waitFor()
      await customerPage.getByLabel('Your message').fill('My Ledger, address bc1q…')
      await customerPage.getByRole('button', { name: 'Send', exact: true }).click()
      await customerPage.getByRole('status').filter({ hasText: 'Your message was sent.' }).waitFor()
      await expect.poll(customerStatus).toBe('In review')
      await managerPage.getByText('My Ledger, address bc1q…').waitFor()
      await expect.poll(deskState).toBe('In review')

      // The manager makes an offer; the form works out what the customer receives and the fee.
      await action('Make an offer').click()
      await managerPage.getByLabel('Rate (price of 1 BTC in EUR)').fill(OFFER.rate)
      await managerPage.getByLabel('Amount paid (EUR)').fill(OFFER.amountPaid)
      await managerPage.getByLabel('Valid until').fill(localTimeIn(24 * 60))
      await expect
        .poll(() => managerPage.locator('#ops-offer-received').textContent())
        .toBe(`${OFFER.amountReceived} BTC`)
      expect(await managerPage.locator('#ops-offer-fee').textContent()).toBe(
        `${OFFER.fee} EUR (4%)`,
      )
      await managerPage.getByRole('button', { name: 'Send the offer' }).click()
      await deskSays('The offer was recorded.')
      await expect.poll(deskState).toBe('Offer sent')
      const offers = managerPage.getByRole('table', { name: 'Offers' })
      const deskRow = await offers.locator('tbody tr').first().locator('td').allTextContents()
      expect(deskRow.slice(0, 5)).toEqual([
        'Open',
        OFFER.rate,
        `${OFFER.amountPaid} EUR`,
        `${OFFER.amountReceived} BTC`,
        `${OFFER.fee} EUR (4%)`,
      ])

      // The customer is e-mailed, sees "Offer ready" live, and accepts.
      await expect
        .poll(async () =>
          (await messagesTo(srv, customer.email)).find((m) =>
            m.subject.startsWith('Your offer is ready'),
          ),
        )
        .toBeTruthy()
      const mail = (await messagesTo(srv, customer.email)).find((m) =>
        m.subject.startsWith('Your offer is ready'),
      )
      expect(mail?.text).toContain(`/app/requests/${id}`)
      for (const figure of Object.values(OFFER)) expect(mail?.text).toContain(figure)
      await expect.poll(customerStatus).toBe('Offer ready')
      const shown = await customerFigures()
      const shownText = Object.values(shown).join('\n')
      for (const figure of Object.values(OFFER)) expect(shownText).toContain(figure)
      expect(Object.values(shown)).toContain(`${OFFER.amountReceived} BTC`)
      expect(Object.values(shown)).toContain(`${OFFER.amountPaid} EUR`)
      const [stored] = await srv.running.db.query<Record<string, string>>(
        `SELECT rate::text, amount_paid::text, amount_received::text, fee::text
         FROM request_offers WHERE request_id = $1`,
        [id],
      )
      expect(stored).toEqual({
        rate: OFFER.rate,
        amount_paid: OFFER.amountPaid,
        amount_received: OFFER.amountReceived,
        fee: OFFER.fee,
      })
      await customerPage.getByRole('button', { name: 'Accept offer' }).click()
      await customerPage
        .getByRole('status')
        .filter({ hasText: 'You accepted the offer.' })
        .waitFor()

      // Both sides show it waiting for the payment, the desk without a reload.
      await expect.poll(customerStatus).toBe('Waiting for payment')
      await expect.poll(deskState).toBe('Waiting for payment')
      expect(
        await managerPage.locator('dl.ops-details dt:text-is("Customer sees") + dd').textContent(),
      ).toBe('Waiting for payment')

      // Every step is in the audit trail, with the state before and after.
      const auditor = await staffOn(srv, ['auditor'])
      const trail = await srv.api(
        'GET',
        '/api/ops/audit?action=request.&limit=200',
        undefined,
        auditor.auth,
      )
      expect(trail.status, trail.text).toBe(200)
      const entries = (trail.body as Schemas['AuditPage']).entries
        .filter((e) => e.targetId === id && e.action !== 'request.viewed')
        .reverse()
      expect(entries.map((e) => [e.action, e.before?.state ?? null, e.after?.state])).toEqual([
        ['request.created', null, 'submitted'],
        ['request.assignRequest', 'submitted', 'assigned'],
        ['request.startRequestReview', 'assigned', 'in_review'],
        ['request.askCustomer', 'in_review', 'awaiting_customer'],
        ['request.replyToExchangeRequest', 'awaiting_customer', 'in_review'],
        ['request.sendOffer', 'in_review', 'offer_sent'],
        ['request.acceptOffer', 'offer_sent', 'awaiting_payment'],
      ])

      // The customer pays for it by card in the Paybis sandbox, from the request's own page
      // (docs/product/payments.md#paying-for-a-request).
      const payments = customerPage.getByRole('group', { name: 'Card payments' })
      await payments.getByText('No card payment for this request yet.').waitFor()
      await payments.getByRole('button', { name: 'Pay by card' }).click()
      const payFrame = customerPage.frameLocator('iframe[title="Card payment"]')
      await payFrame.getByLabel('Amount').fill(OFFER.amountPaid)
      await payFrame.getByLabel('Pay with').selectOption('EUR')
      await payFrame.getByLabel('Receive').selectOption('BTC')
      await payFrame.getByRole('button', { name: 'Pay by card' }).click()
      await payFrame.getByRole('button', { name: 'Confirm payment' }).click()
      await payFrame.getByText(/^Payment completed/).waitFor()
      await payFrame.getByRole('button', { name: 'Close' }).click()
      // The widget gone, the page reads the request again: the payment shows, completed.
      const paymentRow = payments.getByRole('listitem')
      await paymentRow.filter({ hasText: 'Completed' }).waitFor()
      const [payment] = await srv.running.db.query<Record<string, string>>(
        `SELECT spent_amount::text AS spent, spent_currency, received_amount::text AS received,
           received_currency, exchange_request_id FROM payments WHERE user_id = $1`,
        [customer.id],
      )
      expect(payment).toMatchObject({
        spent: OFFER.amountPaid,
        spent_currency: 'EUR',
        received_currency: 'BTC',
        exchange_request_id: id,
      })
      const paid = `${payment?.spent ?? ''} EUR`
      const received = `${payment?.received ?? ''} BTC`
      expect(await paymentRow.locator('.request-amount').textContent()).toBe(
        `${paid} → ${received}`,
      )
      // 'Pay by card' stays while the request waits for the desk to complete it.
      expect(await payments.getByRole('button', { name: 'Pay by card' }).count()).toBe(1)

      // The desk sees it on the request's page: the same strings, Paybis's status beside ours.
      await managerPage.reload()
      const deskPayments = managerPage.getByRole('table', { name: 'Card payments' })
      const deskPaymentRow = deskPayments.locator('tbody tr').first()
      await deskPaymentRow.waitFor()
      const cells = await deskPaymentRow.locator('td').allTextContents()
      expect(cells.slice(0, 3)).toEqual([paid, received, 'completed'])
      expect(cells[3]).toMatch(/\(completed\)/)
    })
  })

  it('an offer past its validity by the server clock cannot be accepted', async () => {
    await reportingFailure(async () => {
      const srv = serverOf()
      const created = await srv.api(
        'POST',
        '/api/exchange-request',
        {
          fromCurrency: 'EUR',
          toCurrency: 'BTC',
          amount: 1000,
          name: 'Anna Kowalska',
          email: customer.email,
          phone: '',
          country: 'PL',
          message: '',
        },
        customer.auth,
      )
      expect(created.status, created.text).toBe(201)
      const id = (created.body as { id: string }).id
      // The desk's side of it is covered above: here over HTTP.
      const act = async (path: string, body: Record<string, unknown>) => {
        const answer = await srv.api('POST', `/api/ops/requests/${id}/${path}`, body, manager.auth)
        expect(answer.status, answer.text).toBe(200)
        return (answer.body as Schemas['DeskRequestDetails']).summary.version
      }
      let version = await act('assignment', { version: 1, assigneeId: manager.id })
      version = await act('review', { version })
      const validUntil = new Date(Date.now() + srv.clock.offsetMs + 10 * 60_000)
      await act('offer', {
        version,
        ...OFFER,
        validUntil: validUntil.toISOString(),
      })

      await customerPage.goto(at(`/app/requests/${id}`))
      await expect.poll(customerStatus).toBe('Offer ready')
      await customerPage.getByRole('button', { name: 'Accept offer' }).waitFor()
      const seen = await srv.api('GET', `/api/exchange-request/${id}`, undefined, customer.auth)
      const seenVersion = (seen.body as Schemas['CustomerRequestDetails']).version

      // Eleven minutes later on the server's clock and on the customer's.
      srv.clock.offsetMs += 11 * 60_000
      await customerPage.clock.setSystemTime(Date.now() + srv.clock.offsetMs)
      // The page says so: the offer is marked expired and can no longer be accepted.
      await customerPage.locator('.request-badge').filter({ hasText: 'Expired' }).waitFor()
      await expect
        .poll(() => customerPage.getByRole('button', { name: 'Accept offer' }).count())
        .toBe(0)
      // And the server refuses: on the version the customer saw, whether or not the expiry job
      // has moved the request on yet (then that version is stale)...
      const late = await srv.api(
        'POST',
        `/api/exchange-request/${id}/offer/acceptance`,
        { version: seenVersion },
        customer.auth,
      )
      expect(late.status, late.text).toBe(409)
      expect(['OFFER_EXPIRED', 'STALE_VERSION', 'REQUEST_STATE']).toContain(
        (late.body as Schemas['Problem']).errorType,
      )
      // The expiry job closes it, and the page follows without a reload.
      await expect.poll(customerStatus, { timeout: 15_000 }).toBe('Closed')
      // ...and on the version it has now.
      const now = await srv.api('GET', `/api/exchange-request/${id}`, undefined, customer.auth)
      const closed = now.body as Schemas['CustomerRequestDetails']
      expect(closed.offer?.state).toBe('expired')
      const refused = await srv.api(
        'POST',
        `/api/exchange-request/${id}/offer/acceptance`,
        { version: closed.version },
        customer.auth,
      )
      expect(refused.status, refused.text).toBe(409)
      expect((refused.body as Schemas['Problem']).errorType).toBe('REQUEST_STATE')
      const desk = await srv.api('GET', `/api/ops/requests/${id}`, undefined, manager.auth)
      expect((desk.body as Schemas['DeskRequestDetails']).summary.state).toBe('expired')
      await expect
        .poll(async () =>
          (await messagesTo(srv, customer.email)).some((m) =>
            m.subject.startsWith('Your offer has expired'),
          ),
        )
        .toBe(true)
    })
  })
})
