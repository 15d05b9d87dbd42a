/**
 * What Paybis tells us about a transaction, applied to its payment (docs/product/payments.md,
 * docs/decisions/113), whether it came by webhook or through the reconciliation job: the payment
 * of a widget request we made is created on first word and moved on after that, under a lock on
 * the widget request, so two deliveries at once apply one after the other. A final status never
 * goes back; an older event after a newer one changes nothing.
 */
import type { Queryable } from '../db/database.ts'
import { mayMove, paymentStatusOf, type PaymentStatus } from '../providers/paybis/transactions.ts'
import type { PaybisTransaction } from '../providers/paybis/types.ts'

/** What became of one word from Paybis. */
export type UpdateOutcome = 'applied' | 'unchanged' | 'stale' | 'unknown-request' | 'ignored'

export interface TransactionUpdate {
  transaction: PaybisTransaction
  source: 'webhook' | 'reconciliation'
  /** When Paybis says the event happened (the webhook's timestamp); unknown for the list. */
  eventAt: Date | undefined
  receivedAt: Date
}

interface CurrentRow extends Record<string, unknown> {
  id: string
  transaction_id: string
  status: PaymentStatus
  provider_status: string
  spent_amount: string | null
  spent_currency: string | null
  received_amount: string | null
  received_currency: string | null
  provider_created_at: Date | null
  provider_event_at: Date | null
}

export async function applyTransaction(
  tx: Queryable,
  update: TransactionUpdate,
): Promise<UpdateOutcome> {
  const t = update.transaction
  const [session] = await tx.query<{
    user_id: string
    exchange_request_id: string | null
    partner_user_id: string | null
  }>(
    `SELECT r.user_id, r.exchange_request_id, c.partner_user_id
     FROM paybis_requests r LEFT JOIN paybis_customers c ON c.user_id = r.user_id
     WHERE r.request_id = $1 FOR UPDATE OF r`,
    [t.requestId],
  )
  if (!session) return 'unknown-request'
  // A transaction naming another customer than the one the request was made for is not ours.
  if (t.partnerUserId !== undefined && t.partnerUserId !== session.partner_user_id)
    return 'unknown-request'
  const next = paymentStatusOf(t.status)
  const [current] = await tx.query<CurrentRow>(
    `SELECT id, transaction_id, status, provider_status, spent_amount::text AS spent_amount,
       spent_currency, received_amount::text AS received_amount, received_currency,
       provider_created_at, provider_event_at
     FROM payments WHERE request_id = $1`,
    [t.requestId],
  )
  if (!current) {
    // One transaction per widget request: an id already used by another request is not ours.
    const inserted = await tx.query(
      `INSERT INTO payments (request_id, user_id, exchange_request_id, transaction_id, status,
         provider_status, spent_amount, spent_currency, received_amount, received_currency,
         provider_created_at, provider_event_at, created_at, updated_at, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7::numeric, $8, $9::numeric, $10, $11, $12, $13, $13, $14)
       ON CONFLICT (transaction_id) DO NOTHING RETURNING id`,
      [
        t.requestId,
        session.user_id,
        session.exchange_request_id,
        t.id,
        next,
        t.status,
        t.spent?.amount ?? null,
        t.spent?.currency ?? null,
        t.received?.amount ?? null,
        t.received?.currency ?? null,
        t.createdAt ?? null,
        update.eventAt ?? null,
        update.receivedAt,
        update.source,
      ],
    )
    return inserted.length > 0 ? 'applied' : 'ignored'
  }
  if (current.transaction_id !== t.id) return 'ignored'
  if (!mayMove(current.status, next)) return next === current.status ? 'unchanged' : 'stale'
  // Between two reports of the same standing, the newer event wins; the list has no event time.
  if (
    next === current.status &&
    update.eventAt !== undefined &&
    current.provider_event_at !== null &&
    update.eventAt.getTime() < new Date(current.provider_event_at).getTime()
  )
    return 'stale'
  const spent = t.spent ?? moneyOf(current.spent_amount, current.spent_currency)
  const received = t.received ?? moneyOf(current.received_amount, current.received_currency)
  const same =
    next === current.status &&
    t.status === current.provider_status &&
    spent?.amount === (current.spent_amount ?? undefined) &&
    spent?.currency === (current.spent_currency ?? undefined) &&
    received?.amount === (current.received_amount ?? undefined) &&
    received?.currency === (current.received_currency ?? undefined)
  if (same) return 'unchanged'
  await tx.query(
    `UPDATE payments SET status = $2, provider_status = $3, spent_amount = $4::numeric,
       spent_currency = $5, received_amount = $6::numeric, received_currency = $7,
       provider_created_at = COALESCE($8, provider_created_at),
       provider_event_at = COALESCE($9, provider_event_at), updated_at = $10, updated_by = $11
     WHERE id = $1`,
    [
      current.id,
      next,
      t.status,
      spent?.amount ?? null,
      spent?.currency ?? null,
      received?.amount ?? null,
      received?.currency ?? null,
      t.createdAt ?? null,
      update.eventAt ?? null,
      update.receivedAt,
      update.source,
    ],
  )
  return 'applied'
}

function moneyOf(amount: string | null, currency: string | null) {
  return amount !== null && currency !== null ? { amount, currency } : undefined
}
