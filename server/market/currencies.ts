/** The currencies the product trades (spec §3): one list of fiat, one of crypto. */
export const fiatCurrencies = ['EUR', 'GBP', 'USD'] as const
export const cryptoCurrencies = [
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

export type FiatCurrency = (typeof fiatCurrencies)[number]
export type CryptoCurrency = (typeof cryptoCurrencies)[number]
export type Currency = FiatCurrency | CryptoCurrency

export function isFiat(code: string): code is FiatCurrency {
  return (fiatCurrencies as readonly string[]).includes(code)
}

export function isCrypto(code: string): code is CryptoCurrency {
  return (cryptoCurrencies as readonly string[]).includes(code)
}

/** A decimal as the exchange writes it: a plain string, never exponent notation. */
export function decimalString(value: number, significantDigits = 8): string {
  if (!Number.isFinite(value)) return '0'
  if (value === 0) return '0'
  const magnitude = Math.floor(Math.log10(Math.abs(value)))
  const decimals = Math.min(20, Math.max(0, significantDigits - 1 - magnitude))
  const fixed = value.toFixed(decimals)
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed
}
