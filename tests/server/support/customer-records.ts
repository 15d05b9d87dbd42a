/**
 * Records a customer's page and export read, stored as the providers would leave them: a card
 * payment as the Paybis webhook stores it and a Sumsub delivery as the verification webhook
 * stores it. Their own suites test those paths; these tests read what they left.
 */
import { randomUUID } from 'node:crypto'
import type { TestServer } from './test-server.ts'

export async function storePayment(
  server: TestServer,
  customerId: string,
  figures: { spent: string; spentCurrency: string; received: string; receivedCurrency: string },
  at = new Date(),
): Promise<string> {
  const db = server.running.db
  const requestId = `req-${randomUUID()}`
  await db.query(
    `INSERT INTO paybis_requests (request_id, user_id, created_at) VALUES ($1, $2, $3)`,
    [requestId, customerId, at],
  )
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO payments (request_id, user_id, transaction_id, status, provider_status,
       spent_amount, spent_currency, received_amount, received_currency, provider_created_at,
       provider_event_at, created_at, updated_at, updated_by)
     VALUES ($1, $2, $3, 'completed', 'completed', $4, $5, $6, $7, $8, $8, $8, $8, 'webhook')
     RETURNING id`,
    [
      requestId,
      customerId,
      `tx-${randomUUID()}`,
      figures.spent,
      figures.spentCurrency,
      figures.received,
      figures.receivedCurrency,
      at,
    ],
  )
  if (!row) throw new Error('no payment stored')
  return row.id
}

export async function storeSumsubEvent(
  server: TestServer,
  customerId: string,
  event: { type: string; status: string; answer: 'GREEN' | 'RED' | null; happenedAt: Date },
  receivedAt = new Date(),
): Promise<void> {
  await server.running.db.query(
    `INSERT INTO sumsub_webhook_events (body_sha256, event_type, applicant_id, outcome, received_at,
       customer_id, kind, review_status, review_answer, happened_at)
     VALUES ($1, $2, $3, 'applied', $4, $5, 'kyc', $6, $7, $8)`,
    [
      randomUUID(),
      event.type,
      `app-${randomUUID()}`,
      receivedAt,
      customerId,
      event.status,
      event.answer,
      event.happenedAt,
    ],
  )
}
