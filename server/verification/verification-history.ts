/**
 * A customer's Sumsub history (issue 29): every webhook delivery tied to them, in the order
 * received, with the time it happened at Sumsub and when we received it.
 */
import type { components } from '../../openapi/main.gen.ts'
import type { Queryable } from '../db/database.ts'
import { contractKind } from './verification-requests.ts'

type VerificationEvent = components['schemas']['VerificationEvent']

interface EventRow {
  seq: string
  event_type: string
  kind: 'kyc' | 'kyb'
  review_status: string | null
  review_answer: string | null
  happened_at: Date | null
  received_at: Date
  outcome: string
  [key: string]: unknown
}

const answerOf = (value: string | null): VerificationEvent['reviewAnswer'] =>
  value === 'GREEN' || value === 'RED' ? value : null

// 'processing' exists only inside the webhook's transaction; anything else applied nothing.
const outcomeOf = (value: string): VerificationEvent['outcome'] =>
  value === 'applied' || value === 'stale' ? value : 'ignored'

export async function verificationHistoryOf(
  q: Queryable,
  userId: string,
): Promise<VerificationEvent[]> {
  const rows = await q.query<EventRow>(
    `SELECT seq::text AS seq, event_type, kind, review_status, review_answer, happened_at,
       received_at, outcome
     FROM sumsub_webhook_events WHERE customer_id = $1 AND kind IS NOT NULL ORDER BY seq`,
    [userId],
  )
  return rows.map((row) => ({
    seq: row.seq,
    type: row.event_type,
    kind: contractKind(row.kind),
    reviewStatus: row.review_status,
    reviewAnswer: answerOf(row.review_answer),
    happenedAt: row.happened_at === null ? null : new Date(row.happened_at).toISOString(),
    receivedAt: new Date(row.received_at).toISOString(),
    outcome: outcomeOf(row.outcome),
  }))
}
