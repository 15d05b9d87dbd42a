/**
 * No background job is lost by a SIGKILL or a database restart (issue 26, decision 106): whole
 * server processes with a real SMTP server that counts deliveries. A node is killed while it sends
 * an e-mail and has a reset request queued behind it; the next node sends that e-mail once and
 * handles the request once. PostgreSQL restarted under a node with e-mails and reset requests in
 * hand: every one goes out after it is back.
 */
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db/open-database.ts'
import { uniqueEmail } from './support/accounts.ts'
import { spawnServer } from './support/child-server.ts'
import { adminQuery, createFreshDatabase, engines } from './support/databases.ts'
import { findPostgresBinDir, startPostgresCluster } from './support/postgres-cluster.ts'
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.ts'

const password = 'Lantern-Orchard-Tulip-58'
const leaseSeconds = 2

async function waitFor(what: string, condition: () => Promise<boolean> | boolean, ms = 30_000) {
  const deadline = Date.now() + ms
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const deliveredTo = (sink: SmtpSink, email: string) =>
  sink.accepted.filter((m) => m.to === email.toLowerCase())

describe.each(engines)('jobs through a SIGKILL on %s', (engine) => {
  it('sends the e-mail a killed node was sending once, and handles its queued reset request once', async () => {
    const fresh = await createFreshDatabase(engine)
    const sink = await startSmtpSink()
    const env = { SMTP_URL: sink.url, JOB_LEASE_SECONDS: String(leaseSeconds) }
    try {
      const first = await spawnServer(fresh, env)
      const email = uniqueEmail('killed')
      sink.hold()
      expect((await first.api('POST', '/api/auth/register', { email, password })).status).toBe(202)
      await waitFor('the node to be sending', () => sink.waiting() === 1)
      // Queued behind the e-mail being sent: the node is busy with it.
      expect((await first.api('POST', '/api/auth/reset-password', { email })).status).toBe(200)
      first.child.kill('SIGKILL')
      expect(await first.exited).toBe('SIGKILL')
      // The killed node's SMTP exchange ended without the server's acceptance.
      await waitFor('the connection to drop', () => sink.waitingForNobody() === 1)
      sink.release()
      expect(deliveredTo(sink, email)).toEqual([])

      const second = await spawnServer(fresh, env)
      await waitFor('both e-mails', () => deliveredTo(sink, email).length >= 2)
      expect(await second.stop()).toBe(0)

      const subjects = deliveredTo(sink, email).map((m) => m.subject)
      expect(subjects).toHaveLength(2)
      expect(subjects.some((s) => /confirm/i.test(s))).toBe(true)
      expect(subjects.some((s) => /reset/i.test(s))).toBe(true)
      const db = await openDatabase(fresh, () => undefined)
      try {
        // Every message sent once (by its Message-ID), and no job left but the recurring ones.
        const outbox = await db.query<{ id: string; sent: boolean }>(
          'SELECT id::text AS id, sent_at IS NOT NULL AS sent FROM outbox ORDER BY id',
        )
        expect(outbox.map((m) => m.sent)).toEqual([true, true])
        const ids = deliveredTo(sink, email).map((m) => /^<outbox\.(\d+)\./.exec(m.messageId)?.[1])
        expect(ids.sort()).toEqual(outbox.map((m) => m.id).sort())
        expect(await db.query('SELECT kind FROM jobs WHERE recurring_key IS NULL')).toEqual([])
        const tokens = await db.query(
          `SELECT 1 FROM email_tokens t JOIN users u ON u.id = t.user_id
           WHERE u.email = $1 AND t.purpose = 'reset_password'`,
          [email],
        )
        expect(tokens).toHaveLength(1)
      } finally {
        await db.close()
      }
    } finally {
      await sink.stop()
      await fresh.dispose()
    }
  })
})

describe('jobs through a PostgreSQL restart', () => {
  it.skipIf(findPostgresBinDir() === undefined)(
    'sends every e-mail and handles every reset request the node held once PostgreSQL is back',
    async () => {
      const cluster = await startPostgresCluster()
      const sink = await startSmtpSink()
      const fresh = await createFreshDatabase('pglite') // only for its DATA_DIR
      try {
        await adminQuery('CREATE DATABASE app', cluster.adminUrl)
        const database = { dataDir: fresh.dataDir, databaseUrl: cluster.databaseUrl('app') }
        const node = await spawnServer(database, {
          SMTP_URL: sink.url,
          JOB_LEASE_SECONDS: String(leaseSeconds),
          TRUST_PROXY: '127.0.0.1',
        })
        try {
          const emails = Array.from({ length: 5 }, (_, i) => uniqueEmail(`restart${i}`))
          sink.hold()
          for (const [i, email] of emails.entries()) {
            const from = { 'x-forwarded-for': `10.26.0.${i + 1}` }
            expect(
              (await node.api('POST', '/api/auth/register', { email, password }, from)).status,
            ).toBe(202)
            expect(
              (await node.api('POST', '/api/auth/reset-password', { email }, from)).status,
            ).toBe(200)
          }
          await waitFor('the node to be sending', () => sink.waiting() === 1)
          await cluster.stop('immediate')
          // The e-mail in flight is accepted while the database is gone: its mark is lost.
          sink.release()
          await new Promise((resolve) => setTimeout(resolve, 500))
          await cluster.start()

          await waitFor('every e-mail', () =>
            emails.every((email) => deliveredTo(sink, email).length >= 2),
          )
          const db = await openDatabase(database, () => undefined)
          try {
            await waitFor('the jobs to be done', async () => {
              const left = await db.query('SELECT 1 FROM jobs WHERE recurring_key IS NULL')
              return left.length === 0
            })
            const outbox = await db.query<{ id: string; sent: boolean }>(
              'SELECT id::text AS id, sent_at IS NOT NULL AS sent FROM outbox',
            )
            expect(outbox).toHaveLength(10)
            expect(outbox.every((m) => m.sent)).toBe(true)
            // Each request handled once: one reset link per customer.
            const tokens = await db.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM email_tokens t JOIN users u ON u.id = t.user_id
               WHERE u.email = ANY($1::text[]) AND t.purpose = 'reset_password' GROUP BY u.id`,
              [emails],
            )
            expect(tokens.map((t) => t.n)).toEqual([1, 1, 1, 1, 1])
          } finally {
            await db.close()
          }
          // Every message delivered; only the one accepted during the outage may come twice,
          // with its one Message-ID (the window of decision 090).
          const counts = new Map<string, number>()
          for (const m of sink.accepted) counts.set(m.messageId, (counts.get(m.messageId) ?? 0) + 1)
          expect(counts.size).toBe(10)
          expect([...counts.values()].filter((n) => n > 1).length).toBeLessThanOrEqual(1)
          expect(node.child.exitCode, node.output()).toBeNull()
          expect(node.output()).not.toMatch(/uncaught|unhandled/i)
        } finally {
          expect(await node.stop(), node.output()).toBe(0)
        }
      } finally {
        await sink.stop()
        await cluster.destroy()
        await fresh.dispose()
      }
    },
  )
})
