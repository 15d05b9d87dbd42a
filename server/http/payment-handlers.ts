import type { Database } from '../db/database.ts'
import type { PaybisWebhooks } from '../payments/paybis-webhooks.ts'
import { paymentsOf } from '../payments/payment-records.ts'
import type { PaymentService } from '../payments/payment-service.ts'
import { requireUser } from './caller.ts'
import type { Handlers } from './typed-handlers.ts'

/** Thin glue from the payment operations to the payment service, records and webhook. */
export function paymentHandlers(
  payments: PaymentService,
  webhooks: PaybisWebhooks,
  db: Database,
): Handlers {
  return {
    async createPaybisRequest({ userId, body }) {
      const exchangeRequestId = body?.exchangeRequestId
      return {
        status: 200,
        body: await payments.createRequest(
          requireUser(userId),
          exchangeRequestId === undefined ? {} : { exchangeRequestId },
        ),
      }
    },
    async listPayments({ userId }) {
      return { status: 200, body: { items: await paymentsOf(db, requireUser(userId)) } }
    },
    // The signature was verified on the raw bytes before validation (see app.ts, payloadDigest).
    async paybisWebhook({ body, request }) {
      const raw = request.rawBody
      if (!raw) throw new Error('paybisWebhook reached without its raw body')
      const outcome = await webhooks.handle(raw, body)
      const event = {
        event: body.event,
        requestId: body.data.requestId,
        transactionId: body.data.id,
        status: body.data.status,
        outcome,
      }
      if (outcome === 'unknown-request' || outcome === 'stale')
        request.log.warn(event, 'paybis webhook changed nothing')
      else request.log.info(event, 'paybis webhook')
      return { status: 200, body: { status: 'ok' } }
    },
  }
}
