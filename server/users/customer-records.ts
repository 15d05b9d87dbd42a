/**
 * What is held about one customer, read the same way for the desk's customer page
 * (server/staff/customer-page.ts) and for the customer's own export (server/users/customer-export.ts):
 * each reader takes the customer's id from its caller and reads only that customer's rows.
 */
import type { components } from '../../openapi/main.gen.ts'
import { deviceLabel } from '../auth/sessions.ts'
import type { Queryable } from '../db/database.ts'
import { requestColumns, type RequestRow } from '../requests/request-records.ts'

type Schemas = components['schemas']
export type VerificationState = Schemas['CustomerVerificationState']

const iso = (at: Date | string) => new Date(at).toISOString()

const reviewStatuses = new Set<string>([
  'init',
  'pending',
  'prechecked',
  'queued',
  'completed',
  'onHold',
  'awaitingService',
  'awaitingUser',
])

/** KYC then KYB, as last stored from Sumsub; a kind never started reads null. */
export async function verificationStatesOf(
  q: Queryable,
  customerId: string,
): Promise<VerificationState[]> {
  const rows = await q.query<{
    kind: 'kyc' | 'kyb'
    review_status: string | null
    review_answer: string | null
    updated_at: Date
  }>(
    `SELECT kind, review_status, review_answer, updated_at FROM verifications WHERE user_id = $1`,
    [customerId],
  )
  return (['kyc', 'kyb'] as const).map((kind) => {
    const row = rows.find((r) => r.kind === kind)
    const status =
      row?.review_status && reviewStatuses.has(row.review_status)
        ? (row.review_status as NonNullable<VerificationState['reviewStatus']>)
        : null
    const answer = row?.review_answer
    return {
      kind,
      reviewStatus: status,
      reviewResult:
        status && (answer === 'GREEN' || answer === 'RED') ? { reviewAnswer: answer } : null,
      updatedAt: row && status ? iso(row.updated_at) : null,
    }
  })
}

export interface LiveSession {
  id: string
  device: string
  userAgent: string
  ip: string
  createdAt: string
  lastUsedAt: string
}

/** The customer's sessions that still work, most recently used first. */
export async function liveSessionsOf(
  q: Queryable,
  customerId: string,
  at: Date,
): Promise<LiveSession[]> {
  const rows = await q.query<{
    id: string
    user_agent: string
    ip: string
    created_at: Date
    last_used_at: Date
  }>(
    `SELECT id, user_agent, ip, created_at, last_used_at FROM refresh_families
     WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2
     ORDER BY last_used_at DESC, created_at DESC, id LIMIT 1000`,
    [customerId, at],
  )
  return rows.map((r) => ({
    id: r.id,
    device: deviceLabel(r.user_agent),
    userAgent: r.user_agent,
    ip: r.ip,
    createdAt: iso(r.created_at),
    lastUsedAt: iso(r.last_used_at),
  }))
}

/** Every request of the customer, newest first. */
export function requestRowsOf(q: Queryable, customerId: string): Promise<RequestRow[]> {
  return q.query<RequestRow>(
    `SELECT ${requestColumns}
     FROM exchange_requests r JOIN users u ON u.id = r.user_id
     LEFT JOIN users a ON a.id = r.assignee_id
     WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id DESC`,
    [customerId],
  )
}
