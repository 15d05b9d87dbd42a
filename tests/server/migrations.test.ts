/** Migrations apply once: a second run (or a concurrent one on PostgreSQL) applies nothing. */
import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { migrate } from '../../server/db/migrate.ts'
import { openDatabase } from '../../server/db/open-database.ts'
import { createFreshDatabase, engines } from './support/databases.ts'

const migrationFiles = async () =>
  (await readdir(fileURLToPath(new URL('../../server/db/migrations/', import.meta.url))))
    .filter((f) => f.endsWith('.sql'))
    .sort()

describe.each(engines)('migrations on %s', (engine) => {
  it('are idempotent', async () => {
    const fresh = await createFreshDatabase(engine)
    const poolErrors: Error[] = []
    const open = () =>
      openDatabase(fresh, (error) => {
        poolErrors.push(error)
      })
    try {
      const db = await open()
      try {
        const files = await migrationFiles()
        expect(files.length).toBeGreaterThan(0)
        expect(await migrate(db)).toEqual(files)
        expect(await migrate(db)).toEqual([])
        const rows = await db.query<{ version: string }>(
          'SELECT version FROM schema_migrations ORDER BY version',
        )
        expect(rows.map((r) => r.version)).toEqual(files)
      } finally {
        await db.close()
      }

      // Reopened, still nothing to do; on PostgreSQL two servers starting together do not race.
      const [a, b] = await Promise.all([open(), engine === 'postgres' ? open() : undefined])
      try {
        const runs = await Promise.all([migrate(a), b ? migrate(b) : Promise.resolve([])])
        expect(runs).toEqual([[], []])
      } finally {
        await a.close()
        await b?.close()
      }
      expect(poolErrors).toEqual([])
    } finally {
      await fresh.dispose()
    }
  })
})

describe('migrations on postgres', () => {
  it('let two servers migrate a new database at once', async () => {
    const fresh = await createFreshDatabase('postgres')
    try {
      const [a, b] = await Promise.all([
        openDatabase(fresh, () => undefined),
        openDatabase(fresh, () => undefined),
      ])
      try {
        const runs = await Promise.all([migrate(a), migrate(b)])
        const files = await migrationFiles()
        expect(runs.flat().sort()).toEqual(files)
      } finally {
        await a.close()
        await b.close()
      }
    } finally {
      await fresh.dispose()
    }
  })
})

describe.each(engines)('migration 004 (money is numeric) on %s', (engine) => {
  it('converts stored quotes exactly and reads every figure back as a decimal string', async () => {
    const fresh = await createFreshDatabase(engine)
    const db = await openDatabase(fresh, () => undefined)
    try {
      // The schema as it was before 004, with a quote stored the old way (text figures).
      const dir = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url))
      const before = (await migrationFiles()).filter((f) => f < '004')
      await db.exec(`CREATE TABLE schema_migrations (
        version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`)
      for (const file of before) {
        await db.exec(await readFile(dir + file, 'utf8'))
        await db.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file])
      }
      const [user] = await db.query<{ id: string }>(
        `INSERT INTO users (email, email_normalized, password_hash)
         VALUES ('old@example.com', 'old@example.com', 'x') RETURNING id`,
      )
      const old = [
        ['1000', '61087.8', '4%', '0.01571604'],
        ['999999999', '1e-7', '1.1%', '9889999990110.00'],
        ['5', null, '4%', null],
      ] as const
      for (const [amount, rate, fee, received] of old)
        await db.query(
          `INSERT INTO exchange_requests (user_id, from_currency, to_currency, amount, name, email,
             phone, country, message, quoted_rate, quoted_fee_percent, quoted_amount, created_at)
           VALUES ($1, 'EUR', 'BTC', $2, '', '', '', '', '', $3, $4, $5, now())`,
          [user?.id, Number.parseInt(amount, 10), rate, fee, received],
        )

      expect(await migrate(db)).toContain('004-money-numeric.sql')
      const rows = await db.query<Record<string, unknown>>(
        `SELECT amount, quoted_rate, quoted_fee_percent, quoted_amount
           FROM exchange_requests ORDER BY amount`,
      )
      expect(rows).toEqual([
        { amount: '5', quoted_rate: null, quoted_fee_percent: '4', quoted_amount: null },
        {
          amount: '1000',
          quoted_rate: '61087.8',
          quoted_fee_percent: '4',
          quoted_amount: '0.01571604',
        },
        {
          amount: '999999999',
          quoted_rate: '0.0000001',
          quoted_fee_percent: '1.1',
          quoted_amount: '9889999990110.00',
        },
      ])
      // Written as strings, a figure keeps every digit (beyond what a double holds).
      const [exact] = await db.query<{ v: unknown }>('SELECT $1::numeric AS v', [
        '123456789012345678901234.123456789',
      ])
      expect(exact?.v).toBe('123456789012345678901234.123456789')
      // Whole units only.
      await expect(
        db.query(`UPDATE exchange_requests SET amount = 1000.5 WHERE amount = 1000`),
      ).rejects.toThrow(/exchange_requests_amount_whole/)
    } finally {
      await db.close()
      await fresh.dispose()
    }
  })
})

describe.each(engines)('migration 013 (the request desk) on %s', (engine) => {
  it('makes every stored request submitted, version 1, its history starting at its creation', async () => {
    const fresh = await createFreshDatabase(engine)
    const db = await openDatabase(fresh, () => undefined)
    try {
      const dir = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url))
      await db.exec(`CREATE TABLE schema_migrations (
        version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`)
      for (const file of (await migrationFiles()).filter((f) => f < '013')) {
        await db.exec(await readFile(dir + file, 'utf8'))
        await db.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file])
      }
      const [user] = await db.query<{ id: string }>(
        `INSERT INTO users (email, email_normalized, password_hash)
         VALUES ('old@example.com', 'old@example.com', 'x') RETURNING id`,
      )
      const [old] = await db.query<{ id: string }>(
        `INSERT INTO exchange_requests (user_id, from_currency, to_currency, amount, name, email,
           phone, country, message, created_at)
         VALUES ($1, 'EUR', 'BTC', 1000, '', '', '', '', '', '2026-03-05T10:15:30Z') RETURNING id`,
        [user?.id],
      )

      expect(await migrate(db)).toContain('013-request-desk.sql')
      const [row] = await db.query<Record<string, unknown>>(
        'SELECT state, version, assignee_id, updated_at FROM exchange_requests WHERE id = $1',
        [old?.id],
      )
      expect(row).toEqual({
        state: 'submitted',
        version: 1,
        assignee_id: null,
        updated_at: new Date('2026-03-05T10:15:30Z'),
      })
      const events = await db.query<Record<string, unknown>>(
        `SELECT kind, for_customer, actor_kind, to_state, at FROM request_events
         WHERE request_id = $1`,
        [old?.id],
      )
      expect(events).toEqual([
        {
          kind: 'created',
          for_customer: true,
          actor_kind: 'customer',
          to_state: 'submitted',
          at: new Date('2026-03-05T10:15:30Z'),
        },
      ])
      // The log is append-only.
      await expect(db.query('DELETE FROM request_events')).rejects.toThrow(/append-only/)
    } finally {
      await db.close()
      await fresh.dispose()
    }
  })
})

describe.each(engines)('migration 015 (verification requests and holds) on %s', (engine) => {
  it('ties stored Sumsub events to their customer in order, one active hold, nothing cascades', async () => {
    const fresh = await createFreshDatabase(engine)
    const db = await openDatabase(fresh, () => undefined)
    try {
      const dir = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url))
      await db.exec(`CREATE TABLE schema_migrations (
        version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`)
      for (const file of (await migrationFiles()).filter((f) => f < '015')) {
        await db.exec(await readFile(dir + file, 'utf8'))
        await db.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file])
      }
      const [user] = await db.query<{ id: string }>(
        `INSERT INTO users (email, email_normalized, password_hash)
         VALUES ('old@example.com', 'old@example.com', 'x') RETURNING id`,
      )
      const [staff] = await db.query<{ id: string }>(
        `INSERT INTO users (email, email_normalized, password_hash, kind)
         VALUES ('c@example.com', 'c@example.com', 'x', 'staff') RETURNING id`,
      )
      await db.query(
        `INSERT INTO verifications (user_id, kind, external_user_id, applicant_id, level_name,
           created_at, updated_at) VALUES ($1, 'kyb', 'ext-1', 'app-1', 'kyb-level', now(), now())`,
        [user?.id],
      )
      // Stored before 015, received second and first.
      await db.query(
        `INSERT INTO sumsub_webhook_events (body_sha256, event_type, applicant_id, outcome, received_at)
         VALUES ('b', 'applicantReviewed', 'app-1', 'applied', '2026-03-05T10:00:02Z'),
                ('a', 'applicantPending', 'app-1', 'applied', '2026-03-05T10:00:01Z'),
                ('c', 'applicantPending', 'unknown', 'unknown-applicant', '2026-03-05T10:00:03Z')`,
      )

      expect(await migrate(db)).toContain('015-verification-requests-and-holds.sql')
      const events = await db.query<Record<string, unknown>>(
        'SELECT body_sha256, seq::text AS seq, customer_id, kind FROM sumsub_webhook_events ORDER BY seq',
      )
      expect(events).toEqual([
        { body_sha256: 'a', seq: '1', customer_id: user?.id, kind: 'kyb' },
        { body_sha256: 'b', seq: '2', customer_id: user?.id, kind: 'kyb' },
        { body_sha256: 'c', seq: '3', customer_id: null, kind: null },
      ])
      // New deliveries continue the numbering.
      const [next] = await db.query<{ seq: string }>(
        `INSERT INTO sumsub_webhook_events (body_sha256, event_type, applicant_id, outcome, received_at)
         VALUES ('d', 'applicantPending', 'app-1', 'applied', now()) RETURNING seq::text AS seq`,
      )
      expect(next?.seq).toBe('4')

      const hold = `INSERT INTO customer_holds (customer_id, reason, placed_by, placed_at)
        VALUES ($1, 'sanctions screening', $2, now())`
      await db.query(hold, [user?.id, staff?.id])
      await expect(db.query(hold, [user?.id, staff?.id])).rejects.toThrow(
        /customer_holds_active_idx/,
      )
      const ask = `INSERT INTO verification_requests (customer_id, kind, note, requested_by,
        requested_at) VALUES ($1, 'kyb', 'Please verify your company', $2, now())`
      await db.query(ask, [user?.id, staff?.id])
      await expect(db.query(ask, [user?.id, staff?.id])).rejects.toThrow(
        /verification_requests_open_idx/,
      )
      // Deleting the customer is refused: the records stay.
      await db.query('DELETE FROM verifications')
      await expect(db.query('DELETE FROM users WHERE id = $1', [user?.id])).rejects.toThrow(
        /foreign key/,
      )
    } finally {
      await db.close()
      await fresh.dispose()
    }
  })
})
