/**
 * The converter's rate and the exchange's currency facts, read server-side from the market
 * provider (sandbox or the live caching proxy) with the converter's own requests and rules
 * (domain/exchange-rules.ts, domain/market-facts.ts).
 */
import type { Currency } from '../../domain/currencies.ts'
import { candlePair, candleQuery, rateFromCandles } from '../../domain/exchange-rules.ts'
import {
  CURRENCIES_INFO_REQUEST,
  marketFactsFrom,
  PAIRS_INFO_REQUEST,
  type MarketFacts,
} from '../../domain/market-facts.ts'
import type { MarketApi, MarketMethod } from '../providers/market/types.ts'

export interface MarketRate {
  pair: string
  /** The latest candle's close as the exchange wrote it (a decimal string). */
  close: string
}

/** The get_candles body exactly as the converter sends it (docs/product/limits.md#candle-query). */
export function converterCandlesRequest(from: Currency, to: Currency, now: Date) {
  return candleQuery(candlePair(from, to), now)
}

/** An answer's body when the call succeeded, else null (errors and nonsense alike). */
async function answerOf(
  market: MarketApi,
  method: MarketMethod,
  body: Record<string, unknown>,
): Promise<unknown> {
  try {
    const answer = await market.call(method, body)
    return answer.status === 200 ? answer.body : null
  } catch {
    return null
  }
}

/** The converter's rate for the pair (the latest candle's close), or undefined without one. */
export async function latestRate(
  market: MarketApi,
  from: Currency,
  to: Currency,
  now: Date,
): Promise<MarketRate | undefined> {
  const request = converterCandlesRequest(from, to, now)
  const close = rateFromCandles(await answerOf(market, 'get_candles', request))
  return close === null ? undefined : { pair: request.pair, close }
}

/** What get_currencies_info and get_pairs_info say about the currencies' precision. */
export async function currencyFacts(market: MarketApi): Promise<MarketFacts> {
  const [currencies, pairs] = await Promise.all([
    answerOf(market, 'get_currencies_info', CURRENCIES_INFO_REQUEST),
    answerOf(market, 'get_pairs_info', PAIRS_INFO_REQUEST),
  ])
  return marketFactsFrom({ currencies, pairs, trades: null })
}
