import { fromAbortablePromise } from '../abortable-promise'
import type { MarketClient } from '../../api/market-client'
import { candleQuery, type CandlesAnswer } from '../../../domain/exchange-rules'
import {
  CURRENCIES_INFO_REQUEST,
  marketFactsFrom,
  PAIRS_INFO_REQUEST,
  TRADE_HISTORY_REQUEST,
  type MarketFacts,
} from '../../../domain/market-facts'

/**
 * The converter's real side effects on the market-data API (docs/product/api.md#market-data-api):
 * get_candles for the rate, and once the three calls the product reads besides it. The client comes
 * from the caller once the configured `marketBaseUrl` is known; an answer that is not 2xx counts as
 * no data (all three failing is an error: the machine then keeps its own decimals alone).
 */
export function createConverterActors(deps: {
  market: () => Promise<MarketClient>
  now?: () => Date
}) {
  const now = deps.now ?? (() => new Date())
  return {
    fetchRate: fromAbortablePromise<CandlesAnswer | null, { pair: string }>(
      async ({ input, signal }) => {
        const market = await deps.market()
        const { data } = await market.POST('/get_candles', {
          body: candleQuery(input.pair, now()),
          signal,
        })
        return data ?? null
      },
    ),
    fetchMarketFacts: fromAbortablePromise<MarketFacts>(async ({ signal }) => {
      const market = await deps.market()
      // Each call may fail on its own: what the others answered still counts.
      const settle = <T>(call: Promise<{ data?: T }>) =>
        call.then(
          (answer) => answer.data ?? null,
          () => null,
        )
      const [currencies, pairs, trades] = await Promise.all([
        settle(market.POST('/get_currencies_info', { body: CURRENCIES_INFO_REQUEST, signal })),
        settle(market.POST('/get_pairs_info', { body: PAIRS_INFO_REQUEST, signal })),
        settle(market.POST('/get_trade_history', { body: TRADE_HISTORY_REQUEST, signal })),
      ])
      signal.throwIfAborted()
      if (currencies === null && pairs === null && trades === null)
        throw new Error('the market told nothing about its currencies')
      return marketFactsFrom({ currencies, pairs, trades })
    }),
  }
}
