import { fromPromise } from 'xstate'
import type { MarketClient } from '../../api/market-client'
import { candleQuery, type CandlesAnswer } from './converter-rules'

/**
 * The converter's real side effect: get_candles on the market-data API (spec §7). The client comes
 * from the caller once the configured `marketBaseUrl` is known; an answer that is not 2xx resolves
 * to null, which the machine treats as "no data".
 */
export function createConverterActors(deps: {
  market: () => Promise<MarketClient>
  now?: () => Date
}) {
  const now = deps.now ?? (() => new Date())
  return {
    fetchRate: fromPromise<CandlesAnswer | null, { pair: string }>(async ({ input, signal }) => {
      const market = await deps.market()
      const { data } = await market.POST('/get_candles', {
        body: candleQuery(input.pair, now()),
        signal,
      })
      return data ?? null
    }),
  }
}
