/**
 * Durability: a server process killed with SIGKILL in the middle of a stream of registrations
 * loses none it acknowledged (202). Checked after a restart on the same data, over HTTP (each
 * account's confirmation e-mail is in the outbox, the account answers login) and in the database.
 */
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/open-database.ts'
import { expectProblem } from './support/accounts.ts'
import { spawnServer } from './support/child-server.ts'
import { ContractViolation } from './support/contract.ts'
import { createFreshDatabase, engines } from './support/databases.ts'

const password = 'durable-password-1'
const workers = 4
const killAfter = 40

describe.each(engines)('durability on %s', (engine) => {
  it('keeps every acknowledged registration through a SIGKILL', async () => {
    const fresh = await createFreshDatabase(engine)
    try {
      // TRUST_PROXY lets each request come from its own address, clear of the per-IP limit.
      const env = { TRUST_PROXY: '127.0.0.1' }
      const first = await spawnServer(fresh, env)
      const acknowledged: string[] = []
      const refused: string[] = []

      const stream = async (worker: number) => {
        for (let i = 0; ; i++) {
          const email = `durable-${worker}-${i}@example.com`
          let status: number
          try {
            const response = await first.api(
              'POST',
              '/api/auth/register',
              { email, password },
              { 'x-forwarded-for': `10.${worker}.${Math.floor(i / 250)}.${(i % 250) + 1}` },
            )
            status = response.status
          } catch (error) {
            if (error instanceof ContractViolation) throw error
            return // the server is gone
          }
          if (status === 202) acknowledged.push(email)
          else refused.push(`${email}: ${status}`)
        }
      }
      const streams = Array.from({ length: workers }, (_, w) => stream(w))
      await expect
        .poll(() => acknowledged.length, { timeout: 30_000, interval: 5 })
        .toBeGreaterThanOrEqual(killAfter)
      first.child.kill('SIGKILL')
      // Each stream ends only on a failed request: every one had a request in flight.
      await Promise.all(streams)
      expect(await first.exited).toBe('SIGKILL')
      expect(refused).toEqual([])

      // Restarted on the same data: every acknowledged account is there, with its e-mail.
      const second = await spawnServer(fresh, env)
      try {
        expect((await second.api('GET', '/api/health')).status).toBe(200)
        const mailed = new Set((await second.mailbox()).map((m) => m.to))
        expect(acknowledged.filter((email) => !mailed.has(email))).toEqual([])
        for (const email of acknowledged.slice(-3)) {
          const login = await second.api('POST', '/api/auth/login', { email, password })
          expectProblem(login, 403, 'EMAIL_NOT_VERIFIED')
        }
      } finally {
        expect(await second.stop()).toBe(0)
      }

      const db = await openDatabase(fresh, () => undefined)
      try {
        const rows = await db.query<{ email: string }>(
          'SELECT email FROM users WHERE email = ANY($1::text[])',
          [acknowledged],
        )
        expect(rows.length).toBe(acknowledged.length)
      } finally {
        await db.close()
      }
    } finally {
      await fresh.dispose()
    }
  })
})
