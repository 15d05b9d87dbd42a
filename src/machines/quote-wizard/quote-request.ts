/**
 * The quote request's rules (docs/product/data.md#quote-request,
 * docs/product/validation.md#quote-dialog): the fixed currency lists, the integer amount
 * (domain/quote.ts) and the message with its promo-code line.
 */
import type { components } from '../../../openapi/main.gen'

export type FiatCurrency = components['schemas']['FiatCurrency']
export type CryptoCurrency = components['schemas']['CryptoCurrency']
export type QuoteRequest = components['schemas']['ExchangeRequestCreate']

export {
  parseQuoteAmount,
  quoteAmountProblem,
  type QuoteAmountProblem,
} from '../../../domain/quote'

/** The dialog's defaults: from EUR, to BTC, amount 1000 (docs/product/flows.md#quote-dialog). */
export const QUOTE_DEFAULTS = { fromCurrency: 'EUR', toCurrency: 'BTC', amount: '1000' } as const

export const PROMO_CODE_PREFIX = 'Promo code: '

/**
 * The message sent is the free text combined with a promo-code line
 * (docs/product/data.md#quote-request).
 */
export function composeMessage(message: string, promoCode: string): string {
  const text = message.trim()
  const code = promoCode.trim()
  if (code === '') return text
  const line = `${PROMO_CODE_PREFIX}${code}`
  return text === '' ? line : `${text}\n${line}`
}
