/**
 * Runs background jobs from any number of API nodes on one database (docs/decisions/106, the
 * lease of decision 090 made general). A node claims a batch of due jobs with `FOR UPDATE SKIP
 * LOCKED` and a lease (locked_by, locked_until), commits, and runs them one by one, renewing the
 * lease while it works. A job whose handler writes only to the database runs in the transaction
 * that records it done, so its effect happens exactly once; one that does I/O (SMTP) runs with no
 * transaction open and is recorded afterwards. A failure is retried after an exponential backoff
 * until the job's attempts are used up; then it stays, failed, with its last error. A killed node
 * leaves leases that expire and another node takes the jobs over; a stopped node finishes the job
 * it is running and hands the rest of its batch back.
 */
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { Database, Queryable } from '../db/database.ts'
import type { JobKind, JobPayloads } from './job-kinds.ts'

export interface ClaimedJob<K extends JobKind = JobKind> {
  id: string
  kind: K
  payload: JobPayloads[K]
  /** This run's number, from 1. */
  attempt: number
}

export interface JobHandler<K extends JobKind> {
  /**
   * true: `run(job, tx)` inside the transaction that records the job done, which commits both or
   * neither. false: `run(job, db)` with no transaction open (for I/O), recorded done afterwards.
   */
  inTransaction: boolean
  run(job: ClaimedJob<K>, q: Queryable): Promise<void>
  /** Recurring: one row across all nodes, due again this long after each run. */
  everySeconds?: number
  /** Wait after the nth failure: baseSeconds × 2^(n−1), at most maxSeconds (default 15 s, 1 h). */
  backoff?: { baseSeconds: number; maxSeconds: number }
}

export type JobHandlers = { [K in JobKind]: JobHandler<K> }

/** What the runner logs through (pino's shape: the app's logger). */
export interface JobLog {
  warn(fields: object, message: string): void
  error(fields: object, message: string): void
}

export interface JobRunnerOptions {
  db: Database
  now: () => Date
  log: JobLog
  /** The kinds this runner claims (a node runs all of them: server.ts gives a full JobHandlers). */
  handlers: Partial<JobHandlers>
  /** How long a claimed job stays this node's while the lease is not renewed. */
  leaseSeconds: number
  /** How often the queue is looked at without a kick; 0: only when kicked (tests). */
  pollMs?: number
  /** Jobs claimed per round trip. */
  batchSize?: number
}

export interface JobRunner {
  /** Ensures the recurring jobs, then polls; kicks work from then on. */
  start(): Promise<void>
  /** A transaction that queued jobs has committed: look at the queue now. */
  kick(): void
  /** Claims and runs due jobs until none is left (or the runner stops); answers how many ran. */
  runDue(): Promise<number>
  /** Finishes the job being run, hands the rest of its batch back (once). */
  stop(): Promise<void>
}

interface JobRow extends Record<string, unknown> {
  id: string
  kind: JobKind
  payload: unknown
  attempts: number
  max_attempts: number
  run_at: Date
}

const defaultBackoff = { baseSeconds: 15, maxSeconds: 3600 }
const errorMaxLength = 1000

/** The handler's transaction found its claim gone: it rolled back, another node has the job. */
class LeaseLost extends Error {}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, now, log, handlers, leaseSeconds } = options
  const pollMs = options.pollMs ?? 2_000
  const batchSize = options.batchSize ?? 10
  const nodeId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  const kinds = Object.keys(handlers) as JobKind[]
  const handlerOf = <K extends JobKind>(kind: K) => handlers[kind] as JobHandler<K> | undefined
  let started = false
  let stopped = false
  // A call, not the variable: the loops must see stop() flip it across their awaits.
  const isStopped = () => stopped
  let running: Promise<void> | undefined
  let kickedWhileRunning = false
  let timer: ReturnType<typeof setInterval> | undefined

  // A job queued for "now" carries the database's clock (to the microsecond), one scheduled for a
  // moment the server's. It is due when either clock says so: by the server's alone, a job queued
  // in the same millisecond as the kick, or on a node whose clock is behind the database's, would
  // wait for the next poll.
  const claim = (at: Date) =>
    db.query<JobRow>(
      `UPDATE jobs SET locked_by = $1, locked_until = $2::timestamptz + make_interval(secs => $3),
         attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM jobs
         WHERE state = 'queued' AND run_at <= GREATEST($2::timestamptz, now()) AND (locked_until IS NULL OR locked_until < $2)
           AND kind = ANY($5::text[])
         ORDER BY run_at, id LIMIT $4 FOR UPDATE SKIP LOCKED)
       RETURNING id::text AS id, kind, payload, attempts, max_attempts, run_at`,
      [nodeId, at, leaseSeconds, batchSize, kinds],
    )

  const renew = (ids: string[]) =>
    db.query(
      `UPDATE jobs SET locked_until = $3::timestamptz + make_interval(secs => $4)
       WHERE locked_by = $1 AND id = ANY($2::bigint[])`,
      [nodeId, ids, now(), leaseSeconds],
    )

  /** Gives claimed jobs not started back; the attempt they were charged is returned too. */
  const handBack = (ids: string[]) =>
    db.query(
      `UPDATE jobs SET locked_by = NULL, locked_until = NULL, attempts = attempts - 1
       WHERE id = ANY($2::bigint[]) AND locked_by = $1`,
      [nodeId, ids],
    )

  /** Records the job done where this node still holds it: deleted, or (recurring) due again. */
  async function complete(q: Queryable, job: JobRow, handler: JobHandler<JobKind>) {
    const done = handler.everySeconds
      ? await q.query(
          `UPDATE jobs SET run_at = $3::timestamptz + make_interval(secs => $4), attempts = 0,
             last_error = NULL, locked_by = NULL, locked_until = NULL
           WHERE id = $1 AND locked_by = $2 RETURNING id`,
          [job.id, nodeId, now(), handler.everySeconds],
        )
      : await q.query('DELETE FROM jobs WHERE id = $1 AND locked_by = $2 RETURNING id', [
          job.id,
          nodeId,
        ])
    return done.length > 0
  }

  /** Due again after the backoff, or failed for good when its attempts are used up. */
  async function recordFailure(job: JobRow, handler: JobHandler<JobKind>, reason: string) {
    const at = now()
    const recurring = handler.everySeconds !== undefined
    if (!recurring && job.attempts >= job.max_attempts) {
      await db.query(
        `UPDATE jobs SET state = 'failed', failed_at = $3, last_error = $4, locked_by = NULL,
           locked_until = NULL
         WHERE id = $1 AND locked_by = $2`,
        [job.id, nodeId, at, reason],
      )
      log.error(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, reason },
        'background job failed for good; it is kept as failed',
      )
      return
    }
    const { baseSeconds, maxSeconds } = handler.backoff ?? defaultBackoff
    const cap = recurring ? Math.min(maxSeconds, handler.everySeconds ?? maxSeconds) : maxSeconds
    const delaySeconds = Math.min(cap, baseSeconds * 2 ** (job.attempts - 1))
    await db.query(
      `UPDATE jobs SET run_at = $3::timestamptz + make_interval(secs => $4), last_error = $5,
         locked_by = NULL, locked_until = NULL
       WHERE id = $1 AND locked_by = $2`,
      [job.id, nodeId, at, delaySeconds, reason],
    )
    log.warn(
      { jobId: job.id, kind: job.kind, attempts: job.attempts, delaySeconds, reason },
      'background job failed; it is retried',
    )
  }

  async function runOne(job: JobRow): Promise<void> {
    const handler = handlerOf(job.kind) as JobHandler<JobKind> | undefined
    if (!handler) return // claimed by kind, so never; kept for the type
    // Claimed once more than allowed: its last attempt's node stopped before recording it.
    if (handler.everySeconds === undefined && job.attempts > job.max_attempts) {
      job.attempts = job.max_attempts
      await recordFailure(job, handler, 'its lease expired: the node running it stopped')
      return
    }
    const claimed: ClaimedJob = {
      id: job.id,
      kind: job.kind,
      payload: job.payload as JobPayloads[JobKind],
      attempt: job.attempts,
    }
    try {
      if (handler.inTransaction)
        await db.transaction(async (tx) => {
          await handler.run(claimed, tx)
          if (!(await complete(tx, job, handler))) throw new LeaseLost()
        })
      else {
        await handler.run(claimed, db)
        if (!(await complete(db, job, handler)))
          log.warn(
            { jobId: job.id, kind: job.kind },
            'job ran after its lease passed to another node',
          )
      }
    } catch (error) {
      if (error instanceof LeaseLost) {
        log.warn(
          { jobId: job.id, kind: job.kind },
          'job rolled back: its lease passed to another node',
        )
        return
      }
      const reason = (error instanceof Error ? error.message : String(error)).slice(
        0,
        errorMaxLength,
      )
      await recordFailure(job, handler, reason)
    }
  }

  async function runDue(): Promise<number> {
    let ran = 0
    while (!isStopped()) {
      const batch = (await claim(now())).sort(
        (a, b) =>
          new Date(a.run_at).getTime() - new Date(b.run_at).getTime() ||
          Number(a.id) - Number(b.id),
      )
      if (batch.length === 0) return ran
      const ids = batch.map((job) => job.id)
      const renewal = setInterval(
        () => {
          renew(ids).catch((error: unknown) => {
            log.warn({ reason: String(error) }, 'could not renew the job lease')
          })
        },
        (leaseSeconds * 1000) / 3,
      )
      try {
        let next = 0
        while (next < batch.length && !isStopped()) {
          const job = batch[next++]
          if (job) await runOne(job)
          ran++
        }
        if (next < batch.length) await handBack(ids.slice(next))
      } finally {
        clearInterval(renewal)
      }
    }
    return ran
  }

  function kick(): void {
    if (!started || stopped) return
    if (running) {
      kickedWhileRunning = true
      return
    }
    kickedWhileRunning = false
    running = runDue()
      .then(
        () => undefined,
        (error: unknown) => {
          log.warn({ reason: String(error) }, 'background jobs could not run; tried again shortly')
        },
      )
      .finally(() => {
        running = undefined
        if (kickedWhileRunning) kick()
      })
  }

  let stopping: Promise<void> | undefined
  return {
    async start() {
      if (started) return
      for (const kind of kinds) {
        if (handlerOf(kind)?.everySeconds === undefined) continue
        await db.query(
          `INSERT INTO jobs (kind, recurring_key, run_at) VALUES ($1, $1, $2)
           ON CONFLICT (recurring_key) DO NOTHING`,
          [kind, now()],
        )
      }
      started = true
      if (pollMs > 0) {
        timer = setInterval(kick, pollMs)
        timer.unref()
      }
      kick()
    },
    kick,
    runDue,
    stop() {
      stopping ??= (async () => {
        stopped = true
        if (timer) clearInterval(timer)
        await running
      })()
      return stopping
    },
  }
}
