/**
 * The quote request's rules (spec §3 "Exchange or quote request", §5 "Quote dialog"): the fixed
 * currency lists, the integer amount (domain/quote.ts) and the message with its promo-code line.
 */
import type { components } from '../../../openapi/main.gen'

export type FiatCurrency = components['schemas']['FiatCurrency']
export type CryptoCurrency = components['schemas']['CryptoCurrency']
export type QuoteRequest = components['schemas']['ExchangeRequestCreate']

export { MAX_QUOTE_AMOUNT, parseQuoteAmount, quoteAmountProblem } from '../../../domain/quote'

/** Spec §4 "Quote dialog" defaults: from EUR, to BTC, amount 1000. */
export const QUOTE_DEFAULTS = { fromCurrency: 'EUR', toCurrency: 'BTC', amount: '1000' } as const

export const PROMO_CODE_PREFIX = 'Promo code: '

/** Spec §3: the message sent is the free text combined with a promo-code line. */
export function composeMessage(message: string, promoCode: string): string {
  const text = message.trim()
  const code = promoCode.trim()
  if (code === '') return text
  const line = `${PROMO_CODE_PREFIX}${code}`
  return text === '' ? line : `${text}\n${line}`
}
