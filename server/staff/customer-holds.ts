/**
 * Compliance holds on a customer as stored (migration 015) read into the contract's
 * `CustomerHold`, for the desk only: a hold's reasons never reach the customer
 * (docs/product/staff.md#customer-holds).
 */
import type { components } from '../../openapi/main.gen.ts'
import type { Queryable } from '../db/database.ts'

type CustomerHold = components['schemas']['CustomerHold']

export interface HoldRow {
  id: string
  customer_id: string
  reason: string
  placed_by: string
  placed_by_email: string
  placed_at: Date
  lifted_by: string | null
  lifted_by_email: string | null
  lifted_at: Date | null
  lift_reason: string | null
  [key: string]: unknown
}

export const holdColumns = `h.id, h.customer_id, h.reason, h.placed_by, placer.email AS placed_by_email,
  h.placed_at, h.lifted_by, lifter.email AS lifted_by_email, h.lifted_at, h.lift_reason`
export const holdJoins = `JOIN users placer ON placer.id = h.placed_by
  LEFT JOIN users lifter ON lifter.id = h.lifted_by`

export function holdOf(row: HoldRow): CustomerHold {
  return {
    id: row.id,
    customerId: row.customer_id,
    active: row.lifted_at === null,
    reason: row.reason,
    placedBy: { id: row.placed_by, email: row.placed_by_email },
    placedAt: new Date(row.placed_at).toISOString(),
    liftedBy:
      row.lifted_by === null ? null : { id: row.lifted_by, email: row.lifted_by_email ?? '' },
    liftedAt: row.lifted_at === null ? null : new Date(row.lifted_at).toISOString(),
    liftReason: row.lift_reason,
  }
}

/** Every hold placed on a customer, oldest first; at most one of them is active. */
export async function holdsOf(q: Queryable, userId: string): Promise<CustomerHold[]> {
  const rows = await q.query<HoldRow>(
    `SELECT ${holdColumns} FROM customer_holds h ${holdJoins}
     WHERE h.customer_id = $1 ORDER BY h.placed_at, h.id`,
    [userId],
  )
  return rows.map(holdOf)
}

/** Whether the customer is on hold now (what stops quote requests and payment sessions). */
export async function isOnHold(q: Queryable, userId: string): Promise<boolean> {
  const [row] = await q.query(
    'SELECT 1 FROM customer_holds WHERE customer_id = $1 AND lifted_at IS NULL',
    [userId],
  )
  return row !== undefined
}
