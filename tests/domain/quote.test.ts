/** The quote's integer amount and calculation (domain/quote.ts) against the exact oracle. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CRYPTO_CURRENCIES, FIAT_CURRENCIES, isFiat } from '../../domain/currencies'
import { convertToTarget, displayedRate } from '../../domain/exchange-rules'
import {
  parseQuoteAmount,
  quoteAmountProblem,
  quoteCalculation,
  MAX_QUOTE_AMOUNT,
} from '../../domain/quote'
import { quoteAmountOracle, targetText } from './rational-oracle'

const RUNS = { numRuns: 10_000 }

/** What people type in an amount field: digits, grouping, decimals, spaces, letters, exponents. */
const typed = fc.oneof(
  fc.string(),
  fc.stringMatching(/^ ?[0-9]{0,25}([.,][0-9]{0,6}){0,3} ?$/),
  fc.stringMatching(/^[0-9 ,.eE+-]{0,20}$/),
  fc.constantFrom('1000.50', '1,000', '1e3', ' 12 ', 'abc', '99999999999999999999', '', '0'),
)

describe('quote amount (docs/product/validation.md#quote-dialog: parsed as an integer; empty is 0)', () => {
  it('parses the cases the spec and the issue name', () => {
    expect(parseQuoteAmount('1000.50')).toBe('1000')
    expect(parseQuoteAmount('1,000')).toBe('1000')
    expect(parseQuoteAmount('1 000')).toBe('1000')
    expect(parseQuoteAmount('1e3')).toBe('1')
    expect(parseQuoteAmount(' 12 ')).toBe('12')
    expect(parseQuoteAmount('abc')).toBe('0')
    expect(parseQuoteAmount('')).toBe('0')
    expect(parseQuoteAmount('99999999999999999999')).toBe('99999999999999999999')
    expect(quoteAmountProblem('99999999999999999999')).toBe('too-large')
    expect(quoteAmountProblem(MAX_QUOTE_AMOUNT)).toBeNull()
    expect(quoteAmountProblem('1')).toBeNull()
    expect(quoteAmountProblem('0')).toBe('missing')
  })

  it('equals the oracle’s integer parse for any text, exactly however long', () => {
    fc.assert(
      fc.property(typed, (text) => {
        const amount = parseQuoteAmount(text)
        expect(amount).toBe(quoteAmountOracle(text))
        const value = BigInt(amount)
        expect(quoteAmountProblem(amount)).toBe(
          value < 1n ? 'missing' : value > 1_000_000_000n ? 'too-large' : null,
        )
      }),
      RUNS,
    )
  })
})

describe('quote calculation: the converter’s own figures', () => {
  const rate = fc
    .record({
      mantissa: fc.bigInt({ min: 1n, max: 999_999_999n }),
      scale: fc.integer({ min: 0, max: 14 }),
    })
    .map(({ mantissa, scale }) => {
      const digits = mantissa.toString().padStart(scale + 1, '0')
      return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`
    })
  const pair = fc.oneof(
    fc.tuple(fc.constantFrom(...FIAT_CURRENCIES), fc.constantFrom(...CRYPTO_CURRENCIES)),
    fc.tuple(fc.constantFrom(...CRYPTO_CURRENCIES), fc.constantFrom(...FIAT_CURRENCIES)),
  )

  it('e-mails what the converter shows for the same pair, amount and rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000 }).map(String),
        pair,
        rate,
        (amount, [from, to], close) => {
          const q = quoteCalculation({ amount, from, to, close })
          expect(q.amount).toBe(amount)
          expect(q.received).toBe(targetText(amount, close, isFiat(to)))
          expect(q.received).toBe(convertToTarget(amount, close, to))
          expect(q.rate).toEqual({ close, text: displayedRate(from, to, close) })
          expect(q.feePercent).toBe(BigInt(amount) < 10_000n ? '4%' : '1.1%')
        },
      ),
      RUNS,
    )
  })

  it('names no rate and no result without a market rate', () => {
    for (const close of [null, '0']) {
      const q = quoteCalculation({ amount: '1000', from: 'EUR', to: 'BTC', close })
      expect(q).toEqual({
        amount: '1000',
        fromCurrency: 'EUR',
        toCurrency: 'BTC',
        feePercent: '4%',
      })
    }
  })
})
