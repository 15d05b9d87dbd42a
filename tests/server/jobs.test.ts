/**
 * The job mechanism (server/jobs/, decision 106) on both engines, below the HTTP server: runners
 * built on a migrated database with a clock the test moves. Backoff, failed jobs kept with their
 * error, lease expiry taken over by another runner, two runners never running one job twice, the
 * hand-back on stop, and recurring jobs. A whole node killed mid-job is jobs-durability.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { createJobRunner, type JobHandler, type JobRunner } from '../../server/jobs/job-runner.ts'
import { enqueueJob, failedJobs } from '../../server/jobs/jobs.ts'
import { deferred } from '../support/deferred.ts'
import { engines } from './support/databases.ts'
import { openMigratedDatabase, type MigratedDatabase } from './support/migrated-database.ts'

const start = new Date('2030-01-01T00:00:00Z')

describe.each(engines)('background jobs on %s', (engine) => {
  let migrated: MigratedDatabase
  let db: Database
  const clock = { at: start }
  const now = () => clock.at
  const later = (seconds: number) => {
    clock.at = new Date(clock.at.getTime() + seconds * 1000)
  }
  const logged: string[] = []
  const log = {
    warn: (_fields: object, message: string) => logged.push(message),
    error: (_fields: object, message: string) => logged.push(message),
  }

  /** A runner that polls nothing: the test says when it looks at the queue. */
  function runner(
    handler: JobHandler<'mail.send'>,
    options: { leaseSeconds?: number; batchSize?: number } = {},
  ): JobRunner {
    return createJobRunner({
      db,
      now,
      log,
      handlers: { 'mail.send': handler },
      leaseSeconds: options.leaseSeconds ?? 60,
      pollMs: 0,
      ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    })
  }

  const job = (id: string) =>
    db.query<{ state: string; attempts: number; last_error: string | null; run_at: Date }>(
      'SELECT state, attempts, last_error, run_at FROM jobs WHERE id = $1',
      [id],
    )
  const queued = () => db.query('SELECT id FROM jobs')

  beforeAll(async () => {
    migrated = await openMigratedDatabase(engine)
    db = migrated.db
  })
  afterAll(async () => {
    await migrated.dispose()
  })

  it('retries a failed job after 15 s, then 30 s, on the clock it is given', async () => {
    clock.at = start
    const runs: number[] = []
    const failing = runner({
      inTransaction: false,
      run: async (claimed) => {
        runs.push(claimed.attempt)
        if (claimed.attempt < 3) throw new Error(`smtp down (${claimed.attempt})`)
        await Promise.resolve()
      },
    })
    const id = await enqueueJob(db, 'mail.send', { outboxId: '1' })
    expect(await failing.runDue()).toBe(1)
    expect(await job(id)).toEqual([
      {
        state: 'queued',
        attempts: 1,
        last_error: 'smtp down (1)',
        run_at: new Date(start.getTime() + 15_000),
      },
    ])
    later(14)
    expect(await failing.runDue()).toBe(0)
    later(1)
    expect(await failing.runDue()).toBe(1)
    expect((await job(id))[0]?.run_at).toEqual(new Date(start.getTime() + 45_000))
    later(29)
    expect(await failing.runDue()).toBe(0)
    later(1)
    expect(await failing.runDue()).toBe(1)
    expect(runs).toEqual([1, 2, 3])
    expect(await job(id)).toEqual([])
  })

  it('keeps a job that used up its attempts as failed, with its last error', async () => {
    clock.at = start
    const broken = runner({
      inTransaction: false,
      run: () => Promise.reject(new Error('550 mailbox unavailable')),
    })
    const id = await enqueueJob(db, 'mail.send', { outboxId: '2' }, { maxAttempts: 3 })
    for (let i = 0; i < 3; i++) {
      await broken.runDue()
      later(3600)
    }
    expect(await broken.runDue()).toBe(0)
    const failed = (await failedJobs(db)).find((f) => f.id === id)
    expect(failed).toMatchObject({
      kind: 'mail.send',
      payload: { outboxId: '2' },
      attempts: 3,
      lastError: '550 mailbox unavailable',
    })
    expect(logged).toContain('background job failed for good; it is kept as failed')
    await db.query('DELETE FROM jobs')
  })

  it('fails a job whose last attempt’s node died, once its lease expires', async () => {
    clock.at = start
    const id = await enqueueJob(db, 'mail.send', { outboxId: '3' }, { maxAttempts: 1 })
    await db.query(
      `UPDATE jobs SET attempts = 1, locked_by = 'dead-node', locked_until = $2 WHERE id = $1`,
      [id, new Date(start.getTime() - 1000)],
    )
    let ran = 0
    await runner({
      inTransaction: false,
      run: async () => {
        ran++
        await Promise.resolve()
      },
    }).runDue()
    expect(ran).toBe(0)
    expect(await job(id)).toMatchObject([
      { state: 'failed', last_error: 'its lease expired: the node running it stopped' },
    ])
    await db.query('DELETE FROM jobs')
  })

  it('lets another runner take jobs over once their lease has expired; the late one changes nothing', async () => {
    clock.at = start
    await db.exec('CREATE TABLE IF NOT EXISTS job_effects (job_id text, runner text)')
    const sent: string[] = []
    const hung = deferred<undefined>()
    /** A mail that may hang (a slow SMTP server) and a reset whose effect is a row. */
    const node = (name: string, hang: boolean) =>
      createJobRunner({
        db,
        now,
        log,
        leaseSeconds: 60,
        pollMs: 0,
        handlers: {
          'mail.send': {
            inTransaction: false,
            run: async (claimed) => {
              if (hang) await hung.promise
              sent.push(`${claimed.payload.outboxId} by ${name}`)
            },
          },
          'password-reset.request': {
            inTransaction: true,
            run: async (claimed, tx) => {
              await tx.query('INSERT INTO job_effects VALUES ($1, $2)', [
                claimed.payload.email,
                name,
              ])
            },
          },
        },
      })
    await enqueueJob(db, 'mail.send', { outboxId: 'slow' }, { runAt: start })
    await enqueueJob(db, 'password-reset.request', { email: 'second' }, { runAt: start })
    // a claims both and hangs on the first; b finds them only once a's lease has passed.
    const a = node('a', true).runDue()
    await expect
      .poll(() => db.query('SELECT 1 FROM jobs WHERE locked_by IS NOT NULL'))
      .toHaveLength(2)
    const b = node('b', false)
    expect(await b.runDue()).toBe(0)
    later(61)
    expect(await b.runDue()).toBe(2)
    hung.resolve(undefined)
    await a
    // The mail, sent with no transaction, went twice (decision 090's window: same Message-ID);
    // a's reset found its claim gone in its transaction and rolled back.
    expect(sent.sort()).toEqual(['slow by a', 'slow by b'])
    expect(await db.query('SELECT job_id, runner FROM job_effects')).toEqual([
      { job_id: 'second', runner: 'b' },
    ])
    expect(logged).toContain('job ran after its lease passed to another node')
    expect(logged).toContain('job rolled back: its lease passed to another node')
    expect(await queued()).toEqual([])
  })

  it('runs a job queued for now at once, on a node whose clock is behind the database', async () => {
    // The node's clock a second behind, as on a machine not yet synchronised; before, the job
    // waited for the next poll (2 s), and a kick in the same millisecond as its queueing missed it.
    clock.at = new Date(Date.now() - 1000)
    const ran: string[] = []
    const prompt = runner({
      inTransaction: false,
      run: async (claimed) => {
        ran.push(claimed.payload.outboxId)
        await Promise.resolve()
      },
    })
    await enqueueJob(db, 'mail.send', { outboxId: 'now' })
    await prompt.runDue()
    expect(ran).toEqual(['now'])
    expect(await queued()).toEqual([])
  })

  it('never runs one job twice with two runners working the same queue', async () => {
    clock.at = start
    const runs = new Map<string, number>()
    const counting = (): JobHandler<'mail.send'> => ({
      inTransaction: true,
      run: async (claimed, tx) => {
        runs.set(claimed.payload.outboxId, (runs.get(claimed.payload.outboxId) ?? 0) + 1)
        await tx.query('SELECT 1')
      },
    })
    const total = 200
    await db.query(
      `INSERT INTO jobs (kind, payload, run_at)
       SELECT 'mail.send', jsonb_build_object('outboxId', n::text), $1 FROM generate_series(1, $2) n`,
      [start, total],
    )
    const a = runner(counting(), { batchSize: 5 })
    const b = runner(counting(), { batchSize: 5 })
    const [byA, byB] = await Promise.all([a.runDue(), b.runDue()])
    expect(byA + byB).toBe(total)
    expect(runs.size).toBe(total)
    expect([...runs.values()].every((n) => n === 1)).toBe(true)
    expect(await queued()).toEqual([])
  })

  it('hands the rest of its batch back when it stops, attempts returned', async () => {
    clock.at = start
    const first = deferred<undefined>()
    let ran = 0
    const stopping = createJobRunner({
      db,
      now,
      log,
      leaseSeconds: 600,
      pollMs: 0,
      handlers: {
        'mail.send': {
          inTransaction: false,
          run: async () => {
            ran++
            await first.promise
          },
        },
      },
    })
    for (let i = 0; i < 3; i++)
      await enqueueJob(db, 'mail.send', { outboxId: `stop-${i}` }, { runAt: start })
    await stopping.start()
    await expect.poll(() => ran).toBe(1)
    const stopped = stopping.stop()
    first.resolve(undefined)
    await stopped
    expect(
      await db.query('SELECT attempts, locked_by, locked_until FROM jobs ORDER BY id'),
    ).toEqual([
      { attempts: 0, locked_by: null, locked_until: null },
      { attempts: 0, locked_by: null, locked_until: null },
    ])
    await db.query('DELETE FROM jobs')
  })

  it('keeps one row per recurring job across runners and runs it once per period', async () => {
    clock.at = start
    let sweeps = 0
    const sweeper = () =>
      createJobRunner({
        db,
        now,
        log,
        leaseSeconds: 60,
        pollMs: 0,
        handlers: {
          'sweep.attempt-counters': {
            inTransaction: true,
            everySeconds: 600,
            run: async () => {
              sweeps++
              await Promise.resolve()
            },
          },
        },
      })
    // Two nodes start together: one row, and one of them runs it.
    const [a, b] = [sweeper(), sweeper()]
    await Promise.all([a.start(), b.start()])
    await expect.poll(() => sweeps).toBe(1)
    await Promise.all([a.stop(), b.stop()])
    expect(sweeps).toBe(1)
    expect(
      await db.query(`SELECT run_at FROM jobs WHERE recurring_key = 'sweep.attempt-counters'`),
    ).toEqual([{ run_at: new Date(start.getTime() + 600_000) }])
    const [c, d] = [sweeper(), sweeper()]
    later(599)
    expect((await c.runDue()) + (await d.runDue())).toBe(0)
    later(1)
    expect((await d.runDue()) + (await c.runDue())).toBe(1)
    expect(sweeps).toBe(2)
  })
})
