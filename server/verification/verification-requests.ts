/**
 * Verification requests as stored (migration 015) read into the contract's objects: the desk's
 * `VerificationRequest` (who asked, the outcome) and the customer's `CustomerVerificationRequest`
 * (what and when only, docs/product/staff.md#verification-requests).
 */
import type { components } from '../../openapi/main.gen.ts'
import type { Queryable } from '../db/database.ts'

type VerificationRequest = components['schemas']['VerificationRequest']
type CustomerVerificationRequest = components['schemas']['CustomerVerificationRequest']
type VerificationKind = components['schemas']['VerificationKind']

export interface VerificationRequestRow {
  id: string
  customer_id: string
  kind: 'kyc' | 'kyb'
  note: string
  state: VerificationRequest['state']
  requested_by: string
  requested_by_email: string
  requested_at: Date
  fulfilled_at: Date | null
  review_answer: 'GREEN' | 'RED' | null
  withdrawn_by: string | null
  withdrawn_by_email: string | null
  withdrawn_at: Date | null
  [key: string]: unknown
}

/** The columns `requestOf` reads, for a query over `verification_requests r`. */
export const verificationRequestColumns = `r.id, r.customer_id, r.kind, r.note, r.state,
  r.requested_by, asker.email AS requested_by_email, r.requested_at, r.fulfilled_at,
  r.review_answer, r.withdrawn_by, withdrawer.email AS withdrawn_by_email, r.withdrawn_at`
export const verificationRequestJoins = `JOIN users asker ON asker.id = r.requested_by
  LEFT JOIN users withdrawer ON withdrawer.id = r.withdrawn_by`

export const contractKind = (kind: 'kyc' | 'kyb'): VerificationKind =>
  kind === 'kyc' ? 'KYC' : 'KYB'
export const storedKind = (kind: VerificationKind): 'kyc' | 'kyb' =>
  kind === 'KYC' ? 'kyc' : 'kyb'

const iso = (at: Date | null) => (at === null ? null : new Date(at).toISOString())

export function requestOf(row: VerificationRequestRow): VerificationRequest {
  return {
    id: row.id,
    customerId: row.customer_id,
    kind: contractKind(row.kind),
    note: row.note,
    state: row.state,
    requestedBy: { id: row.requested_by, email: row.requested_by_email },
    requestedAt: new Date(row.requested_at).toISOString(),
    fulfilledAt: iso(row.fulfilled_at),
    reviewAnswer: row.review_answer,
    withdrawnBy:
      row.withdrawn_by === null
        ? null
        : { id: row.withdrawn_by, email: row.withdrawn_by_email ?? '' },
    withdrawnAt: iso(row.withdrawn_at),
  }
}

/** Every verification request of a customer, oldest first (for the desk). */
export async function verificationRequestsOf(
  q: Queryable,
  userId: string,
): Promise<VerificationRequest[]> {
  const rows = await q.query<VerificationRequestRow>(
    `SELECT ${verificationRequestColumns} FROM verification_requests r ${verificationRequestJoins}
     WHERE r.customer_id = $1 ORDER BY r.requested_at, r.id`,
    [userId],
  )
  return rows.map(requestOf)
}

/** The customer's open request of a kind, as they may see it; null when none is open. */
export async function openRequestFor(
  q: Queryable,
  userId: string,
  kind: 'kyc' | 'kyb',
): Promise<CustomerVerificationRequest | null> {
  const [row] = await q.query<{ note: string; requested_at: Date }>(
    `SELECT note, requested_at FROM verification_requests
     WHERE customer_id = $1 AND kind = $2 AND state = 'open'`,
    [userId, kind],
  )
  return row
    ? {
        kind: contractKind(kind),
        note: row.note,
        requestedAt: new Date(row.requested_at).toISOString(),
      }
    : null
}
