/** The converter's rate, read server-side from the market provider (sandbox or live). */
import { isRecord } from '../providers/in-process-fetch.ts'
import type { MarketApi } from '../providers/market/types.ts'
import { candlePair } from '../quotes/quote-math.ts'

export interface MarketRate {
  pair: string
  /** data[0].close as the exchange wrote it. */
  close: string
  rate: number
}

/** The get_candles body exactly as the converter sends it (spec §7 "Market data API"). */
export function converterCandlesRequest(from: string, to: string, now: Date) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  return {
    pair: candlePair(from, to),
    fromISO: today.toISOString(),
    limit: 1,
    dataType: 'bestAsk',
    resolution: '4h',
  }
}

/** The rate data[0].close, or undefined when there is no data, an error or nonsense. */
export async function latestRate(
  market: MarketApi,
  from: string,
  to: string,
  now: Date,
): Promise<MarketRate | undefined> {
  const request = converterCandlesRequest(from, to, now)
  try {
    const answer = await market.call('get_candles', request)
    if (answer.status !== 200 || !isRecord(answer.body) || answer.body.ok !== 'ok') return undefined
    const data = answer.body.data
    const first: unknown = Array.isArray(data) ? data[0] : undefined
    if (!isRecord(first)) return undefined
    const close = first.close
    const rate = typeof close === 'string' || typeof close === 'number' ? Number(close) : NaN
    if (!Number.isFinite(rate) || rate <= 0) return undefined
    return { pair: request.pair, close: String(close), rate }
  } catch {
    return undefined
  }
}
