/**
 * The live market-data adapter: POST <MARKET_API_URL>/<method> with a JSON body, behind a short
 * cache keyed on method and body, with identical concurrent calls sharing one upstream request,
 * and a per-minute budget under the exchange's 100 calls a minute
 * (docs/product/providers/market-data.md#rate-limit) that all API nodes on one database share
 * (docs/decisions/092). The cache stays in the process.
 */
import { createAttemptLimits, type Limit } from '../../infra/attempt-limits.ts'
import type { Database } from '../../db/database.ts'
import { DatabaseUnavailable, TooManyAttempts } from '../../domain-errors.ts'
import { isRecord, readJson, type Fetch } from '../in-process-fetch.ts'
import type { MarketAnswer, MarketApi } from './types.ts'

export interface MarketLiveOptions {
  apiUrl: string
  /** Holds the upstream budget (attempt_counters), shared by every node on this database. */
  db: Database
  now: () => Date
  cacheSeconds: number
  fetch?: Fetch
  timeoutMs?: number
  /** Upstream calls allowed per 60 s window, all nodes together (the exchange allows 100 per IP). */
  callsPerMinute?: number
  maxCacheEntries?: number
}

/** The same body always gives the same key, whatever the order of its properties. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`
  return value === undefined ? 'null' : JSON.stringify(value)
}

const unavailable: MarketAnswer = {
  status: 503,
  body: { error: 'Market data is not available right now' },
}

export function createMarketLive(options: MarketLiveOptions): MarketApi {
  const fetchFn = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 5_000
  const budget = options.callsPerMinute ?? 90
  const maxEntries = options.maxCacheEntries ?? 1_000
  const cache = new Map<string, { expires: number; answer: MarketAnswer }>()
  const inFlight = new Map<string, Promise<MarketAnswer>>()
  const limits = createAttemptLimits(options.db, options.now)
  const perMinute: Limit = { scope: 'market.upstream', max: budget, windowSeconds: 60 }

  /** Takes one upstream call from the shared budget, or says why not (as the exchange would). */
  async function spend(): Promise<MarketAnswer | undefined> {
    try {
      await limits.reserve([perMinute, options.apiUrl])
      return undefined
    } catch (error) {
      if (error instanceof TooManyAttempts)
        return { status: 429, body: { error: 'API rate limit reached' } }
      if (error instanceof DatabaseUnavailable) return unavailable
      throw error
    }
  }

  async function upstream(method: string, body: unknown): Promise<MarketAnswer> {
    const refused = await spend()
    if (refused) return refused
    try {
      const response = await fetchFn(`${options.apiUrl}/${method}`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
      const json = await readJson(response)
      const wellFormed =
        isRecord(json) &&
        (response.status === 200
          ? json.ok === 'ok' && 'data' in json
          : typeof json.error === 'string')
      if (!wellFormed || response.status >= 500) return unavailable
      return { status: response.status, body: json }
    } catch {
      return unavailable
    }
  }

  return {
    async call(method, body) {
      const key = `${method} ${canonical(body)}`
      const nowMs = options.now().getTime()
      const hit = cache.get(key)
      if (hit && hit.expires > nowMs) return hit.answer
      const pending = inFlight.get(key)
      if (pending) return pending
      const request = upstream(method, body).then((answer) => {
        if (answer.status === 200) {
          if (cache.size >= maxEntries) {
            for (const [k, entry] of cache) if (entry.expires <= nowMs) cache.delete(k)
            if (cache.size >= maxEntries) cache.delete(cache.keys().next().value ?? '')
          }
          cache.set(key, { expires: options.now().getTime() + options.cacheSeconds * 1000, answer })
        }
        return answer
      })
      inFlight.set(key, request)
      try {
        return await request
      } finally {
        inFlight.delete(key)
      }
    },
  }
}
