/**
 * Issue 17: two API processes on one PostgreSQL, with the test as their load balancer (it spreads
 * requests over both and names the client in X-Forwarded-For, which TRUST_PROXY believes) and a
 * real SMTP server counting deliveries. Shared limits, each write stored once, each e-mail sent
 * once, a webhook applied once, a node killed mid-burst and a node stopped by SIGTERM.
 */
import { request as httpRequest } from 'node:http'
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { webhookDigest } from '../../server/providers/sumsub/signing.ts'
import { bearer, expectProblem, mailedToken, uniqueEmail } from './support/accounts.ts'
import { spawnServer, type ChildServer } from './support/child-server.ts'
import { createFreshDatabase, type FreshDatabase } from './support/databases.ts'
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.ts'
import { RawBody, type ApiResponse } from './support/test-server.ts'

const leaseSeconds = 3
const webhookSecret = 'two-nodes-webhook-secret'
const password = 'Lantern-Orchard-Tulip-58'

let database: FreshDatabase
let sink: SmtpSink
let sql: pg.Client
let a: ChildServer
let b: ChildServer
const started: ChildServer[] = []

const nodeEnv = (extra: Record<string, string> = {}) => ({
  SMTP_URL: sink.url,
  JOB_LEASE_SECONDS: String(leaseSeconds),
  TRUST_PROXY: '127.0.0.1',
  SUMSUB_WEBHOOK_SECRET: webhookSecret,
  ...extra,
})

async function spawnNode(extra: Record<string, string> = {}): Promise<ChildServer> {
  const node = await spawnServer(database, nodeEnv(extra))
  started.push(node)
  return node
}

const from = (ip: string) => ({ 'x-forwarded-for': ip })

async function waitFor(what: string, condition: () => Promise<boolean> | boolean, ms = 20_000) {
  const deadline = Date.now() + ms
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** The outbox row a delivered Message-ID was made from. */
const outboxIdOf = (messageId: string) => /^<outbox\.(\d+)\./.exec(messageId)?.[1] ?? messageId

async function outboxIds(): Promise<string[]> {
  const rows = await sql.query<{ id: string }>('SELECT id FROM outbox ORDER BY id')
  return rows.rows.map((r) => r.id)
}

/** Waits until the outbox is all sent, then: every row delivered, and each exactly once. */
async function expectEachEmailSentOnce(): Promise<void> {
  await waitFor('the outbox to be sent', async () => {
    const unsent = await sql.query('SELECT 1 FROM outbox WHERE sent_at IS NULL LIMIT 1')
    return unsent.rowCount === 0
  })
  const delivered = sink.accepted.map((m) => outboxIdOf(m.messageId)).sort()
  const expected = (await outboxIds()).sort()
  expect(delivered).toEqual(expected)
}

async function register(node: ChildServer, email: string, ip: string): Promise<ApiResponse> {
  return node.api('POST', '/api/auth/register', { email, password }, from(ip))
}

async function verifiedCustomer(node: ChildServer, ip: string) {
  const email = uniqueEmail('node')
  expect((await register(node, email, ip)).status).toBe(202)
  const token = await mailedToken(node, email, 'verify-email')
  const verified = await node.api(
    'GET',
    `/api/auth/verify-email?token=${encodeURIComponent(token ?? '')}`,
  )
  expect(verified.status, verified.text).toBe(200)
  return email
}

beforeAll(async () => {
  sink = await startSmtpSink()
  database = await createFreshDatabase('postgres')
  sql = new pg.Client({ connectionString: database.databaseUrl })
  await sql.connect()
  // Both nodes start at the same moment on an empty database: both migrate it.
  ;[a, b] = await Promise.all([spawnNode(), spawnNode()])
})

afterAll(async () => {
  for (const node of started) if (node.child.exitCode === null) node.child.kill('SIGKILL')
  await Promise.all(started.map((node) => node.exited))
  await sql.end()
  await sink.stop()
  await database.dispose()
})

describe('two API nodes on one PostgreSQL', () => {
  it('migrates once when both start together, and both are live and ready', async () => {
    const versions = await sql.query<{ version: string; n: string }>(
      'SELECT version, count(*) AS n FROM schema_migrations GROUP BY version ORDER BY version',
    )
    expect(versions.rows.length).toBeGreaterThanOrEqual(8)
    expect(versions.rows.every((r) => r.n === '1')).toBe(true)
    for (const node of [a, b]) {
      expect((await node.api('GET', '/api/health/live')).body).toEqual({ status: 'ok' })
      expect((await node.api('GET', '/api/health/ready')).body).toEqual({
        status: 'ok',
        database: 'ok',
      })
    }
  })

  it('counts login attempts for one account across both nodes like one node: 5 wrong, then 429', async () => {
    const email = await verifiedCustomer(a, '198.51.100.1')
    const attacker = '203.0.113.9'
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? b : a).api(
          'POST',
          '/api/auth/login',
          { email, password: `wrong-${i}` },
          from(attacker),
        ),
      ),
    )
    const statuses = guesses.map((g) => g.status).sort()
    expect(statuses.filter((s) => s === 401)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(7)
    // Locked for this client on both nodes, even with the right password; not for the owner.
    for (const node of [a, b])
      expectProblem(
        await node.api('POST', '/api/auth/login', { email, password }, from(attacker)),
        429,
      )
    expect(
      (await b.api('POST', '/api/auth/login', { email, password }, from('198.51.100.1'))).status,
    ).toBe(200)
  })

  it('stores 100 concurrent registrations once each and sends each e-mail once', async () => {
    const emails = Array.from({ length: 100 }, (_, i) => uniqueEmail(`burst${i}`))
    const answers = await Promise.all(
      emails.map((email, i) => register(i % 2 ? b : a, email, `10.17.${i >> 8}.${i & 255}`)),
    )
    expect(answers.map((r) => r.status)).toEqual(emails.map(() => 202))
    const stored = await sql.query<{ email_normalized: string; n: string }>(
      `SELECT email_normalized, count(*) AS n FROM users WHERE email_normalized = ANY($1)
       GROUP BY email_normalized`,
      [emails.map((e) => e.toLowerCase())],
    )
    expect(stored.rows).toHaveLength(100)
    expect(stored.rows.every((r) => r.n === '1')).toBe(true)
    const mails = await sql.query('SELECT 1 FROM outbox WHERE lower(to_address) = ANY($1)', [
      emails.map((e) => e.toLowerCase()),
    ])
    expect(mails.rowCount).toBe(100)
    await expectEachEmailSentOnce()
  })

  it('stores 100 concurrent quote requests once each and sends their 200 e-mails once', async () => {
    const customers = await Promise.all(
      Array.from({ length: 5 }, async (_, k) => {
        const ip = `198.51.100.${20 + k}`
        const email = await verifiedCustomer(k % 2 ? b : a, ip)
        const login = await a.api('POST', '/api/auth/login', { email, password }, from(ip))
        expect(login.status, login.text).toBe(200)
        return { email, auth: bearer((login.body as { accessToken: string }).accessToken) }
      }),
    )
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const customer = customers[i % 5]
        if (!customer) throw new Error('no customer')
        return (i % 2 ? b : a).api(
          'POST',
          '/api/exchange-request',
          {
            fromCurrency: 'EUR',
            toCurrency: 'BTC',
            amount: 1000 + i,
            name: 'Anna',
            email: customer.email,
            phone: '',
            country: '',
            message: `request ${i}`,
          },
          customer.auth,
        )
      }),
    )
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 201))
    const ids = answers.map((r) => (r.body as { id: string }).id).sort()
    const rows = await sql.query<{ id: string; amount: string; message: string }>(
      `SELECT e.id::text AS id, e.amount, e.message FROM exchange_requests e
       JOIN users u ON u.id = e.user_id WHERE u.email = ANY($1) ORDER BY e.id`,
      [customers.map((c) => c.email)],
    )
    expect(rows.rows.map((r) => r.id).sort()).toEqual(ids)
    expect(new Set(rows.rows.map((r) => r.message)).size).toBe(100)
    await expectEachEmailSentOnce()
  })

  it('applies a signed webhook that reaches both nodes at the same moment once', async () => {
    const email = await verifiedCustomer(b, '198.51.100.40')
    const login = await b.api('POST', '/api/auth/login', { email, password }, from('198.51.100.40'))
    const auth = bearer((login.body as { accessToken: string }).accessToken)
    expect((await a.api('POST', '/api/sumsub/kyc', undefined, auth)).status).toBe(200)
    const row = await sql.query<{ external_user_id: string }>(
      `SELECT v.external_user_id FROM verifications v JOIN users u ON u.id = v.user_id
       WHERE u.email = $1`,
      [email],
    )
    const externalUserId = row.rows[0]?.external_user_id ?? ''
    const applicantId = `app-${randomUUID()}`
    const steps = [
      ['applicantPending', 'pending', '2030-01-01 10:00:00.000'],
      ['applicantOnHold', 'onHold', '2030-01-01 10:01:00.000'],
      ['applicantReviewed', 'completed', '2030-01-01 10:02:00.000'],
    ] as const
    for (const [type, reviewStatus, createdAtMs] of steps) {
      const body = JSON.stringify({
        applicantId,
        externalUserId,
        type,
        reviewStatus,
        createdAtMs,
        ...(reviewStatus === 'completed' ? { reviewResult: { reviewAnswer: 'GREEN' } } : {}),
      })
      const headers = {
        'x-payload-digest': webhookDigest(webhookSecret, 'HMAC_SHA256_HEX', body),
        'x-payload-digest-alg': 'HMAC_SHA256_HEX',
      }
      const both = await Promise.all(
        [a, b].map((node) =>
          node.api('POST', '/api/sumsub/webhook', new RawBody(body, 'application/json'), headers),
        ),
      )
      expect(both.map((r) => r.body)).toEqual([{ status: 'ok' }, { status: 'ok' }])
    }
    const events = await sql.query<{ event_type: string; outcome: string }>(
      `SELECT event_type, outcome FROM sumsub_webhook_events WHERE applicant_id = $1
       ORDER BY received_at, event_type`,
      [applicantId],
    )
    expect(events.rows).toEqual(steps.map(([type]) => ({ event_type: type, outcome: 'applied' })))
    const status = await a.api('GET', '/api/sumsub/kyc-status', undefined, auth)
    expect(status.body).toEqual({
      kycReviewStatus: 'completed',
      kycReviewResult: { reviewAnswer: 'GREEN' },
    })
  })

  it('keeps answering when one node is killed mid-burst; nothing acknowledged is lost and its e-mails go out after the lease', async () => {
    // A slow mail server: both nodes' dispatchers are caught mid-send.
    sink.hold()
    const warmUp = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        register(i % 2 ? b : a, uniqueEmail(`warm${i}`), `10.18.0.${i}`),
      ),
    )
    expect(warmUp.map((r) => r.status)).toEqual(warmUp.map(() => 202))
    await waitFor('both nodes to be sending', () => sink.waiting() === 2)

    const emails = Array.from({ length: 60 }, (_, i) => uniqueEmail(`kill${i}`))
    let settled = 0
    let claimedByA: { id: string; lease_until: Date }[] = []
    const killed = (async () => {
      await waitFor('the burst to be under way', () => settled >= 15)
      const claims = await sql.query<{ id: string; lease_until: Date }>(
        `SELECT payload->>'outboxId' AS id, locked_until AS lease_until FROM jobs
         WHERE kind = 'mail.send' AND locked_by LIKE $1`,
        [`%:${a.child.pid ?? 0}:%`],
      )
      claimedByA = claims.rows
      a.child.kill('SIGKILL')
      return a.exited
    })()
    const results = await Promise.all(
      emails.map(async (email, i) => {
        const node = i % 2 ? b : a
        try {
          const answer = await register(node, email, `10.19.0.${i}`)
          return { email, node, status: answer.status }
        } catch {
          return { email, node, status: 0 } // the connection died with the node: not acknowledged
        } finally {
          settled++
        }
      }),
    )
    expect(await killed).toBe('SIGKILL')
    expect(claimedByA.length).toBeGreaterThan(0)

    // The surviving node answered every request it was sent; some of the killed node's failed.
    expect(results.filter((r) => r.node === b).map((r) => r.status)).toEqual(
      results.filter((r) => r.node === b).map(() => 202),
    )
    expect(results.some((r) => r.node === a && r.status === 0)).toBe(true)
    expect((await b.api('GET', '/api/health/ready')).status).toBe(200)
    const acknowledged = results.filter((r) => r.status === 202).map((r) => r.email.toLowerCase())
    const stored = await sql.query('SELECT 1 FROM users WHERE email_normalized = ANY($1)', [
      acknowledged,
    ])
    expect(stored.rowCount).toBe(acknowledged.length)

    // The message the killed node was sending was never accepted; then the mail server recovers.
    await waitFor('the killed node’s SMTP connection to drop', () => sink.waitingForNobody() === 1)
    sink.release()
    await expectEachEmailSentOnce()
    const resent = await sql.query<{ id: string; sent_at: Date }>(
      'SELECT id::text AS id, sent_at FROM outbox WHERE id = ANY($1::bigint[])',
      [claimedByA.map((c) => c.id)],
    )
    for (const message of resent.rows) {
      const lease = claimedByA.find((c) => c.id === message.id)?.lease_until
      expect(message.sent_at.getTime()).toBeGreaterThanOrEqual(new Date(lease ?? 0).getTime())
    }
  })

  it('drains on SIGTERM: answers the request in flight, hands its unsent claim back at once, exits 0', async () => {
    await b.stop()
    // Five e-mails waiting for whichever node starts next (as a stopped node leaves them).
    for (let i = 0; i < 5; i++)
      await sql.query(
        `WITH message AS (
           INSERT INTO outbox (to_address, subject, text_body, html_body)
           VALUES ($1, 'Queued', 'queued', '<p>queued</p>') RETURNING id
         )
         INSERT INTO jobs (kind, payload)
         SELECT 'mail.send', jsonb_build_object('outboxId', id::text) FROM message`,
        [`queued-${i}@example.com`],
      )
    sink.hold()
    // A lease far longer than the test: only a hand-back lets another node send them now.
    const c = await spawnNode({ JOB_LEASE_SECONDS: '600' })
    await waitFor('the node to claim the outbox', async () => {
      const claimed = await sql.query('SELECT 1 FROM jobs WHERE locked_by LIKE $1', [
        `%:${c.child.pid ?? 0}:%`,
      ])
      return claimed.rowCount === 5 && sink.waiting() === 1
    })

    // A login whose headers have arrived (the server said 100 Continue) but not its body.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' })
    const inFlight = httpRequest(`${c.url}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    })
    const continued = new Promise<void>((resolve) => inFlight.once('continue', resolve))
    const answered = new Promise<{ status: number; text: string; connection: string }>(
      (resolve, reject) => {
        inFlight.once('error', reject)
        inFlight.once('response', (response) => {
          let text = ''
          response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
          response.on('end', () => {
            resolve({
              status: response.statusCode ?? 0,
              text,
              connection: String(response.headers.connection),
            })
          })
        })
      },
    )
    inFlight.flushHeaders()
    await continued

    c.child.kill('SIGTERM')
    await waitFor('the node to stop taking connections', () =>
      fetch(`${c.url}/api/health/live`).then(
        () => false,
        () => true,
      ),
    )
    sink.release()
    await waitFor('the unsent claim to be handed back', async () => {
      const held = await sql.query('SELECT 1 FROM jobs WHERE locked_by IS NOT NULL')
      return held.rowCount === 0
    })
    inFlight.end(body)
    const answer = await answered
    expect(answer.status).toBe(401)
    expect(JSON.parse(answer.text)).toMatchObject({ errorType: 'INVALID_CREDENTIALS' })
    expect(answer.connection).toBe('close')
    expect(await c.exited).toBe(0)

    const left = await sql.query<{ attempts: number; lease_until: Date | null }>(
      `SELECT attempts, locked_until AS lease_until FROM jobs WHERE kind = 'mail.send'`,
    )
    expect(left.rows).toEqual(Array.from({ length: 4 }, () => ({ attempts: 0, lease_until: null })))
    // The next node sends them at once, not after the 600 s lease.
    await spawnNode()
    await expectEachEmailSentOnce()
  })
})
