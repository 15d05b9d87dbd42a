/** The market-data API (openapi/market.yaml, CEX.IO's public Spot REST): raw calls and answers. */

export const marketMethods = [
  'get_candles',
  'get_pairs_info',
  'get_trade_history',
  'get_currencies_info',
] as const

export type MarketMethod = (typeof marketMethods)[number]

/** An answer as the exchange gives it: `{ok:'ok', data}` with 200, or `{error}` with a 4xx. */
export interface MarketAnswer {
  status: number
  body: unknown
}

export type SandboxMarketMode = 'normal' | 'empty' | 'error'

export interface MarketApi {
  /** One call; the body is what the exchange expects (validated by the caller). */
  call(
    method: MarketMethod,
    body: Record<string, unknown>,
    options?: { mode?: SandboxMarketMode },
  ): Promise<MarketAnswer>
}
