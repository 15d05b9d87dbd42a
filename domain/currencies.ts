/**
 * Spec §3 "Currency": the fixed lists of the product's currencies and their class. The SPA and
 * the server each check these lists against the contract's enums (src/machines/currencies.ts,
 * server/market/currencies.ts).
 */

export const FIAT_CURRENCIES = ['EUR', 'GBP', 'USD'] as const
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
] as const

export type FiatCurrency = (typeof FIAT_CURRENCIES)[number]
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number]
export type Currency = FiatCurrency | CryptoCurrency
export type CurrencyClass = 'fiat' | 'crypto'

export const ALL_CURRENCIES: readonly Currency[] = [...FIAT_CURRENCIES, ...CRYPTO_CURRENCIES]

export function isCurrency(value: string): value is Currency {
  return (ALL_CURRENCIES as readonly string[]).includes(value)
}

export function isFiat(code: string): code is FiatCurrency {
  return (FIAT_CURRENCIES as readonly string[]).includes(code)
}

export function isCrypto(code: string): code is CryptoCurrency {
  return (CRYPTO_CURRENCIES as readonly string[]).includes(code)
}

export function classOf(currency: Currency): CurrencyClass {
  return isFiat(currency) ? 'fiat' : 'crypto'
}

/** One side fiat and the other crypto; anything else is refused. */
export function isFiatCryptoPair(from: string, to: string): boolean {
  return (isFiat(from) && isCrypto(to)) || (isCrypto(from) && isFiat(to))
}

/** The selectors' two groups, in order, with their labels (spec §2 "Express converter widget"). */
export const CURRENCY_GROUPS: readonly { label: string; currencies: readonly Currency[] }[] = [
  { label: 'Fiat Currencies', currencies: FIAT_CURRENCIES },
  { label: 'Crypto Currencies', currencies: CRYPTO_CURRENCIES },
]
