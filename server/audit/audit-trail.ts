/**
 * The audit trail (docs/product/staff.md#the-audit-trail, decision 110): one append-only table,
 * written in the transaction of the change it records. Each entry is numbered and chained to the
 * one before it under a lock on the chain's head, so entries are hashed one at a time in commit
 * order and a rolled-back change leaves neither an entry nor a gap.
 */
import { createHash } from 'node:crypto'
import type { Queryable } from '../db/database.ts'

export type AuditOutcome = 'succeeded' | 'denied' | 'failed'

/** Who acted, from where: a staff member (or, for a refused call, whoever the token named). */
export interface AuditActor {
  id: string | null
  email: string | null
  roles: readonly string[]
  sessionId: string | null
  ip: string
  userAgent: string
}

export interface AuditRecord {
  action: string
  outcome: AuditOutcome
  targetType?: string | null
  targetId?: string | null
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
  reason?: string | null
}

/** An entry as stored; `at` is an ISO instant with milliseconds. */
export interface AuditEntry {
  seq: string
  at: string
  actorId: string | null
  actorEmail: string | null
  actorRoles: string[]
  sessionId: string | null
  ip: string
  userAgent: string
  action: string
  targetType: string | null
  targetId: string | null
  outcome: AuditOutcome
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  reason: string | null
  prevHash: string
  hash: string
}

/** JSON with object keys sorted at every depth: jsonb does not keep the order they were written in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

/** SHA-256 over everything an entry says and the previous entry's hash. */
export function entryHash(entry: Omit<AuditEntry, 'hash'>): string {
  const content = canonicalJson([
    entry.seq,
    entry.at,
    entry.actorId,
    entry.actorEmail,
    entry.actorRoles,
    entry.sessionId,
    entry.ip,
    entry.userAgent,
    entry.action,
    entry.targetType,
    entry.targetId,
    entry.outcome,
    entry.before,
    entry.after,
    entry.reason,
    entry.prevHash,
  ])
  return createHash('sha256').update(content).digest('hex')
}

/** Appends one entry in the caller's transaction; call it last, so the head's lock is short. */
export async function appendAudit(
  tx: Queryable,
  actor: AuditActor,
  record: AuditRecord,
  at: Date,
): Promise<AuditEntry> {
  const [head] = await tx.query<{ seq: string; hash: string }>(
    'SELECT seq::text AS seq, hash FROM audit_chain_head WHERE only_row FOR UPDATE',
  )
  if (!head) throw new Error('the audit chain has no head: migration 012 has not run')
  const unhashed: Omit<AuditEntry, 'hash'> = {
    seq: (BigInt(head.seq) + 1n).toString(),
    at: at.toISOString(),
    actorId: actor.id,
    actorEmail: actor.email,
    actorRoles: [...actor.roles],
    sessionId: actor.sessionId,
    ip: actor.ip,
    userAgent: actor.userAgent,
    action: record.action,
    targetType: record.targetType ?? null,
    targetId: record.targetId ?? null,
    outcome: record.outcome,
    before: record.before ?? null,
    after: record.after ?? null,
    reason: record.reason ?? null,
    prevHash: head.hash,
  }
  const entry: AuditEntry = { ...unhashed, hash: entryHash(unhashed) }
  await tx.query(
    `INSERT INTO audit_trail (seq, at, actor_id, actor_email, actor_roles, session_id, ip,
       user_agent, action, target_type, target_id, outcome, before, after, reason, prev_hash, hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
    [
      entry.seq,
      at,
      entry.actorId,
      entry.actorEmail,
      entry.actorRoles,
      entry.sessionId,
      entry.ip,
      entry.userAgent,
      entry.action,
      entry.targetType,
      entry.targetId,
      entry.outcome,
      entry.before === null ? null : JSON.stringify(entry.before),
      entry.after === null ? null : JSON.stringify(entry.after),
      entry.reason,
      entry.prevHash,
      entry.hash,
    ],
  )
  await tx.query('UPDATE audit_chain_head SET seq = $1, hash = $2 WHERE only_row', [
    entry.seq,
    entry.hash,
  ])
  return entry
}

export interface AuditRow {
  seq: string
  at: Date
  actor_id: string | null
  actor_email: string | null
  actor_roles: string[]
  session_id: string | null
  ip: string
  user_agent: string
  action: string
  target_type: string | null
  target_id: string | null
  outcome: AuditOutcome
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  reason: string | null
  prev_hash: string
  hash: string
  [key: string]: unknown
}

export const auditColumns = `seq::text AS seq, at, actor_id, actor_email, actor_roles, session_id,
  ip, user_agent, action, target_type, target_id, outcome, before, after, reason, prev_hash, hash`

export function entryOfRow(row: AuditRow): AuditEntry {
  return {
    seq: row.seq,
    at: new Date(row.at).toISOString(),
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    actorRoles: row.actor_roles,
    sessionId: row.session_id,
    ip: row.ip,
    userAgent: row.user_agent,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    outcome: row.outcome,
    before: row.before,
    after: row.after,
    reason: row.reason,
    prevHash: row.prev_hash,
    hash: row.hash,
  }
}
