/**
 * The request desk's inbox query (server/requests/desk-inbox.ts, decision 111) on both engines,
 * below the HTTP server: each filter, the search, each sort, and keyset pages that visit every row
 * once even where many rows share a submission time or an amount.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, Queryable, QueryOptions } from '../../server/db/database.ts'
import { InvalidInput } from '../../server/domain-errors.ts'
import {
  encodeCursor,
  inboxPage,
  inboxStatement,
  type InboxQuery,
  type InboxSort,
} from '../../server/requests/desk-inbox.ts'
import type { components } from '../../openapi/main.gen.ts'
import { engines } from './support/databases.ts'
import { openMigratedDatabase, type MigratedDatabase } from './support/migrated-database.ts'

type Summary = components['schemas']['DeskRequestSummary']
type RequestState = components['schemas']['RequestState']

const now = new Date('2031-06-01T12:00:00Z')
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000)
const closed: readonly RequestState[] = ['completed', 'declined', 'expired', 'cancelled']

interface Seeded {
  id: string
  state: RequestState
  userId: string
  email: string
  name: string
  from: string
  to: string
  amount: string
  assigneeId: string | null
  /** As PostgreSQL holds it, to the microsecond. */
  createdAt: string
}

describe.each(engines)('the desk inbox on %s', (engine) => {
  let migrated: MigratedDatabase
  let db: Database
  const rows: Seeded[] = []
  let staffId = ''
  let otherStaffId = ''
  const staffEmail = `desk-${randomUUID()}@example.com`

  async function user(email: string, kind: 'customer' | 'staff'): Promise<string> {
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO users (email, email_normalized, password_hash, kind)
       VALUES ($1, lower($1), 'not-a-hash', $2) RETURNING id`,
      [email, kind],
    )
    if (!row) throw new Error('no user')
    return row.id
  }

  async function request(r: Omit<Seeded, 'id'>): Promise<Seeded> {
    const [row] = await db.query<{ id: string }>(
      `INSERT INTO exchange_requests (user_id, from_currency, to_currency, amount, name, email,
         phone, country, message, state, assignee_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4::numeric, $5, 'contact@example.com', '+48 600 000 000', 'PL', '', $6,
         $7, $8::timestamptz, $8::timestamptz + interval '1 hour')
       RETURNING id`,
      [r.userId, r.from, r.to, r.amount, r.name, r.state, r.assigneeId, r.createdAt],
    )
    if (!row) throw new Error('no request')
    const seeded = { ...r, id: row.id }
    rows.push(seeded)
    return seeded
  }

  /** Every page of a query, following `next` until it is null. */
  async function allPages(query: InboxQuery): Promise<{ items: Summary[]; pages: number }> {
    const items: Summary[] = []
    let after: string | undefined
    let pages = 0
    for (;;) {
      const page = await inboxPage(db, { ...query, ...(after ? { after } : {}) }, staffId, now)
      pages++
      items.push(...page.items)
      if (page.next === null) return { items, pages }
      expect(page.items).toHaveLength(Number(query.limit ?? 25))
      after = page.next
      expect(pages).toBeLessThan(1000)
    }
  }

  const ids = (items: readonly { id: string }[]) => items.map((i) => i.id)
  const byKey = (sort: InboxSort) => (a: Seeded, b: Seeded) => {
    const sign = sort === 'newest' || sort === 'amount-desc' ? -1 : 1
    const key =
      sort === 'oldest' || sort === 'newest'
        ? a.createdAt.localeCompare(b.createdAt)
        : Math.sign(Number(BigInt(a.amount) - BigInt(b.amount)))
    return sign * (key !== 0 ? key : a.id.localeCompare(b.id))
  }
  const expected = (filter: (r: Seeded) => boolean, sort: InboxSort = 'oldest') =>
    ids(rows.filter(filter).sort(byKey(sort)))
  const open = (r: Seeded) => !closed.includes(r.state)

  async function expectInvalid(query: InboxQuery, field: string, code?: string) {
    const refused = await inboxPage(db, query, staffId, now).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(InvalidInput)
    const errors = (refused as InvalidInput).errors
    expect(errors.map((e) => e.field)).toEqual([field])
    if (code) expect(errors[0]?.code).toBe(code)
  }

  beforeAll(async () => {
    migrated = await openMigratedDatabase(engine)
    db = migrated.db
    staffId = await user(staffEmail, 'staff')
    otherStaffId = await user(`other-${randomUUID()}@example.com`, 'staff')
    const ada = await user('Ada.Lovelace@Example.com', 'customer')
    const alan = await user('alan.turing@example.org', 'customer')
    const grace = await user('grace_hopper@example.net', 'customer')
    const states: RequestState[] = [
      'submitted',
      'assigned',
      'in_review',
      'on_hold',
      'completed',
      'declined',
      'awaiting_customer',
      'offer_sent',
      'expired',
      'cancelled',
    ]
    const pairs = [
      ['EUR', 'BTC'],
      ['EUR', 'ETH'],
      ['BTC', 'EUR'],
      ['USD', 'BTC'],
    ] as const
    const customers = [
      { id: ada, email: 'Ada.Lovelace@Example.com', name: 'Ada Lovelace' },
      { id: alan, email: 'alan.turing@example.org', name: 'Alan Turing' },
      { id: grace, email: 'grace_hopper@example.net', name: 'Rear Admiral Hopper' },
    ]
    // Few distinct times and amounts, so that most rows tie with others on the sort key and only
    // the id orders them; times one microsecond apart, which a millisecond cursor would merge.
    const base = '2031-05-20T08:00:00.123'
    for (let i = 0; i < 90; i++) {
      const customer = customers[i % 3] ?? customers[0]
      const pair = pairs[i % 4] ?? pairs[0]
      await request({
        state: states[i % states.length] ?? 'submitted',
        userId: customer?.id ?? ada,
        email: customer?.email ?? '',
        name: customer?.name ?? '',
        from: pair[0],
        to: pair[1],
        amount: ['999', '1000', '10000', '250', '1000000000'][i % 5] ?? '1',
        assigneeId: i % 3 === 0 ? staffId : i % 3 === 1 ? otherStaffId : null,
        createdAt:
          i % 7 === 0
            ? `${base}45${String(i % 2)}Z`
            : new Date(hoursAgo(i % 11 === 0 ? 100 : 2 + (i % 4)).getTime())
                .toISOString()
                .replace('Z', '000Z'),
      })
    }
    // A name with LIKE's wildcards in it, and another that they would match.
    await request({
      state: 'submitted',
      userId: grace,
      email: 'grace_hopper@example.net',
      name: '50% Ltd',
      from: 'GBP',
      to: 'ETH',
      amount: '5',
      assigneeId: null,
      createdAt: '2031-05-31T00:00:00.000001Z',
    })
    await request({
      state: 'submitted',
      userId: grace,
      email: 'grace_hopper@example.net',
      name: '500 Ltd',
      from: 'GBP',
      to: 'ETH',
      amount: '6',
      assigneeId: null,
      createdAt: '2031-05-31T00:00:00.000002Z',
    })
  })
  afterAll(async () => {
    await migrated.dispose()
  })

  it('shows the open requests, longest waiting first, by default', async () => {
    const page = await inboxPage(db, {}, staffId, now)
    expect(page.items).toHaveLength(25)
    expect(ids(page.items)).toEqual(expected(open).slice(0, 25))
    expect(page.next).not.toBeNull()
    const all = await allPages({ limit: '100' })
    expect(ids(all.items)).toEqual(expected(open))
  })

  it('answers each summary with the customer, the amount as an integer and the assignee', async () => {
    const { items } = await allPages({ state: 'all', limit: '100' })
    const first = rows.find((r) => r.assigneeId === staffId)
    const summary = items.find((i) => i.id === first?.id)
    expect(summary).toEqual({
      id: first?.id,
      state: first?.state,
      version: 1,
      customerId: first?.userId,
      customerEmail: first?.email,
      name: first?.name,
      fromCurrency: first?.from,
      toCurrency: first?.to,
      amount: Number(first?.amount),
      assignee: { id: staffId, email: staffEmail },
      createdAt: new Date(first?.createdAt ?? '').toISOString(),
      updatedAt: new Date(new Date(first?.createdAt ?? '').getTime() + 3_600_000).toISOString(),
    })
    expect(items.find((i) => i.id === rows.find((r) => r.assigneeId === null)?.id)?.assignee).toBe(
      null,
    )
  })

  it('filters by state: all, one, several; an unknown state is refused', async () => {
    expect(ids((await allPages({ state: 'all', limit: '100' })).items)).toEqual(
      expected(() => true),
    )
    expect(ids((await allPages({ state: 'completed' })).items)).toEqual(
      expected((r) => r.state === 'completed'),
    )
    expect(ids((await allPages({ state: 'in_review,on_hold,cancelled' })).items)).toEqual(
      expected((r) => ['in_review', 'on_hold', 'cancelled'].includes(r.state)),
    )
    await expectInvalid({ state: 'in_review,lost' }, '/state', 'unknown-state')
    await expectInvalid({ state: 'new' }, '/state', 'unknown-state')
  })

  it('filters by assignee: me, none or a staff id', async () => {
    expect(ids((await allPages({ assignee: 'me' })).items)).toEqual(
      expected((r) => open(r) && r.assigneeId === staffId),
    )
    expect(ids((await allPages({ assignee: 'none' })).items)).toEqual(
      expected((r) => open(r) && r.assigneeId === null),
    )
    expect(ids((await allPages({ assignee: otherStaffId, state: 'all' })).items)).toEqual(
      expected((r) => r.assigneeId === otherStaffId),
    )
    await expectInvalid({ assignee: 'someone' }, '/assignee')
  })

  it('filters by pair, in its direction', async () => {
    expect(ids((await allPages({ pair: 'BTC-EUR', state: 'all' })).items)).toEqual(
      expected((r) => r.from === 'BTC' && r.to === 'EUR'),
    )
    expect(ids((await allPages({ pair: 'EUR-BTC' })).items)).toEqual(
      expected((r) => open(r) && r.from === 'EUR' && r.to === 'BTC'),
    )
    await expectInvalid({ pair: 'EUR-XYZ' }, '/pair')
  })

  it('filters by an amount band compared as numbers, both ends included', async () => {
    // As text, '999' > '1000' and '250' > '10000': the band must compare numerically.
    expect(ids((await allPages({ amountMin: '1000', state: 'all' })).items)).toEqual(
      expected((r) => BigInt(r.amount) >= 1000n),
    )
    expect(
      ids((await allPages({ amountMin: '999', amountMax: '10000', state: 'all' })).items),
    ).toEqual(expected((r) => BigInt(r.amount) >= 999n && BigInt(r.amount) <= 10000n))
    expect(ids((await allPages({ amountMax: '250', state: 'all' })).items)).toEqual(
      expected((r) => BigInt(r.amount) <= 250n),
    )
    await expectInvalid({ amountMin: '1000', amountMax: '999' }, '/amountMax')
    await expectInvalid({ amountMin: '1e3' }, '/amountMin')
  })

  it('filters the requests older than some hours, on the clock it is given', async () => {
    const cutoff = hoursAgo(4).toISOString().replace('Z', '000Z')
    expect(ids((await allPages({ olderThanHours: '4', state: 'all' })).items)).toEqual(
      expected((r) => r.createdAt <= cutoff),
    )
    expect((await allPages({ olderThanHours: '4', state: 'all' })).items.length).toBeLessThan(
      rows.length,
    )
    await expectInvalid({ olderThanHours: '8761' }, '/olderThanHours')
  })

  it('searches by request id, by the start of the e-mail or of the name, case ignored', async () => {
    const one = rows[17]
    expect(
      ids(
        (await inboxPage(db, { q: one?.id.toUpperCase() ?? '', state: 'all' }, staffId, now)).items,
      ),
    ).toEqual([one?.id])
    // The account's address, from its start only.
    expect(ids((await allPages({ q: 'ADA.LOVE', state: 'all' })).items)).toEqual(
      expected((r) => r.email === 'Ada.Lovelace@Example.com'),
    )
    expect(ids((await allPages({ q: 'lovelace', state: 'all' })).items)).toEqual([])
    // The contact name typed in the request, which need not be the account's.
    expect(ids((await allPages({ q: 'rear adm', state: 'all' })).items)).toEqual(
      expected((r) => r.name === 'Rear Admiral Hopper'),
    )
    expect(ids((await allPages({ q: 'grace_', state: 'all' })).items)).toEqual(
      expected((r) => r.email.startsWith('grace_')),
    )
    // LIKE's wildcards are searched for as themselves.
    expect(ids((await allPages({ q: '50%', state: 'all' })).items)).toEqual(
      expected((r) => r.name === '50% Ltd'),
    )
    expect(ids((await allPages({ q: 'grace%', state: 'all' })).items)).toEqual([])
    expect(ids((await allPages({ q: 'ad', state: 'all', pair: 'EUR-BTC' })).items)).toEqual(
      expected(
        (r) =>
          (r.email.toLowerCase().startsWith('ad') || r.name.toLowerCase().startsWith('ad')) &&
          r.from === 'EUR' &&
          r.to === 'BTC',
      ),
    )
    await expectInvalid({ q: ' a ' }, '/q')
  })

  it.each<InboxSort>(['oldest', 'newest', 'amount-asc', 'amount-desc'])(
    'sorts %s, then by id, and its pages visit every row once',
    async (sort) => {
      for (const limit of ['1', '7', '25']) {
        const { items, pages } = await allPages({ state: 'all', sort, limit })
        expect(ids(items)).toEqual(expected(() => true, sort))
        expect(new Set(ids(items)).size).toBe(rows.length)
        expect(pages).toBe(Math.ceil(rows.length / Number(limit)))
      }
      const filtered = await allPages({ sort, limit: '4', pair: 'EUR-BTC', amountMin: '1000' })
      expect(ids(filtered.items)).toEqual(
        expected(
          (r) => open(r) && r.from === 'EUR' && r.to === 'BTC' && BigInt(r.amount) >= 1000n,
          sort,
        ),
      )
    },
  )

  it('answers next null on the last page, and on a page that is exactly full', async () => {
    const count = rows.filter((r) => r.state === 'completed').length
    const page = await inboxPage(db, { state: 'completed', limit: String(count) }, staffId, now)
    expect(page.items).toHaveLength(count)
    expect(page.next).toBeNull()
    expect(
      (await inboxPage(db, { state: 'completed', limit: String(count - 1) }, staffId, now)).next,
    ).not.toBeNull()
  })

  it('refuses a cursor that is not one, or one of another sort', async () => {
    const first = await inboxPage(db, { limit: '2' }, staffId, now)
    expect(first.next).not.toBeNull()
    await expectInvalid({ after: first.next ?? '', sort: 'newest' }, '/after', 'cursor-sort')
    await expectInvalid({ after: first.next ?? '', sort: 'amount-asc' }, '/after', 'cursor-sort')
    await expectInvalid({ after: 'not-a-cursor' }, '/after')
    await expectInvalid({ after: `${first.next ?? ''}A` }, '/after')
    const id = randomUUID()
    await expectInvalid({ after: encodeCursor({ sort: 'oldest', key: '1000', id }) }, '/after')
    await expectInvalid(
      { after: encodeCursor({ sort: 'oldest', key: '2031-02-30T00:00:00.000000Z', id }) },
      '/after',
    )
    await expectInvalid(
      { after: encodeCursor({ sort: 'amount-desc', key: '-5', id }), sort: 'amount-desc' },
      '/after',
    )
    await expectInvalid(
      {
        after: Buffer.from(JSON.stringify(['oldest', '2031-01-01T00:00:00.000000Z', 'x'])).toString(
          'base64url',
        ),
      },
      '/after',
    )
    await expectInvalid({ after: Buffer.from('{"a":1}').toString('base64url') }, '/after')
  })

  it("runs in the caller's transaction when given one", async () => {
    const alone = await inboxPage(db, { state: 'all', limit: '10' }, staffId, now)
    const inside = await db.transaction((tx) =>
      inboxPage(tx, { state: 'all', limit: '10' }, staffId, now),
    )
    expect(inside).toEqual(alone)
  })

  it('reads a page in one statement planned for its values: no transaction, no SET', async () => {
    const sent: { sql: string; options: QueryOptions | undefined }[] = []
    const recording: Queryable = {
      query: (sql, params, options) => {
        sent.push({ sql, options })
        return db.query(sql, params, options)
      },
      exec: (sql) => db.exec(sql),
    }
    const query: InboxQuery = { state: 'in_review', pair: 'EUR-BTC', amountMin: '1000' }
    const page = await inboxPage(recording, query, staffId, now)
    expect(ids(page.items)).toEqual(
      expected(
        (r) => r.state === 'in_review' && r.from === 'EUR' && r.to === 'BTC' && +r.amount >= 1000,
      ),
    )
    expect(sent).toHaveLength(1)
    expect(sent[0]?.sql).toBe(inboxStatement(query, staffId, now).sql)
    expect(sent[0]?.options).toEqual({ plan: 'per-call' })
  })

  it('never keeps the page as a prepared statement, which could take a generic plan', async () => {
    // One transaction: every statement below runs on the same connection, where a named statement
    // (one that PostgreSQL may plan generically after five runs) would stay listed.
    const prepared = await db.transaction(async (tx) => {
      for (let i = 0; i < 7; i++)
        await inboxPage(
          tx,
          { state: 'in_review', pair: 'EUR-BTC', amountMin: '1000' },
          staffId,
          now,
        )
      return tx.query<{ count: string }>(
        'SELECT count(*)::text AS count FROM pg_prepared_statements WHERE statement LIKE $1',
        ['%FROM exchange_requests r%'],
        { plan: 'per-call' },
      )
    })
    expect(prepared).toEqual([{ count: '0' }])
  })

  it('refuses a page size outside 1 to 100', async () => {
    await expectInvalid({ limit: '0' }, '/limit')
    await expectInvalid({ limit: '101' }, '/limit')
    expect((await inboxPage(db, { limit: '100', state: 'all' }, staffId, now)).items).toHaveLength(
      Math.min(100, rows.length),
    )
  })
})
