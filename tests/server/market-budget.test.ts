/**
 * The live market proxy's upstream budget is one budget for every API node on the database
 * (docs/decisions/092): two nodes together make at most the budget's calls to the exchange in a
 * minute, answer the rest 429 as the exchange would, have room again in the next minute, and
 * answer 503 rather than fail when the database cannot be reached. On both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgresDatabase } from '../../server/db/postgres-database.ts'
import type { Fetch } from '../../server/providers/in-process-fetch.ts'
import { createMarketLive } from '../../server/providers/market/live.ts'
import type { MarketAnswer } from '../../server/providers/market/types.ts'
import { engines } from './support/databases.ts'
import { openMigratedDatabase, type MigratedDatabase } from './support/migrated-database.ts'

const apiUrl = 'http://exchange.invalid/api/spot/rest-public'
/**
 * The default budget: 90 of the exchange's 100 calls a minute
 * (docs/product/limits.md#market-data).
 */
const budget = 90

/** A stand-in for the exchange that counts the calls it receives. */
function countingExchange() {
  const calls: string[] = []
  const fetch: Fetch = (url, init) => {
    calls.push(`${url} ${init.body ?? ''}`)
    return Promise.resolve(Response.json({ ok: 'ok', data: [] }))
  }
  return { calls, fetch }
}

const candles = (limit: number) => ({
  pair: 'BTC-EUR',
  fromISO: '2025-01-01T00:00:00.000Z',
  limit,
  dataType: 'bestAsk',
  resolution: '4h',
})

function statuses(answers: MarketAnswer[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

describe.each(engines)('two market nodes on one %s database', (engine) => {
  let database: MigratedDatabase
  beforeAll(async () => {
    database = await openMigratedDatabase(engine)
  })
  afterAll(async () => {
    await database.dispose()
  })

  it(`make ${budget} upstream calls a minute between them and answer the rest 429`, async () => {
    let clock = Date.parse('2025-03-01T10:00:00.000Z')
    const now = () => new Date(clock)
    const exchange = countingExchange()
    const startNode = () =>
      createMarketLive({ apiUrl, db: database.db, now, cacheSeconds: 15, fetch: exchange.fetch })
    const [even, odd] = [startNode(), startNode()]
    const node = (i: number) => (i % 2 === 0 ? even : odd)
    // Distinct requests, so no cache or shared call helps: every one needs the exchange.
    const askAll = (first: number) =>
      Promise.all(
        Array.from({ length: 2 * budget }, (_, i) =>
          node(i).call('get_candles', candles(first + i)),
        ),
      )

    const answers = await askAll(1)
    expect(exchange.calls).toHaveLength(budget)
    expect(statuses(answers)).toEqual({ 200: budget, 429: budget })
    for (const answer of answers.filter((a) => a.status === 429))
      expect(answer).toEqual({ status: 429, body: { error: 'API rate limit reached' } })

    // With the budget spent, what a node has cached is still answered, and costs nothing.
    const served = answers.flatMap((a, i) => (a.status === 200 ? [i] : []))
    for (const i of served)
      expect(await node(i).call('get_candles', candles(1 + i))).toMatchObject({ status: 200 })
    expect(exchange.calls).toHaveLength(budget)

    // The next minute has room for another budget's worth, and no more.
    clock += 61_000
    const later = await askAll(1_000)
    expect(exchange.calls).toHaveLength(2 * budget)
    expect(statuses(later)).toEqual({ 200: budget, 429: budget })
  })
})

describe('a market node whose database cannot be reached', () => {
  it('answers 503 without calling the exchange', async () => {
    const exchange = countingExchange()
    // Nothing listens on port 1: every query fails with ECONNREFUSED (DatabaseUnavailable).
    const db = openPostgresDatabase({ connectionString: 'postgres://nobody@127.0.0.1:1/none' })
    try {
      const market = createMarketLive({
        apiUrl,
        db,
        now: () => new Date(),
        cacheSeconds: 15,
        fetch: exchange.fetch,
      })
      expect(await market.call('get_candles', candles(1))).toEqual({
        status: 503,
        body: { error: 'Market data is not available right now' },
      })
      expect(exchange.calls).toEqual([])
    } finally {
      await db.close()
    }
  })
})
