/**
 * The request desk's inbox (issue 28): one keyset page of requests, filtered, searched and sorted,
 * read in one statement. Each filter and sort has an index in migration 013; the plans on a
 * 100,000-request book are in docs/decisions/111-request-desk-inbox.md.
 *
 * Keyset rather than OFFSET: a page deep in a long book costs what the first does, and a request
 * that leaves the list while someone pages through makes no other one skipped or shown twice.
 */
import type { Queryable } from '../db/database.ts'
import { InvalidInput } from '../domain-errors.ts'
import { decimal, toSafeInteger } from '../../domain/decimal.ts'
import { isCurrency } from '../../domain/currencies.ts'
import { requestStateValues, type components, type operations } from '../../openapi/main.gen.ts'

export type InboxQuery = NonNullable<operations['listRequests']['parameters']['query']>
type DeskRequestPage = components['schemas']['DeskRequestPage']
type DeskRequestSummary = components['schemas']['DeskRequestSummary']
type RequestState = components['schemas']['RequestState']
export type InboxSort = NonNullable<InboxQuery['sort']>

/**
 * Written exactly as in the partial index exchange_requests_open_idx (migration 013): the planner
 * uses a partial index only when the query's predicate implies the index's, and it proves that
 * by comparing the expressions.
 */
const OPEN = `r.state NOT IN ('completed', 'declined', 'expired', 'cancelled')`

const DEFAULT_LIMIT = 25
const MAX_LIMIT = 100
const MAX_HOURS = 8760
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const WHOLE = /^(0|[1-9][0-9]{0,19})$/
/** The sort key of a date sort: the column's full microseconds, which a JS Date would drop. */
const INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3})\d{3}Z$/

interface SortSpec {
  /** The key column: the cursor holds its value for the page's last row. */
  key: 'created_at' | 'amount'
  direction: 'ASC' | 'DESC'
}
const SORTS: Record<InboxSort, SortSpec> = {
  oldest: { key: 'created_at', direction: 'ASC' },
  newest: { key: 'created_at', direction: 'DESC' },
  'amount-asc': { key: 'amount', direction: 'ASC' },
  'amount-desc': { key: 'amount', direction: 'DESC' },
}

interface Cursor {
  sort: InboxSort
  key: string
  id: string
}

const invalid = (field: string, message: string, code: string) =>
  new InvalidInput([{ field, message, code }])

/** A cursor is opaque to clients; base64url of a JSON triple keeps it inside `after`'s pattern. */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url')
}

function decodeCursor(after: string, sort: InboxSort): Cursor {
  const bad = () =>
    invalid('/after', 'Not a cursor of this list; start again from the first page', 'cursor')
  const bytes = Buffer.from(after, 'base64url')
  // Node's decoder skips characters it does not know: only a cursor it wrote round-trips.
  if (bytes.toString('base64url') !== after) throw bad()
  let value: unknown
  try {
    value = JSON.parse(bytes.toString('utf8'))
  } catch {
    throw bad()
  }
  if (!Array.isArray(value) || value.length !== 3) throw bad()
  const [cursorSort, key, id] = value as unknown[]
  if (typeof key !== 'string' || typeof id !== 'string' || !UUID.test(id)) throw bad()
  if (cursorSort !== sort)
    throw invalid('/after', 'The cursor belongs to another sort; start again', 'cursor-sort')
  if (SORTS[sort].key === 'amount' ? !WHOLE.test(key) : !isInstant(key)) throw bad()
  return { sort, key, id }
}

/** A well-formed UTC instant that names a real day (PostgreSQL would refuse 2026-02-30). */
function isInstant(text: string): boolean {
  const millis = INSTANT.exec(text)?.[1]
  if (!millis) return false
  const date = new Date(`${millis}Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString() === `${millis}Z`
}

function statesOf(state: string | undefined): readonly RequestState[] | 'open' | 'all' {
  if (state === undefined) return 'open'
  if (state === 'all') return 'all'
  const names = state.split(',')
  const unknown = names.filter((name) => !(requestStateValues as readonly string[]).includes(name))
  if (unknown.length > 0 || names.length === 0)
    throw invalid(
      '/state',
      `Unknown state ${unknown.join(', ') || '(empty)'}; use ${requestStateValues.join(', ')} or all`,
      'unknown-state',
    )
  return [...new Set(names)] as RequestState[]
}

function wholeAmount(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  if (!WHOLE.test(value)) throw invalid(field, 'A whole amount, as digits', 'pattern')
  return value
}

/** Escapes LIKE's wildcards so that a search for `a_b` finds `a_b`, not `axb`. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, '\\$&')}%`

interface InboxRow {
  id: string
  state: RequestState
  version: number
  customer_id: string
  customer_email: string
  name: string
  from_currency: DeskRequestSummary['fromCurrency']
  to_currency: DeskRequestSummary['toCurrency']
  /** numeric, as text (server/db reads numerics as strings on both engines). */
  amount: string
  assignee_id: string | null
  assignee_email: string | null
  created_at: Date
  updated_at: Date
  created_key: string
}

/**
 * The one statement that reads a page of the inbox as `staffId` sees it (`assignee=me`) at `now`
 * (`olderThanHours`): its SQL text and parameters, with the page's size and sort for reading the
 * rows back. Pure, so that `npm run bench:api`'s least-work reference (scripts/bench-api-reference.ts)
 * sends the very statement the server does. The query's values have passed the contract's
 * patterns at the HTTP layer; what the patterns cannot say (a state's name, a band's order, a
 * cursor's content) is checked here.
 */
export function inboxStatement(
  query: InboxQuery,
  staffId: string,
  now: Date,
): { sql: string; params: unknown[]; limit: number; sort: InboxSort } {
  const params: unknown[] = []
  const param = (value: unknown) => {
    params.push(value)
    return `$${String(params.length)}`
  }
  const where: string[] = []

  const sort: InboxSort = query.sort ?? 'oldest'
  if (!Object.hasOwn(SORTS, sort)) throw invalid('/sort', 'Not a sort of this list', 'enum')
  const spec = SORTS[sort]

  const limitText = query.limit ?? String(DEFAULT_LIMIT)
  const limit = /^[1-9][0-9]{0,2}$/.test(limitText) ? Number(limitText) : 0
  if (limit < 1 || limit > MAX_LIMIT)
    throw invalid('/limit', `A page holds 1 to ${String(MAX_LIMIT)} requests`, 'maximum')

  const states = statesOf(query.state)
  if (states === 'open') where.push(OPEN)
  else if (states.length === 1) where.push(`r.state = ${param(states[0])}`)
  else if (states !== 'all') where.push(`r.state = ANY(${param(states)}::text[])`)

  if (query.assignee === 'none') where.push('r.assignee_id IS NULL')
  else if (query.assignee === 'me') where.push(`r.assignee_id = ${param(staffId)}::uuid`)
  else if (query.assignee !== undefined) {
    if (!UUID.test(query.assignee))
      throw invalid('/assignee', 'me, none or a staff member’s id', 'pattern')
    where.push(`r.assignee_id = ${param(query.assignee)}::uuid`)
  }

  if (query.pair !== undefined) {
    const [from, to, ...rest] = query.pair.split('-')
    if (!from || !to || rest.length > 0 || !isCurrency(from) || !isCurrency(to))
      throw invalid('/pair', 'Two known currencies, FROM-TO (for example EUR-BTC)', 'pair')
    where.push(`r.from_currency = ${param(from)} AND r.to_currency = ${param(to)}`)
  }

  const amountMin = wholeAmount('/amountMin', query.amountMin)
  const amountMax = wholeAmount('/amountMax', query.amountMax)
  if (amountMin !== undefined && amountMax !== undefined && decimal(amountMin).gt(amountMax))
    throw invalid('/amountMax', 'The band’s top is below its bottom', 'minimum')
  if (amountMin !== undefined) where.push(`r.amount >= ${param(amountMin)}::numeric`)
  if (amountMax !== undefined) where.push(`r.amount <= ${param(amountMax)}::numeric`)

  if (query.olderThanHours !== undefined) {
    const hours = /^[1-9][0-9]{0,3}$/.test(query.olderThanHours) ? Number(query.olderThanHours) : 0
    if (hours < 1 || hours > MAX_HOURS)
      throw invalid('/olderThanHours', `1 to ${String(MAX_HOURS)} hours`, 'maximum')
    where.push(`r.created_at <= ${param(new Date(now.getTime() - hours * 3_600_000))}`)
  }

  if (query.q !== undefined) {
    const q = query.q.trim()
    if (q.length < 2)
      throw invalid('/q', 'Search for at least 2 characters, or a request id', 'minLength')
    if (UUID.test(q)) where.push(`r.id = ${param(q.toLowerCase())}::uuid`)
    else {
      // The prefix is folded to a constant when the statement is planned with its values, so both
      // sides can use their text_pattern_ops index; the e-mail side becomes an array of accounts
      // that the (user_id) index answers, and the two combine in one bitmap (decision 111).
      const prefix = param(likePrefix(q))
      where.push(
        `(r.user_id = ANY (ARRAY(SELECT id FROM users WHERE lower(email) LIKE lower(${prefix})))
          OR lower(r.name) LIKE lower(${prefix}))`,
      )
    }
  }

  const column = `r.${spec.key}`
  const cast = spec.key === 'amount' ? 'numeric' : 'timestamptz'
  if (query.after !== undefined) {
    const cursor = decodeCursor(query.after, sort)
    // A row comparison, so the scan starts right after the cursor inside the (key, id) index.
    const op = spec.direction === 'ASC' ? '>' : '<'
    where.push(`(${column}, r.id) ${op} (${param(cursor.key)}::${cast}, ${param(cursor.id)}::uuid)`)
  }

  const order = `r.${spec.key} ${spec.direction}, r.id ${spec.direction}`
  // The page is chosen from exchange_requests alone and only its rows meet users: a short search
  // matching thousands of requests would otherwise look up every one's account before the sort.
  const sql = `SELECT r.id, r.state, r.version, r.user_id AS customer_id, u.email AS customer_email, r.name,
            r.from_currency, r.to_currency, trunc(r.amount)::text AS amount, r.assignee_id,
            a.email AS assignee_email, r.created_at, r.updated_at,
            to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_key
     FROM (SELECT r.id, r.state, r.version, r.user_id, r.name, r.from_currency, r.to_currency,
                  r.amount, r.assignee_id, r.created_at, r.updated_at
           FROM exchange_requests r
           ${where.length > 0 ? `WHERE ${where.join('\n             AND ')}` : ''}
           ORDER BY ${order}
           LIMIT ${param(limit + 1)}) r
     JOIN users u ON u.id = r.user_id
     LEFT JOIN users a ON a.id = r.assignee_id
     ORDER BY ${order}`
  return { sql, params, limit, sort }
}

/**
 * One page of the inbox (see inboxStatement), in one round trip. Given a transaction, it runs in
 * it; given the database, on any pooled connection.
 */
export async function inboxPage(
  db: Queryable,
  query: InboxQuery,
  staffId: string,
  now: Date,
): Promise<DeskRequestPage> {
  const { sql, params, limit, sort } = inboxStatement(query, staffId, now)
  // Planned for its values on every call (decision 111): the server runs other SQL texts as named
  // prepared statements (decision 098), and after five runs PostgreSQL may plan one generically,
  // blind to the values; for `state=in_review&pair=EUR-BTC` that plan walked the pair's index
  // through 18,000 rows (60-370 ms) where the state's index reads 135 (0.5 ms). Unnamed, the
  // statement is parsed and planned with its values in the same round trip as its execution.
  const rows = await db.query<InboxRow & Record<string, unknown>>(sql, params, { plan: 'per-call' })
  const spec = SORTS[sort]
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  const next =
    rows.length > limit && last
      ? encodeCursor({
          sort,
          key: spec.key === 'amount' ? last.amount : last.created_key,
          id: last.id,
        })
      : null
  return { items: page.map(toSummary), next }
}

function toSummary(row: InboxRow): DeskRequestSummary {
  return {
    id: row.id,
    state: row.state,
    version: row.version,
    customerId: row.customer_id,
    customerEmail: row.customer_email,
    name: row.name,
    fromCurrency: row.from_currency,
    toCurrency: row.to_currency,
    amount: toSafeInteger(row.amount),
    assignee:
      row.assignee_id !== null && row.assignee_email !== null
        ? { id: row.assignee_id, email: row.assignee_email }
        : null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}
