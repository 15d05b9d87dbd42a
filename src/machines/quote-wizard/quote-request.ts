/**
 * The quote request's rules (spec §3 "Exchange or quote request", §5 "Quote dialog"): the fixed
 * currency lists, the integer amount, and the message with its promo-code line.
 */
import type { components } from '../../api/main.gen'

export type FiatCurrency = components['schemas']['FiatCurrency']
export type CryptoCurrency = components['schemas']['CryptoCurrency']
export type QuoteRequest = components['schemas']['ExchangeRequestCreate']

/** Spec §3 "Currency": the amount is paid in fiat and converted to crypto (one of each). */
import { CRYPTO_CURRENCIES, FIAT_CURRENCIES } from '../currencies'

export { CRYPTO_CURRENCIES, FIAT_CURRENCIES }

/** The contract's largest amount. */
export const MAX_QUOTE_AMOUNT = 1_000_000_000

/** Spec §4 "Quote dialog" defaults: from EUR, to BTC, amount 1000. */
export const QUOTE_DEFAULTS = { fromCurrency: 'EUR', toCurrency: 'BTC', amount: 1000 } as const

/** The contract's lengths for the free-text fields, so the inputs stop where the server would refuse. */
export const QUOTE_MAX_LENGTH = {
  name: 200,
  email: 254,
  phone: 32,
  country: 100,
  message: 3900,
  promoCode: 64,
} as const

/** Spec §5: the amount is parsed as an integer and an empty amount becomes 0 (what is not a digit is dropped). */
export function parseAmount(text: string): number {
  const digits = text.replace(/\D/g, '')
  if (digits === '') return 0
  return Math.min(Number.parseInt(digits, 10), MAX_QUOTE_AMOUNT)
}

export const PROMO_CODE_PREFIX = 'Promo code: '

/** Spec §3: the message sent is the free text combined with a promo-code line. */
export function composeMessage(message: string, promoCode: string): string {
  const text = message.trim()
  const code = promoCode.trim()
  if (code === '') return text
  const line = `${PROMO_CODE_PREFIX}${code}`
  return text === '' ? line : `${text}\n${line}`
}

export function isFiat(code: string): code is FiatCurrency {
  return (FIAT_CURRENCIES as readonly string[]).includes(code)
}

export function isCrypto(code: string): code is CryptoCurrency {
  return (CRYPTO_CURRENCIES as readonly string[]).includes(code)
}
