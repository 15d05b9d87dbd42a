/**
 * Spec §3 "Currency": the lists live in domain/currencies.ts (shared with the server); here they
 * are checked against the SPA's generated contract types, both ways.
 */
import type { components } from '../../openapi/main.gen'
import {
  CRYPTO_CURRENCIES,
  FIAT_CURRENCIES,
  type CryptoCurrency,
  type FiatCurrency,
} from '../../domain/currencies'

type ContractFiat = components['schemas']['FiatCurrency']
type ContractCrypto = components['schemas']['CryptoCurrency']

// Every code of ours is in the contract, and every code of the contract is ours.
type Same<A, B> = [Exclude<A, B> | Exclude<B, A>] extends [never]
  ? true
  : Exclude<A, B> | Exclude<B, A>
/** @public A compile-time check (the lists equal the contract's enums); its value is never read. */
export const fiatMatchesContract: Same<FiatCurrency, ContractFiat> = true
/** @public */
export const cryptoMatchesContract: Same<CryptoCurrency, ContractCrypto> = true

export { CRYPTO_CURRENCIES, FIAT_CURRENCIES }
