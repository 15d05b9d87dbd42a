/**
 * Card payments through Paybis: one widget request per transaction for the customer, known to
 * Paybis by an opaque id (partnerUserId) and the account's e-mail, and the widget URL to frame.
 */
import { randomUUID } from 'node:crypto'
import { customerStatus } from '../../domain/request-lifecycle.machine.ts'
import type { Database } from '../db/database.ts'
import { AccountOnHold, NotFound, RequestConflict, UnknownAccount } from '../domain-errors.ts'
import { isOnHold } from '../staff/customer-holds.ts'
import type { PaybisApi } from '../providers/paybis/types.ts'
import { noSuchRequest } from '../i18n/common-problems.ts'
import { customerStatusWords } from '../requests/state-words.ts'

export interface PaymentDeps {
  db: Database
  paybis: PaybisApi
  now: () => Date
  /** The configured widget page: Paybis's host, or the sandbox page. */
  widgetUrl: string
  passwordless: boolean
}

export interface WidgetSession {
  requestId: string
  oneTimeToken?: string
  widgetUrl: string
}

/**
 * The widget page with requestId (and oneTimeToken) as query parameters
 * (docs/product/providers/paybis.md#widget-url).
 */
export function widgetUrlFor(base: string, requestId: string, oneTimeToken?: string): string {
  const url = new URL(base)
  url.searchParams.set('requestId', requestId)
  if (oneTimeToken) url.searchParams.set('oneTimeToken', oneTimeToken)
  return url.toString()
}

export function createPaymentService(deps: PaymentDeps) {
  const { db, now } = deps

  /**
   * The customer's own request, waiting for payment: another customer's or none is 404 (as if it
   * did not exist), any other state 409 naming the status the customer sees.
   */
  async function requirePayable(userId: string, exchangeRequestId: string): Promise<void> {
    const [request] = await db.query<{ state: string }>(
      'SELECT state FROM exchange_requests WHERE id = $1 AND user_id = $2',
      [exchangeRequestId, userId],
    )
    if (!request) throw new NotFound(noSuchRequest)
    if (request.state !== 'awaiting_payment')
      throw new RequestConflict(
        'REQUEST_STATE',
        /*i18n*/ {
          id: 'problem.request.not-payable',
          message: 'The request is {state}; it can be paid only while it is {payable}',
          values: {
            state: customerStatusWords(customerStatus(request.state)),
            payable: customerStatusWords('awaiting_payment'),
          },
        },
      )
  }

  return {
    /**
     * A widget session for the customer; with `exchangeRequestId`, for that request of theirs,
     * which must be waiting for payment (docs/product/payments.md#paying-for-a-request).
     */
    async createRequest(
      userId: string,
      options: { exchangeRequestId?: string } = {},
    ): Promise<WidgetSession> {
      const [user] = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
        userId,
      ])
      if (!user) throw new UnknownAccount()
      // Before Paybis is asked: a customer on hold starts no payment (issue 29).
      if (await isOnHold(db, userId)) throw new AccountOnHold()
      const exchangeRequestId = options.exchangeRequestId ?? null
      if (exchangeRequestId !== null) await requirePayable(userId, exchangeRequestId)
      await db.query(
        `INSERT INTO paybis_customers (user_id, partner_user_id, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_id) DO NOTHING`,
        [userId, randomUUID(), now()],
      )
      const [customer] = await db.query<{ partner_user_id: string }>(
        'SELECT partner_user_id FROM paybis_customers WHERE user_id = $1',
        [userId],
      )
      if (!customer) throw new Error('paybis customer missing after insert')
      const created = await deps.paybis.createRequest({
        partnerUserId: customer.partner_user_id,
        email: user.email,
        locale: 'en',
        passwordless: deps.passwordless,
      })
      await db.query(
        `INSERT INTO paybis_requests (request_id, user_id, exchange_request_id, created_at)
         VALUES ($1, $2, $3, $4) ON CONFLICT (request_id) DO NOTHING`,
        [created.requestId, userId, exchangeRequestId, now()],
      )
      return {
        requestId: created.requestId,
        ...(created.oneTimeToken ? { oneTimeToken: created.oneTimeToken } : {}),
        widgetUrl: widgetUrlFor(deps.widgetUrl, created.requestId, created.oneTimeToken),
      }
    },
  }
}

export type PaymentService = ReturnType<typeof createPaymentService>
