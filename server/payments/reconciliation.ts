/**
 * Reconciliation (docs/product/payments.md#reconciliation, docs/decisions/113): a recurring job
 * reads Paybis's transaction list for the recent widget requests whose payment is not final yet,
 * and applies what it finds like a webhook would, so a lost webhook still ends in the right
 * state. Nothing is asked of Paybis while no recent session is open.
 */
import type { Database } from '../db/database.ts'
import type { PaybisTransactionsApi } from '../providers/paybis/types.ts'
import { applyTransaction, type UpdateOutcome } from './payment-updates.ts'

/** Sessions this recent are looked at; an older one without a transaction was abandoned. */
export const reconciliationWindowMs = 3 * 24 * 3_600_000
/** How often the job runs. */
export const reconciliationEverySeconds = 5 * 60
/** Paybis's clock and ours may differ: the list is read this much wider on both sides. */
const clockMarginMs = 60 * 60_000
const pageSize = 100
const maxPages = 50

export interface ReconciliationReport {
  open: number
  seen: number
  outcomes: Partial<Record<UpdateOutcome, number>>
}

export function createReconciliation(deps: {
  db: Database
  paybis: PaybisTransactionsApi
  now: () => Date
}) {
  const { db, paybis, now } = deps
  return async function reconcile(): Promise<ReconciliationReport> {
    const at = now()
    const open = await db.query<{ request_id: string; created_at: Date }>(
      `SELECT r.request_id, r.created_at FROM paybis_requests r
       LEFT JOIN payments p ON p.request_id = r.request_id
       WHERE r.created_at >= $1 AND (p.id IS NULL OR p.status = 'processing')
       ORDER BY r.created_at LIMIT 10000`,
      [new Date(at.getTime() - reconciliationWindowMs)],
    )
    const report: ReconciliationReport = { open: open.length, seen: 0, outcomes: {} }
    const first = open[0]
    if (!first) return report
    const wanted = new Set(open.map((r) => r.request_id))
    let cursor: string | undefined
    for (let page = 0; page < maxPages; page += 1) {
      const answer = await paybis.listTransactions({
        from: new Date(new Date(first.created_at).getTime() - clockMarginMs),
        to: new Date(at.getTime() + clockMarginMs),
        limit: pageSize,
        ...(cursor !== undefined ? { cursor } : {}),
      })
      for (const transaction of answer.items) {
        if (!wanted.has(transaction.requestId)) continue
        report.seen += 1
        const outcome = await db.transaction((tx) =>
          applyTransaction(tx, {
            transaction,
            source: 'reconciliation',
            eventAt: undefined,
            receivedAt: now(),
          }),
        )
        report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1
      }
      cursor = answer.nextCursor
      if (cursor === undefined) break
    }
    return report
  }
}
