/**
 * Spec §3 "Currency": the fixed lists, checked against the contract's enums (the server keeps its
 * own copy in server/market/currencies.ts, since the two share only openapi/).
 */
import type { components } from '../api/main.gen'

export const FIAT_CURRENCIES = [
  'EUR',
  'GBP',
  'USD',
] as const satisfies readonly components['schemas']['FiatCurrency'][]
export const CRYPTO_CURRENCIES = [
  'BTC',
  'ETH',
  'ADA',
  'ATOM',
  'BAT',
  'BCH',
  'DOT',
  'LINK',
  'LTC',
  'NEO',
  'SHIB',
  'SOL',
  'TRX',
  'USDC',
  'USDT',
  'XLM',
  'XRP',
] as const satisfies readonly components['schemas']['CryptoCurrency'][]
