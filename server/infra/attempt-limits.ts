/**
 * Attempt limits kept in the database, so they hold under concurrency and across API nodes
 * (docs/decisions/040). An attempt is reserved before the work it limits: the reservation is one
 * atomic upsert that only succeeds while the window has room, so N parallel requests can never
 * start more than the limit's worth of work.
 */
import { createHash } from 'node:crypto'
import type { Database, Queryable } from '../db/database.ts'
import { TooManyAttempts } from '../domain-errors.ts'

export interface Limit {
  /** Names the counter: login.account-ip, register.email, … */
  scope: string
  max: number
  windowSeconds: number
}

/** A granted attempt; give it back when the work turned out not to count (a right password). */
export interface Reservation {
  limit: Limit
  keyDigest: string
  windowStart: Date
}

function digest(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

/** Windows are kept this long after they start (the longest limit's window is an hour). */
const keepSeconds = 24 * 3600

/** Removes windows that ended long ago: the recurring job 'sweep.attempt-counters' (server.ts). */
export async function sweepAttemptCounters(q: Queryable, at: Date): Promise<void> {
  await q.query(
    `DELETE FROM attempt_counters WHERE window_start < $1::timestamptz - make_interval(secs => $2)`,
    [at, keepSeconds],
  )
}

export function createAttemptLimits(db: Database, now: () => Date) {
  /**
   * One attempt under every limit in one statement (one round trip on a login, issue 16): a
   * multi-row upsert whose rows are taken in the order given, so two requests lock shared counters
   * in the same order. Answers the granted reservations; a full limit's row is not touched and not
   * returned.
   */
  async function reserveAll(checks: [Limit, string][], at: Date): Promise<Reservation[]> {
    const rows = await db.query<{ scope: string; key_digest: string; window_start: Date }>(
      `WITH l AS (
         SELECT * FROM unnest($1::text[], $2::text[], $4::int[], $5::int[])
           WITH ORDINALITY AS l(scope, key_digest, window_seconds, max, n)
       )
       INSERT INTO attempt_counters AS c (scope, key_digest, window_start, hits)
       SELECT l.scope, l.key_digest, $3::timestamptz, 1 FROM l ORDER BY l.n
       ON CONFLICT (scope, key_digest) DO UPDATE SET
         window_start = CASE WHEN c.window_start <= $3::timestamptz - make_interval(secs =>
             (SELECT window_seconds FROM l WHERE l.scope = c.scope AND l.key_digest = c.key_digest))
           THEN excluded.window_start ELSE c.window_start END,
         hits = CASE WHEN c.window_start <= $3::timestamptz - make_interval(secs =>
             (SELECT window_seconds FROM l WHERE l.scope = c.scope AND l.key_digest = c.key_digest))
           THEN 1 ELSE c.hits + 1 END
       WHERE c.hits < (SELECT max FROM l WHERE l.scope = c.scope AND l.key_digest = c.key_digest)
         OR c.window_start <= $3::timestamptz - make_interval(secs =>
             (SELECT window_seconds FROM l WHERE l.scope = c.scope AND l.key_digest = c.key_digest))
       RETURNING c.scope, c.key_digest, c.window_start`,
      [
        checks.map(([limit]) => limit.scope),
        checks.map(([, key]) => digest(key)),
        at,
        checks.map(([limit]) => limit.windowSeconds),
        checks.map(([limit]) => limit.max),
      ],
    )
    return rows.flatMap((row) => {
      const limit = checks.find(([l]) => l.scope === row.scope)?.[0]
      return limit
        ? [{ limit, keyDigest: row.key_digest, windowStart: new Date(row.window_start) }]
        : []
    })
  }

  async function reserveOne(q: Queryable, limit: Limit, key: string, at: Date) {
    const keyDigest = digest(key)
    // The WHERE of the conflict branch is the limit: a full window updates nothing and returns no row.
    const [granted] = await q.query<{ window_start: Date }>(
      `INSERT INTO attempt_counters AS c (scope, key_digest, window_start, hits)
       VALUES ($1, $2, $3::timestamptz, 1)
       ON CONFLICT (scope, key_digest) DO UPDATE SET
         window_start = CASE WHEN c.window_start <= $3::timestamptz - make_interval(secs => $4)
                             THEN excluded.window_start ELSE c.window_start END,
         hits = CASE WHEN c.window_start <= $3::timestamptz - make_interval(secs => $4)
                     THEN 1 ELSE c.hits + 1 END
       WHERE c.hits < $5 OR c.window_start <= $3::timestamptz - make_interval(secs => $4)
       RETURNING window_start`,
      [limit.scope, keyDigest, at, limit.windowSeconds, limit.max],
    )
    if (granted) return { limit, keyDigest, windowStart: new Date(granted.window_start) }
    const [full] = await q.query<{ window_start: Date }>(
      'SELECT window_start FROM attempt_counters WHERE scope = $1 AND key_digest = $2',
      [limit.scope, keyDigest],
    )
    const endsAt = new Date(full?.window_start ?? at).getTime() + limit.windowSeconds * 1000
    return Math.max(1, Math.ceil((endsAt - at.getTime()) / 1000))
  }

  async function release(reservation: Reservation): Promise<void> {
    await db.query(
      `UPDATE attempt_counters SET hits = hits - 1
       WHERE scope = $1 AND key_digest = $2 AND window_start = $3 AND hits > 0`,
      [reservation.limit.scope, reservation.keyDigest, reservation.windowStart],
    )
  }

  return {
    /**
     * Reserves one attempt under every limit, in order, or none: when one is full the ones already
     * taken are given back and TooManyAttempts says how long the full one stays full.
     */
    async reserve(...checks: [Limit, string][]): Promise<Reservation[]> {
      const at = now()
      // Distinct scopes (every caller's case): one statement; a full limit is then found among
      // the checks the statement did not grant, the first in order, as the loop below would.
      if (new Set(checks.map(([limit]) => limit.scope)).size === checks.length) {
        const granted = await reserveAll(checks, at)
        if (granted.length === checks.length)
          return checks.map(([limit]) => granted.find((g) => g.limit === limit) as Reservation)
        await Promise.all(granted.map(release))
        const [limit, key] =
          checks.find(([l]) => !granted.some((g) => g.limit === l)) ??
          (checks[0] as [Limit, string])
        const [full] = await db.query<{ window_start: Date }>(
          'SELECT window_start FROM attempt_counters WHERE scope = $1 AND key_digest = $2',
          [limit.scope, digest(key)],
        )
        const endsAt = new Date(full?.window_start ?? at).getTime() + limit.windowSeconds * 1000
        throw new TooManyAttempts(Math.max(1, Math.ceil((endsAt - at.getTime()) / 1000)))
      }
      const taken: Reservation[] = []
      for (const [limit, key] of checks) {
        const result = await reserveOne(db, limit, key, at)
        if (typeof result === 'number') {
          await Promise.all(taken.map(release))
          throw new TooManyAttempts(result)
        }
        taken.push(result)
      }
      return taken
    },

    /** Gives reservations back: the attempts they stood for do not count against the limit. */
    async release(reservations: Reservation[]): Promise<void> {
      await Promise.all(reservations.map(release))
    },

    /**
     * Gives the reservations back and forgets `clear`'s key under its limit (a successful sign-in
     * ends that key's lockout), in one statement: one round trip on a login (issue 16). The
     * reservations and `clear` name different counters.
     */
    async settle(reservations: Reservation[], clear: [Limit, string]): Promise<void> {
      await db.query(
        `WITH released AS (
           UPDATE attempt_counters AS c SET hits = c.hits - 1
           FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS r(scope, key_digest, window_start)
           WHERE c.scope = r.scope AND c.key_digest = r.key_digest
             AND c.window_start = r.window_start AND c.hits > 0
         )
         DELETE FROM attempt_counters WHERE scope = $4 AND key_digest = $5`,
        [
          reservations.map((r) => r.limit.scope),
          reservations.map((r) => r.keyDigest),
          reservations.map((r) => r.windowStart),
          clear[0].scope,
          digest(clear[1]),
        ],
      )
    },
  }
}
