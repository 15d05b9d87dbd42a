/** The market-data API (openapi/market.yaml, CEX.IO's public Spot REST): raw calls and answers. */

import type { paths } from '../../../openapi/market.gen.ts'

type MethodOf<Path> = Path extends `/${infer Method}` ? Method : never
/** The contract's calls: its paths without the leading slash. */
export type MarketMethod = MethodOf<keyof paths>

/** Each call of the contract once (a Record: the compiler checks the names both ways). */
const calls: Record<MarketMethod, true> = {
  get_candles: true,
  get_pairs_info: true,
  get_trade_history: true,
  get_currencies_info: true,
}
export const marketMethods = Object.keys(calls) as MarketMethod[]

/** An answer as the exchange gives it: `{ok:'ok', data}` with 200, or `{error}` with a 4xx. */
export interface MarketAnswer {
  status: number
  body: unknown
}

/** How the market sandbox answers: normally, with `data: []`, or with a 429. */
export const sandboxMarketModes = ['normal', 'empty', 'error'] as const
export type SandboxMarketMode = (typeof sandboxMarketModes)[number]

export interface MarketApi {
  /** One call; the body is what the exchange expects (validated by the caller). */
  call(
    method: MarketMethod,
    body: Record<string, unknown>,
    options?: { mode?: SandboxMarketMode },
  ): Promise<MarketAnswer>
}
