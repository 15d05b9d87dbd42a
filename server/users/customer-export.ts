/**
 * The customer's own records (issue 29 item 5, docs/decisions/115-customer-records-export.md):
 * their requests and payments as CSV and everything held about them as JSON, built on the server
 * for the signed-in customer only. The customer's id comes from the access token, never from the
 * request, so no one can ask for another customer's file. Each export is reserved under a limit
 * kept in the database and recorded in the audit trail with the customer as the actor, in the
 * transaction that reads what it exports.
 */
import type { components } from '../../openapi/main.gen.ts'
import { appendAudit, type AuditActor } from '../audit/audit-trail.ts'
import type { Database, Queryable } from '../db/database.ts'
import { UnknownAccount } from '../domain-errors.ts'
import { csvText } from '../infra/csv.ts'
import { createAttemptLimits, type Limit } from '../infra/attempt-limits.ts'
import { paymentsOf } from '../payments/payment-records.ts'
import { customerDetails } from '../requests/request-records.ts'
import { verificationHistoryOf } from '../verification/verification-history.ts'
import { profileColumns, profileOfRow, type ProfileRow } from './profile-service.ts'
import { liveSessionsOf, requestRowsOf, verificationStatesOf } from './customer-records.ts'

type MyDataExport = components['schemas']['MyDataExport']

/** The signed-in customer, as the trail names them (server/http/request-handlers.ts). */
export interface ExportActor extends AuditActor {
  id: string
}

/** The CSV's columns: one layout for requests and payments, `record` says which a row is. */
export const recordsCsvHeader = [
  'record',
  'id',
  'created_at',
  'status',
  'pay_amount',
  'pay_currency',
  'receive_amount',
  'receive_currency',
  'rate',
  'fee',
  'request_id',
  'name',
  'message',
] as const

async function requestsWithDetails(q: Queryable, customerId: string) {
  const rows = await requestRowsOf(q, customerId)
  const details = []
  // One after another: a transaction's connection runs one statement at a time anyway.
  for (const row of rows) details.push({ row, details: await customerDetails(q, row) })
  return details
}

export function createCustomerExport(deps: { db: Database; now: () => Date; perHour?: number }) {
  const { db, now } = deps
  const attempts = createAttemptLimits(db, now)
  const perCustomer: Limit = {
    scope: 'export.customer',
    max: deps.perHour ?? 10,
    windowSeconds: 3600,
  }

  /** Reserves one export, then reads and records it in one transaction. */
  async function exporting<T>(
    actor: ExportActor,
    format: 'csv' | 'json',
    read: (tx: Queryable) => Promise<{ result: T; counts: Record<string, number> }>,
  ): Promise<T> {
    await attempts.reserve([perCustomer, actor.id])
    return db.transaction(async (tx) => {
      const { result, counts } = await read(tx)
      await appendAudit(
        tx,
        actor,
        {
          action: 'customer.exported',
          outcome: 'succeeded',
          targetType: 'customer',
          targetId: actor.id,
          after: { format, ...counts },
        },
        now(),
      )
      return result
    })
  }

  return {
    /** Requests and payments, one row each, newest first within each kind. */
    csv(actor: ExportActor): Promise<string> {
      return exporting(actor, 'csv', async (tx) => {
        const requests = await requestsWithDetails(tx, actor.id)
        const payments = await paymentsOf(tx, actor.id)
        const rows = [
          ...requests.map(({ row, details }) => [
            'request',
            row.id,
            details.request.createdAt,
            details.request.status,
            // The stored numeric as PostgreSQL prints it, not the contract's integer.
            row.amount,
            row.from_currency,
            details.offer?.amountReceived ?? '',
            row.to_currency,
            details.offer?.rate ?? '',
            details.offer?.fee ?? '',
            '',
            row.name,
            row.message,
          ]),
          ...payments.map((p) => [
            'payment',
            p.id,
            p.createdAt,
            p.status,
            p.spent?.amount ?? '',
            p.spent?.currency ?? '',
            p.received?.amount ?? '',
            p.received?.currency ?? '',
            '',
            '',
            p.requestId ?? '',
            '',
            '',
          ]),
        ]
        return {
          result: csvText(recordsCsvHeader, rows),
          counts: { requests: requests.length, payments: payments.length },
        }
      })
    },

    /** Everything held about the customer that they may see. */
    json(actor: ExportActor): Promise<MyDataExport> {
      return exporting(actor, 'json', async (tx) => {
        const [user] = await tx.query<ProfileRow>(
          `SELECT ${profileColumns} FROM users WHERE id = $1`,
          [actor.id],
        )
        if (!user) throw new UnknownAccount()
        const sessions = await liveSessionsOf(tx, actor.id, now())
        const verification = await verificationStatesOf(tx, actor.id)
        const history = await verificationHistoryOf(tx, actor.id)
        const requests = await requestsWithDetails(tx, actor.id)
        const payments = await paymentsOf(tx, actor.id)
        const result: MyDataExport = {
          format: 'exchange-customer-export/1',
          exportedAt: now().toISOString(),
          profile: profileOfRow(user),
          sessions: sessions.map((s) => ({ ...s, current: s.id === actor.sessionId })),
          verification,
          verificationHistory: history,
          requests: requests.map((r) => r.details),
          payments,
          consents: [],
        }
        return {
          result,
          counts: { requests: requests.length, payments: payments.length },
        }
      })
    },
  }
}

export type CustomerExport = ReturnType<typeof createCustomerExport>
