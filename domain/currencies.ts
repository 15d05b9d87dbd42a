/**
 * The product's currencies and their class (docs/product/data.md#currencies). The lists are the
 * contract's enums (openapi/main.yaml `FiatCurrency`, `CryptoCurrency`, `CurrencyCode`), generated
 * as values into openapi/main.gen.ts: a currency is added in the contract, nowhere else.
 */
import {
  cryptoCurrencyValues,
  currencyCodeValues,
  fiatCurrencyValues,
  type components,
} from '../openapi/main.gen.ts'

export const FIAT_CURRENCIES = fiatCurrencyValues
export const CRYPTO_CURRENCIES = cryptoCurrencyValues

export type FiatCurrency = components['schemas']['FiatCurrency']
export type CryptoCurrency = components['schemas']['CryptoCurrency']
/**
 * Any of them: the contract's `CurrencyCode`, which must list exactly the fiat and the crypto codes
 * (otherwise this is `never` and ALL_CURRENCIES below fails to compile).
 */
export type Currency = SameUnion<
  FiatCurrency | CryptoCurrency,
  components['schemas']['CurrencyCode']
>
export type CurrencyClass = 'fiat' | 'crypto'

type SameUnion<A, B> = [A] extends [B] ? ([B] extends [A] ? A : never) : never

export const ALL_CURRENCIES: readonly Currency[] = currencyCodeValues

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
