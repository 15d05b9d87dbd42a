/**
 * The personal quote's figures (docs/product/data.md#quote-request,
 * docs/product/validation.md#quote-dialog, docs/product/limits.md#quote-amounts): the amount parsed
 * as an integer, and the calculation the customer and the team are e-mailed — the converter's own
 * rules for the same pair and amount (decision 014).
 */
import type { Currency } from './currencies.ts'
import { decimal, plain } from './decimal.ts'
import { convertToTarget, displayedRate, feePercent } from './exchange-rules.ts'
import type { MarketFacts } from './market-facts.ts'

/** The contract's largest amount (whole units of the 'from' currency). */
export const MAX_QUOTE_AMOUNT = '1000000000'

/**
 * The amount is parsed as an integer and an empty amount becomes 0
 * (docs/product/validation.md#quote-dialog). Spaces and grouping commas are ignored, then the
 * leading digits are the amount, as an integer parse reads them: the decimal part is dropped
 * ('1000.50' → '1000', '1,000' → '1000', '1e3' → '1'), and text with no leading digit is 0 ('abc').
 * The result is exact however long ('99999999999999999999').
 */
export function parseQuoteAmount(text: string): string {
  const digits = /^\d*/.exec(text.replace(/[\s,]/g, ''))?.[0] ?? ''
  return digits === '' ? '0' : plain(decimal(digits))
}

export type QuoteAmountProblem = 'missing' | 'too-large'

/** Why an amount cannot be sent: below 1, or above the contract's maximum; null when it can. */
export function quoteAmountProblem(amount: string): QuoteAmountProblem | null {
  const value = decimal(amount)
  if (value.lt(decimal('1'))) return 'missing'
  if (value.gt(decimal(MAX_QUOTE_AMOUNT))) return 'too-large'
  return null
}

/** The calculation of a quote; the rate and the result are absent when no market rate came. */
export interface QuoteCalculation {
  /** Whole units of `fromCurrency`, as a decimal string. */
  amount: string
  fromCurrency: Currency
  toCurrency: Currency
  /** '4%' or '1.1%'. */
  feePercent: string
  /** The candle's close as the exchange wrote it, and the rate as the converter shows it. */
  rate?: { close: string; text: string }
  /** The amount received, rounded for `toCurrency` as the converter rounds it. */
  received?: string
}

/**
 * The converter's calculation for `amount` of `from` into `to` at the candle's `close` (the
 * price of one `to` in `from`; null or 0 when the market gave none).
 */
export function quoteCalculation(input: {
  amount: string
  from: Currency
  to: Currency
  close: string | null
  facts?: MarketFacts
}): QuoteCalculation {
  const base: QuoteCalculation = {
    amount: plain(decimal(input.amount)),
    fromCurrency: input.from,
    toCurrency: input.to,
    feePercent: feePercent(input.amount),
  }
  if (input.close === null || decimal(input.close).lte(decimal('0'))) return base
  return {
    ...base,
    rate: {
      close: input.close,
      text: displayedRate(input.from, input.to, input.close, input.facts),
    },
    received: convertToTarget(input.amount, input.close, input.to),
  }
}

/** The contract's lengths for the free-text fields, so the inputs stop where the server would refuse. */
export const QUOTE_MAX_LENGTH = {
  name: 200,
  email: 254,
  phone: 32,
  country: 100,
  message: 3900,
  promoCode: 64,
} as const
