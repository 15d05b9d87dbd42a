/**
 * Migration 014 (payments, docs/product/payments.md) on a database that already has widget
 * requests: they stay, with no exchange request; a payment keeps its amounts exactly and its
 * customer's account cannot be deleted from under it (no cascade).
 */
import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { migrate } from '../../server/db/migrate.ts'
import { openDatabase } from '../../server/db/open-database.ts'
import { paymentsOf } from '../../server/payments/payment-records.ts'
import { createFreshDatabase, engines } from './support/databases.ts'

const dir = fileURLToPath(new URL('../../server/db/migrations/', import.meta.url))

describe.each(engines)('migration 014 (payments) on %s', (engine) => {
  it('keeps the widget requests stored before it and records payments exactly', async () => {
    const fresh = await createFreshDatabase(engine)
    const db = await openDatabase(fresh, () => undefined)
    try {
      await db.exec(`CREATE TABLE schema_migrations (
        version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`)
      const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort()
      for (const file of files.filter((f) => f < '014')) {
        await db.exec(await readFile(dir + file, 'utf8'))
        await db.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file])
      }
      const [user] = await db.query<{ id: string }>(
        `INSERT INTO users (email, email_normalized, password_hash)
         VALUES ('old@example.com', 'old@example.com', 'x') RETURNING id`,
      )
      const userId = user?.id ?? ''
      await db.query(
        `INSERT INTO paybis_customers (user_id, partner_user_id, created_at) VALUES ($1, 'p-1', now())`,
        [userId],
      )
      await db.query(
        `INSERT INTO paybis_requests (request_id, user_id, created_at)
         VALUES ('req-old', $1, '2026-03-05T10:15:30Z')`,
        [userId],
      )

      expect(await migrate(db)).toContain('014-payments.sql')
      expect(await db.query('SELECT request_id, exchange_request_id FROM paybis_requests')).toEqual(
        [{ request_id: 'req-old', exchange_request_id: null }],
      )
      expect(await db.query('SELECT * FROM payments')).toEqual([])

      await db.query(
        `INSERT INTO payments (request_id, user_id, transaction_id, status, provider_status,
           spent_amount, spent_currency, received_amount, received_currency, created_at,
           updated_at, updated_by)
         VALUES ('req-old', $1, 'PB-1', 'completed', 'completed', '12345678901234567890.10',
           'EUR', '0.000000000000000001', 'ETH', '2026-03-05T10:20:00Z', '2026-03-05T10:21:00Z',
           'webhook')`,
        [userId],
      )
      expect(await paymentsOf(db, userId)).toEqual([
        {
          id: expect.any(String) as string,
          status: 'completed',
          spent: { amount: '12345678901234567890.10', currency: 'EUR' },
          received: { amount: '0.000000000000000001', currency: 'ETH' },
          createdAt: '2026-03-05T10:20:00.000Z',
          updatedAt: '2026-03-05T10:21:00.000Z',
        },
      ])
      // Not our status, or a second payment for the same widget request: refused.
      await expect(db.query(`UPDATE payments SET status = 'settled'`)).rejects.toThrow(
        /payments_status_check/,
      )
      await expect(
        db.query(
          `INSERT INTO payments (request_id, user_id, transaction_id, status, provider_status,
             created_at, updated_at, updated_by)
           VALUES ('req-old', $1, 'PB-2', 'processing', 'created', now(), now(), 'webhook')`,
          [userId],
        ),
      ).rejects.toThrow(/payments_request_id_key/)
      // The record outlives any attempt to delete the account.
      await expect(db.query('DELETE FROM users WHERE id = $1', [userId])).rejects.toThrow(
        /foreign key/,
      )
    } finally {
      await db.close()
      await fresh.dispose()
    }
  })
})
