/**
 * The currencies the product trades (spec §3) live in domain/currencies.ts, shared with the SPA;
 * here they are checked against the server's generated contract types, both ways, so a currency
 * added to openapi/main.yaml fails the build until the lists have it.
 */
import type { components } from '../../openapi/main.gen.ts'
import {
  CRYPTO_CURRENCIES,
  FIAT_CURRENCIES,
  type CryptoCurrency,
  type FiatCurrency,
} from '../../domain/currencies.ts'

type ContractFiat = components['schemas']['FiatCurrency']
type ContractCrypto = components['schemas']['CryptoCurrency']

type Same<A, B> = [Exclude<A, B> | Exclude<B, A>] extends [never]
  ? true
  : Exclude<A, B> | Exclude<B, A>
/** @public A compile-time check (the lists equal the contract's enums); its value is never read. */
export const contractFiatCovered: Same<FiatCurrency, ContractFiat> = true
/** @public */
export const contractCryptoCovered: Same<CryptoCurrency, ContractCrypto> = true

export const fiatCurrencies = FIAT_CURRENCIES
export const cryptoCurrencies = CRYPTO_CURRENCIES
export {
  isCrypto,
  isFiat,
  type CryptoCurrency,
  type FiatCurrency,
} from '../../domain/currencies.ts'
