/**
 * Reading the audit trail: the console's filtered pages, its CSV export, and the walk that checks
 * every entry's hash against its content and the entry before it (`npm run ops:verify-audit`).
 */
import type { Queryable } from '../db/database.ts'
import { InvalidInput } from '../domain-errors.ts'
import { csvCell } from '../infra/csv.ts'
import {
  auditColumns,
  entryHash,
  entryOfRow,
  type AuditEntry,
  type AuditRow,
} from './audit-trail.ts'

export interface AuditFilters {
  actor?: string
  customer?: string
  /** An action, or every action under a prefix that ends in `.`. */
  action?: string
  from?: string
  to?: string
}

/** RFC 3339 admits a leap second (`23:59:60`), which no clock here can name: refused, not a 500. */
function instantOf(value: string, field: string): Date {
  const at = new Date(value)
  if (Number.isNaN(at.getTime()))
    throw new InvalidInput([
      {
        field,
        code: 'format',
        message: 'must be an instant this server can read (no leap second)',
      },
    ])
  return at
}

function whereOf(filters: AuditFilters, before?: string): { sql: string; params: unknown[] } {
  const clauses: string[] = []
  const params: unknown[] = []
  const add = (clause: string, value: unknown) => {
    params.push(value)
    clauses.push(clause.replace('?', `$${String(params.length)}`))
  }
  if (filters.actor) add('actor_id = ?', filters.actor)
  if (filters.customer) add("target_type = 'customer' AND target_id = ?", filters.customer)
  if (filters.action?.endsWith('.')) add('starts_with(action, ?)', filters.action)
  else if (filters.action) add('action = ?', filters.action)
  if (filters.from) add('at >= ?', instantOf(filters.from, '/from'))
  if (filters.to) add('at < ?', instantOf(filters.to, '/to'))
  if (before) add('seq < ?', before)
  return { sql: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params }
}

/** One page, newest first, and the `before` of the next page (null on the last). */
export async function auditPage(
  q: Queryable,
  filters: AuditFilters,
  page: { before?: string; limit: number },
): Promise<{ entries: AuditEntry[]; nextBefore: string | null }> {
  const { sql, params } = whereOf(filters, page.before)
  const rows = await q.query<AuditRow>(
    `SELECT ${auditColumns} FROM audit_trail ${sql} ORDER BY audit_trail.seq DESC LIMIT ${String(page.limit + 1)}`,
    params,
  )
  const entries = rows.slice(0, page.limit).map(entryOfRow)
  const last = entries.at(-1)
  return { entries, nextBefore: rows.length > page.limit && last ? last.seq : null }
}

export const exportRowLimit = 10_000

const csvColumns = [
  'seq',
  'at',
  'actorId',
  'actorEmail',
  'actorRoles',
  'sessionId',
  'ip',
  'userAgent',
  'action',
  'targetType',
  'targetId',
  'outcome',
  'before',
  'after',
  'reason',
  'hash',
] as const

export async function auditCsv(q: Queryable, filters: AuditFilters): Promise<string> {
  const { sql, params } = whereOf(filters)
  const rows = await q.query<AuditRow>(
    `SELECT ${auditColumns} FROM audit_trail ${sql} ORDER BY audit_trail.seq DESC LIMIT ${String(exportRowLimit)}`,
    params,
  )
  const lines = [csvColumns.join(',')]
  for (const entry of rows.map(entryOfRow))
    lines.push(csvColumns.map((column) => csvCell(entry[column])).join(','))
  return `${lines.join('\r\n')}\r\n`
}

export type ChainCheck =
  { ok: true; entries: number } | { ok: false; entries: number; seq: string; problem: string }

/**
 * Walks the trail in order: every entry's number follows the one before, its `prev_hash` is that
 * entry's hash, its hash is the hash of what it says now, and the head names the last entry.
 */
export async function verifyAuditChain(q: Queryable, batch = 1000): Promise<ChainCheck> {
  let previous = { seq: 0n, hash: '0'.repeat(64) }
  let entries = 0
  for (;;) {
    const rows = await q.query<AuditRow>(
      `SELECT ${auditColumns} FROM audit_trail WHERE seq > $1 ORDER BY audit_trail.seq LIMIT ${String(batch)}`,
      [previous.seq.toString()],
    )
    for (const row of rows) {
      const entry = entryOfRow(row)
      const seq = BigInt(entry.seq)
      const fail = (problem: string): ChainCheck => ({
        ok: false,
        entries,
        seq: entry.seq,
        problem,
      })
      if (seq !== previous.seq + 1n) return fail(`follows entry ${previous.seq.toString()}`)
      if (entry.prevHash !== previous.hash) return fail('its previous hash is not the entry before')
      const { hash, ...content } = entry
      if (entryHash(content) !== hash) return fail('its content does not match its hash')
      previous = { seq, hash }
      entries++
    }
    if (rows.length < batch) break
  }
  const [head] = await q.query<{ seq: string; hash: string }>(
    'SELECT seq::text AS seq, hash FROM audit_chain_head WHERE only_row',
  )
  if (head?.seq !== previous.seq.toString() || head.hash !== previous.hash)
    return {
      ok: false,
      entries,
      seq: head?.seq ?? '0',
      problem: `the chain's head names entry ${head?.seq ?? 'none'}, the last entry is ${previous.seq.toString()}`,
    }
  return { ok: true, entries }
}
