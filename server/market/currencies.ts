/**
 * The currencies the product trades (spec §3): one list of fiat, one of crypto. The server cannot
 * import the SPA's list (they share only openapi/), so both are checked against the contract.
 */
import type { components } from '../http/contract.gen.ts'

type ContractFiat = components['schemas']['FiatCurrency']
type ContractCrypto = components['schemas']['CryptoCurrency']

export const fiatCurrencies = ['EUR', 'GBP', 'USD'] as const satisfies readonly ContractFiat[]
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
] as const satisfies readonly ContractCrypto[]

export type FiatCurrency = (typeof fiatCurrencies)[number]
export type CryptoCurrency = (typeof cryptoCurrencies)[number]
export type Currency = FiatCurrency | CryptoCurrency

// Every code of the contract is in a list: a currency added to openapi/main.yaml fails the build here.
type Covered<Contract, Ours> = [Exclude<Contract, Ours>] extends [never]
  ? true
  : Exclude<Contract, Ours>
export const contractFiatCovered: Covered<ContractFiat, FiatCurrency> = true
export const contractCryptoCovered: Covered<ContractCrypto, CryptoCurrency> = true

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
