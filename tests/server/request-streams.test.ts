/**
 * Issue 28, live changes: the request streams (server-sent events) on both engines — who sees
 * what, resuming with Last-Event-ID, the headers, keep-alive comments and a node that stops with
 * streams open — and, on PostgreSQL, two nodes: a change made through one reaches a stream on the
 * other, and a client whose node is killed mid-stream resumes on the other with nothing lost or
 * repeated. Events are appended with appendRequestEvents, as the request desk appends them.
 */
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import type { Database } from '../../server/db/database.ts'
import { appendRequestEvents, type RequestEventKind } from '../../server/requests/request-events.ts'
import { createRequestStreams } from '../../server/requests/request-stream.ts'
import { startServer, type RunningServer } from '../../server/server.ts'
import { bearer, expectProblem, verifiedUser } from './support/accounts.ts'
import { spawnServer, type ChildServer } from './support/child-server.ts'
import { createFreshDatabase, engines, type FreshDatabase } from './support/databases.ts'
import { claimsOf, staffOn, type StaffMember } from './support/staff.ts'
import {
  apiClient,
  fetchMailbox,
  startTestServer,
  testJwtSecret,
  testPublicUrl,
  testSecondFactorKey,
  type HttpTarget,
  type TestServer,
} from './support/test-server.ts'

const customerPath = '/api/exchange-request/events'
const deskPath = '/api/ops/requests/events'

interface Received {
  id: string
  event: string
  data: { seq: string; requestId: string; kind: string }
}

/** A stream read with fetch, as the SPA reads it; its events and comments as they arrive. */
interface TestStream {
  status: number
  headers: Headers
  events: Received[]
  comments: string[]
  /** Resolves when the server ends the stream or the connection breaks. */
  closed: Promise<void>
  /** Waits until `n` events have arrived (and a little longer, so extra ones would show). */
  waitForEvents(n: number, settleMs?: number): Promise<Received[]>
  close(): void
}

async function openStream(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
): Promise<TestStream> {
  const controller = new AbortController()
  const response = await fetch(baseUrl + path, { headers, signal: controller.signal })
  const events: Received[] = []
  const comments: string[] = []
  let buffer = ''
  let live: () => void = () => undefined
  const isLive = new Promise<void>((resolve) => (live = resolve))
  const closed = (async () => {
    if (!response.body) return
    const decoder = new TextDecoder()
    try {
      const reader = response.body.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        let end: number
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (block.startsWith(':')) {
            comments.push(block.slice(1).trim())
            live()
            continue
          }
          const fields = Object.fromEntries(
            block
              .split('\n')
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          ) as Record<string, string>
          events.push({
            id: fields.id ?? '',
            event: fields.event ?? '',
            data: JSON.parse(fields.data ?? 'null') as Received['data'],
          })
        }
      }
    } catch {
      // Aborted by the test, or the node went away: either ends the stream.
    }
  })()
  // The server's first comment says the stream is subscribed and live.
  if (response.status === 200) await Promise.race([isLive, closed])
  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    closed,
    async waitForEvents(n, settleMs = 150) {
      await waitUntil(`${n} events (have ${events.length})`, () => events.length >= n)
      await sleep(settleMs)
      return [...events]
    },
    close() {
      controller.abort()
    },
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitUntil(what: string, condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(10)
  }
}

/** A request row for the events to be about (the desk's service makes them; the test needs one). */
async function requestOf(db: Pick<Database, 'query'>, customerId: string): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO exchange_requests (user_id, from_currency, to_currency, amount, name, email,
       phone, country, message, created_at, updated_at)
     VALUES ($1, 'EUR', 'BTC', 100, 'Ann Test', 'ann@example.com', '+48123456789', 'PL', '', now(), now())
     RETURNING id`,
    [customerId],
  )
  if (!row) throw new Error('no request row')
  return row.id
}

async function append(
  db: Pick<Database, 'transaction'>,
  requestId: string,
  customerId: string,
  kind: RequestEventKind,
  forCustomer: boolean,
): Promise<string> {
  const [seq] = await db.transaction((tx) =>
    appendRequestEvents(tx, [
      {
        requestId,
        customerId,
        kind,
        forCustomer,
        actor: { kind: 'system', id: null },
        at: new Date(),
      },
    ]),
  )
  if (seq === undefined) throw new Error('no seq')
  return seq
}

const seqsOf = (events: readonly Received[]) => events.map((e) => e.id)

describe.each(engines)('request streams on %s', (engine) => {
  let server: TestServer
  let ann: { id: string; auth: Record<string, string> }
  let bob: { id: string; auth: Record<string, string> }
  let desk: StaffMember

  beforeAll(async () => {
    server = await startTestServer(engine)
    const a = await verifiedUser(server)
    const b = await verifiedUser(server)
    ann = { id: String(claimsOf(a.tokens.accessToken).sub), auth: bearer(a.tokens.accessToken) }
    bob = { id: String(claimsOf(b.tokens.accessToken).sub), auth: bearer(b.tokens.accessToken) }
    desk = await staffOn(server, ['support'])
  })
  afterAll(() => server.stop())

  it('sends a customer only their own changes the customer may see, and the desk every change', async () => {
    const db = server.running.db
    const annRequest = await requestOf(db, ann.id)
    const bobRequest = await requestOf(db, bob.id)
    const annStream = await openStream(server.url, customerPath, ann.auth)
    const bobStream = await openStream(server.url, customerPath, bob.auth)
    const deskStream = await openStream(server.url, deskPath, desk.auth)
    expect([annStream.status, bobStream.status, deskStream.status]).toEqual([200, 200, 200])

    const s1 = await append(db, annRequest, ann.id, 'created', true)
    const s2 = await append(db, annRequest, ann.id, 'note', false)
    const s3 = await append(db, bobRequest, bob.id, 'message', true)
    const s4 = await append(db, annRequest, ann.id, 'state', true)
    const s5 = await append(db, annRequest, ann.id, 'assignment', false)

    expect(seqsOf(await annStream.waitForEvents(2))).toEqual([s1, s4])
    expect(seqsOf(await bobStream.waitForEvents(1))).toEqual([s3])
    const deskEvents = await deskStream.waitForEvents(5)
    expect(seqsOf(deskEvents)).toEqual([s1, s2, s3, s4, s5])
    expect(deskEvents[1]).toEqual({
      id: s2,
      event: 'request',
      data: { seq: s2, requestId: annRequest, kind: 'note' },
    })
    expect(annStream.events.map((e) => e.data)).toEqual([
      { seq: s1, requestId: annRequest, kind: 'created' },
      { seq: s4, requestId: annRequest, kind: 'state' },
    ])
    for (const stream of [annStream, bobStream, deskStream]) stream.close()
  })

  it('answers as an event stream that no proxy buffers or stores, uncompressed', async () => {
    const stream = await openStream(server.url, customerPath, {
      ...ann.auth,
      'accept-encoding': 'gzip, br',
    })
    expect(stream.status).toBe(200)
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(stream.headers.get('cache-control')).toBe('no-store')
    expect(stream.headers.get('x-accel-buffering')).toBe('no')
    expect(stream.headers.get('content-encoding')).toBeNull()
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff')
    stream.close()
  })

  it('resumes after Last-Event-ID with exactly the changes missed; without it, only new ones', async () => {
    const db = server.running.db
    const request = await requestOf(db, ann.id)
    const first = await openStream(server.url, customerPath, ann.auth)
    const seen = await append(db, request, ann.id, 'created', true)
    expect(seqsOf(await first.waitForEvents(1))).toEqual([seen])
    first.close()
    await first.closed

    const missed = [
      await append(db, request, ann.id, 'message', true),
      await append(db, request, ann.id, 'note', false),
      await append(db, request, ann.id, 'offer', true),
      await append(db, request, ann.id, 'state', true),
    ]
    const resumed = await openStream(server.url, customerPath, {
      ...ann.auth,
      'last-event-id': seen,
    })
    const fresh = await openStream(server.url, customerPath, ann.auth)
    const deskResumed = await openStream(server.url, deskPath, {
      ...desk.auth,
      'last-event-id': seen,
    })
    expect(seqsOf(await resumed.waitForEvents(3))).toEqual([missed[0], missed[2], missed[3]])
    expect(seqsOf(await deskResumed.waitForEvents(4))).toEqual(missed)
    // Replay and live changes join without a gap or a repeat.
    const after = await append(db, request, ann.id, 'message', true)
    expect(seqsOf(await resumed.waitForEvents(4))).toEqual([missed[0], missed[2], missed[3], after])
    expect(seqsOf(await fresh.waitForEvents(1))).toEqual([after])
    // An id past the newest change (another database) starts from now rather than never.
    const ahead = await openStream(server.url, customerPath, {
      ...ann.auth,
      'last-event-id': '9999999999999999999',
    })
    const next = await append(db, request, ann.id, 'state', true)
    expect(seqsOf(await ahead.waitForEvents(1))).toEqual([next])
    for (const stream of [resumed, fresh, deskResumed, ahead]) stream.close()
  })

  it.runIf(engine === 'postgres')(
    'hears changes again after its LISTEN connection is cut, replaying what was notified meanwhile',
    async () => {
      const db = server.running.db
      const request = await requestOf(db, ann.id)
      const stream = await openStream(server.url, customerPath, ann.auth)
      const cut = await db.query<{ cut: boolean }>(
        `SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity
         WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
      )
      expect(cut).toEqual([{ cut: true }])
      // Notified while nobody listens: only the re-read after reconnecting can send these.
      const meanwhile = [
        await append(db, request, ann.id, 'message', true),
        await append(db, request, ann.id, 'state', true),
      ]
      expect(seqsOf(await stream.waitForEvents(2))).toEqual(meanwhile)
      const later = await append(db, request, ann.id, 'offer', true)
      expect(seqsOf(await stream.waitForEvents(3))).toEqual([...meanwhile, later])
      stream.close()
    },
  )

  it('refuses a caller without a token, a customer on the desk stream and a malformed id', async () => {
    expectProblem(await server.api('GET', customerPath), 401, 'INVALID_TOKEN')
    expectProblem(await server.api('GET', deskPath, undefined, ann.auth), 403, 'PERMISSION_DENIED')
    expectProblem(
      await server.api('GET', customerPath, undefined, { ...ann.auth, 'last-event-id': 'x1' }),
      400,
    )
  })

  it('ends its open streams when the node stops, without holding up the drain', async () => {
    const node = await startTestServer(engine)
    const user = await verifiedUser(node)
    const streams = await Promise.all([
      openStream(node.url, customerPath, bearer(user.tokens.accessToken)),
      openStream(node.url, customerPath, bearer(user.tokens.accessToken)),
    ])
    const started = Date.now()
    await node.stop()
    await Promise.all(streams.map((s) => s.closed))
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('comments every keep-alive interval while nothing changes', async () => {
    const streams = createRequestStreams({
      db: server.running.db,
      log: server.running.app.log,
      keepAliveMs: 50,
    })
    // A bare Fastify (not the server's drain) keeps a hijacked connection the client aborted.
    const app = Fastify({ forceCloseConnections: true })
    app.get('/stream', (request, reply) => streams.serve(request, reply, { kind: 'desk' }))
    const url = await app.listen({ host: '127.0.0.1', port: 0 })
    try {
      const stream = await openStream(url, '/stream', {})
      await sleep(400)
      expect(stream.comments[0]).toBe('live')
      expect(stream.comments.filter((c) => c === 'keep-alive').length).toBeGreaterThanOrEqual(4)
      expect(streams.size).toBe(1)
      stream.close()
      await waitUntil('the stream to be dropped', () => streams.size === 0)
    } finally {
      await streams.close()
      await app.close()
    }
  })
})

/**
 * Two API nodes on one PostgreSQL: A is its own process (so it can be killed), B runs here, and
 * the changes are appended through B's database connection, as B's request desk appends them.
 */
describe('request streams across two nodes (postgres)', () => {
  let database: FreshDatabase
  let a: ChildServer
  let b: RunningServer
  let bTarget: HttpTarget

  beforeAll(async () => {
    database = await createFreshDatabase('postgres')
    a = await spawnServer(database)
    const config = loadConfig({
      NODE_ENV: 'test',
      PROVIDERS: 'sandbox',
      MAILBOX: '1',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl ?? '',
      JWT_SECRET: testJwtSecret,
      SECOND_FACTOR_KEY: testSecondFactorKey,
      PUBLIC_URL: testPublicUrl,
      LOG_LEVEL: 'warn',
    })
    b = await startServer(config)
    bTarget = { url: b.url, api: apiClient(b.url), mailbox: () => fetchMailbox(b.url) }
  })
  afterAll(async () => {
    if (a.child.exitCode === null) a.child.kill('SIGKILL')
    await a.exited
    await b.stop()
    await database.dispose()
  })

  it('a change made through node B reaches a stream on node A; A killed mid-stream, the client resumes on B with nothing lost or repeated', async () => {
    const user = await verifiedUser(bTarget)
    const customerId = String(claimsOf(user.tokens.accessToken).sub)
    const auth = bearer(user.tokens.accessToken)
    const request = await requestOf(b.db, customerId)

    const onA = await openStream(a.url, customerPath, auth)
    expect(onA.status).toBe(200)
    const before = [
      await append(b.db, request, customerId, 'created', true),
      await append(b.db, request, customerId, 'message', true),
    ]
    expect(seqsOf(await onA.waitForEvents(2))).toEqual(before)

    // Mid-stream: A dies without a word, changes go on through B while the client is away.
    a.child.kill('SIGKILL')
    await onA.closed
    const during = [
      await append(b.db, request, customerId, 'state', true),
      await append(b.db, request, customerId, 'note', false),
      await append(b.db, request, customerId, 'offer', true),
    ]
    const last = onA.events.at(-1)?.id ?? ''
    const onB = await openStream(b.url, customerPath, { ...auth, 'last-event-id': last })
    const after = await append(b.db, request, customerId, 'message', true)
    const resumed = await onB.waitForEvents(3, 300)
    const all = [...seqsOf(onA.events), ...seqsOf(resumed)]
    expect(all).toEqual([...before, during[0], during[2], after])
    expect(new Set(all).size).toBe(all.length)
    onB.close()
  })
})
