import createClient from 'openapi-fetch'
import type { paths } from '../../openapi/market.gen'

export type MarketClient = ReturnType<typeof createMarketClient>

/** The exchange's public market-data API (or our same-origin sandbox/proxy of it); no credentials. */
export function createMarketClient(options: { baseUrl: string; fetch?: typeof fetch }) {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    credentials: 'omit',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
}
