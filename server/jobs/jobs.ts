/**
 * Background jobs on PostgreSQL or PGlite (docs/decisions/106): enqueued in the caller's
 * transaction, so a job exists exactly when the change that asks for it does, and run by the
 * runner of any node (job-runner.ts).
 */
import type { Queryable } from '../db/database.ts'
import type { JobKind, JobPayloads } from './job-kinds.ts'

/** Attempts a job gets before it is failed, unless enqueued with another number. */
export const defaultMaxAttempts = 10

export interface EnqueueOptions {
  /** Not before this moment (default: now, by the database's clock). */
  runAt?: Date
  maxAttempts?: number
}

/** Queues a job in the caller's transaction (or alone); answers its id. Kick the runner after the commit. */
export async function enqueueJob<K extends JobKind>(
  q: Queryable,
  kind: K,
  payload: JobPayloads[K],
  options: EnqueueOptions = {},
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO jobs (kind, payload, run_at, max_attempts)
     VALUES ($1, $2::jsonb, COALESCE($3::timestamptz, now()), $4) RETURNING id::text AS id`,
    [
      kind,
      JSON.stringify(payload),
      options.runAt ?? null,
      options.maxAttempts ?? defaultMaxAttempts,
    ],
  )
  if (!row) throw new Error(`job ${kind} was not queued`)
  return row.id
}

export interface FailedJob {
  id: string
  kind: string
  payload: unknown
  attempts: number
  lastError: string | null
  createdAt: Date
  failedAt: Date
}

/** Jobs that ran out of attempts, newest first, with their last error (the staff console's list). */
export async function failedJobs(q: Queryable, limit = 100): Promise<FailedJob[]> {
  const rows = await q.query<{
    id: string
    kind: string
    payload: unknown
    attempts: number
    last_error: string | null
    created_at: Date
    failed_at: Date
  }>(
    `SELECT id::text AS id, kind, payload, attempts, last_error, created_at, failed_at
     FROM jobs WHERE state = 'failed' ORDER BY failed_at DESC, id DESC LIMIT $1`,
    [limit],
  )
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    payload: r.payload,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: new Date(r.created_at),
    failedAt: new Date(r.failed_at),
  }))
}
