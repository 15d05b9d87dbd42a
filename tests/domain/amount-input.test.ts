/**
 * What a person types into an amount field (docs/product/validation.md#converter-inputs): English
 * exactly as the spec reads it, Polish with its decimal comma and its spaces between thousands.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AMOUNT_PATTERN, parseAmount, sanitizeAmount } from '../../domain/exchange-rules'
import {
  amountFieldText,
  amountInputPattern,
  amountInputText,
  parseAmountInput,
  parseQuoteAmountInput,
} from '../../domain/amount-input'
import { parseQuoteAmount } from '../../domain/quote'

const typed = fc.string({
  unit: fc.constantFrom(...'0123456789.,  \u00a0\u202f-+eE$€abc'.split('')),
  maxLength: 16,
})

describe('English amount inputs', () => {
  it('are the spec’s rule exactly: digits and the dot, read up to a second dot', () => {
    fc.assert(
      fc.property(fc.oneof(typed, fc.string()), (text) => {
        expect(amountInputText(text, 'en')).toBe(sanitizeAmount(text))
        expect(parseAmountInput(text, 'en')).toBe(parseAmount(sanitizeAmount(text)))
      }),
      { numRuns: 5_000 },
    )
    expect(parseAmountInput('1000.50', 'en')).toBe('1000.5')
    expect(parseAmountInput('1,000.50', 'en')).toBe('1000.5')
    expect(parseAmountInput('1000,50', 'en')).toBe('100050')
    expect(parseAmountInput('12.5.3', 'en')).toBe('12.5')
    expect(parseAmountInput('', 'en')).toBe('0')
    expect(parseAmountInput('.', 'en')).toBe('0')
  })
})

describe('Polish amount inputs', () => {
  it('read the comma as the decimal separator and spaces as grouping', () => {
    expect(parseAmountInput('1000,50', 'pl')).toBe('1000.5')
    expect(parseAmountInput('1 000,50', 'pl')).toBe('1000.5')
    expect(parseAmountInput('1\u00a0000,50', 'pl')).toBe('1000.5')
    expect(parseAmountInput('1\u202f000,50', 'pl')).toBe('1000.5')
    expect(parseAmountInput('12 345 678 901 234 567,89', 'pl')).toBe('12345678901234567.89')
    expect(parseAmountInput('0,00000001', 'pl')).toBe('0.00000001')
    expect(parseAmountInput(',5', 'pl')).toBe('0.5')
    expect(parseAmountInput('10000', 'pl')).toBe('10000')
  })

  it('take a dot as the decimal separator too, and the last of both when both appear', () => {
    expect(parseAmountInput('1000.50', 'pl')).toBe('1000.5')
    expect(parseAmountInput('1.000,50', 'pl')).toBe('1000.5')
    expect(parseAmountInput('1,000.50', 'pl')).toBe('1000.5')
    expect(parseAmountInput('1.000.000,5', 'pl')).toBe('1000000.5')
    expect(parseAmountInput('12,5,3', 'pl')).toBe('12.5')
  })

  it('read nothing, a lone separator and letters as the spec does: 0, or the digits', () => {
    expect(parseAmountInput('', 'pl')).toBe('0')
    expect(parseAmountInput(',', 'pl')).toBe('0')
    expect(parseAmountInput('   ', 'pl')).toBe('0')
    expect(parseAmountInput('abc', 'pl')).toBe('0')
    expect(parseAmountInput('-5,5', 'pl')).toBe('5.5')
    expect(parseAmountInput('1e5', 'pl')).toBe('15')
    expect(parseAmountInput('€ 1 000,5', 'pl')).toBe('1000.5')
  })

  it('keep the characters a Polish amount is written with in the field', () => {
    expect(amountInputText('1 000,50 zł', 'pl')).toBe('1 000,50 ')
    expect(amountInputText('1\u00a0000,5', 'pl')).toBe('1\u00a0000,5')
    expect(amountInputText('-1.000,5e', 'pl')).toBe('1.000,5')
  })

  it('always give a decimal that the field’s own text reads to', () => {
    fc.assert(
      fc.property(typed, (text) => {
        const amount = parseAmountInput(text, 'pl')
        expect(amount).toMatch(/^\d+(\.\d+)?$/)
        expect(parseAmountInput(amountInputText(text, 'pl'), 'pl')).toBe(amount)
      }),
      { numRuns: 5_000 },
    )
  })
})

describe('a computed amount in its field', () => {
  it('is the spec’s figure in English and the Polish figure without grouping', () => {
    expect(amountFieldText('0.12572070', 'en')).toBe('0.12572070')
    expect(amountFieldText('9599.90', 'en')).toBe('9599.90')
    expect(amountFieldText('0', 'en')).toBe('0')
    expect(amountFieldText('0.12572070', 'pl')).toBe('0,12572070')
    expect(amountFieldText('12345678.90', 'pl')).toBe('12345678,90')
    expect(amountFieldText('10000', 'pl')).toBe('10000')
  })

  it('reads back as the same amount in either language', () => {
    const amount = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 8 }))
      .map(([units, decimals]) => {
        const digits = units.toString().padStart(decimals + 1, '0')
        return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`
      })
    fc.assert(
      fc.property(amount, fc.constantFrom('en' as const, 'pl' as const), (text, locale) => {
        const shown = amountFieldText(text, locale)
        expect(parseAmountInput(shown, locale)).toBe(parseAmount(text))
      }),
      { numRuns: 2_000 },
    )
  })
})

describe('the field’s pattern', () => {
  const matches = (pattern: string, text: string) => new RegExp(`^(?:${pattern})$`, 'v').test(text)

  it('is the spec’s in English and takes Polish amounts in Polish', () => {
    expect(amountInputPattern('en')).toBe(AMOUNT_PATTERN)
    for (const text of ['1000,50', '1 000,50', `1\u00a0000,5`, '1000.50', ',5', '10000', ''])
      expect(matches(amountInputPattern('pl'), text)).toBe(true)
    for (const text of ['1,000,50', 'abc', '1e5', '-5'])
      expect(matches(amountInputPattern('pl'), text)).toBe(false)
  })
})

describe('the quote dialog’s amount', () => {
  it('is the spec’s integer parse exactly in English', () => {
    fc.assert(
      fc.property(fc.oneof(typed, fc.string()), (text) => {
        expect(parseQuoteAmountInput(text, 'en')).toBe(parseQuoteAmount(text))
      }),
      { numRuns: 5_000 },
    )
    expect(parseQuoteAmountInput('1,000', 'en')).toBe('1000')
    expect(parseQuoteAmountInput('1000,50', 'en')).toBe('100050')
  })

  it('drops the Polish decimal part after a comma, and reads spaces as grouping', () => {
    expect(parseQuoteAmountInput('1000,50', 'pl')).toBe('1000')
    expect(parseQuoteAmountInput('1 000,50', 'pl')).toBe('1000')
    expect(parseQuoteAmountInput('10\u00a0000', 'pl')).toBe('10000')
    expect(parseQuoteAmountInput('1.000,50', 'pl')).toBe('1000')
    expect(parseQuoteAmountInput('1,000.50', 'pl')).toBe('1000')
    expect(parseQuoteAmountInput('1000.50', 'pl')).toBe('1000')
    expect(parseQuoteAmountInput('1,5', 'pl')).toBe('1')
    expect(parseQuoteAmountInput(' 12 ', 'pl')).toBe('12')
  })

  it('reads only the leading digits in Polish too, as an integer parse does', () => {
    expect(parseQuoteAmountInput('', 'pl')).toBe('0')
    expect(parseQuoteAmountInput('abc', 'pl')).toBe('0')
    expect(parseQuoteAmountInput('abc12', 'pl')).toBe('0')
    expect(parseQuoteAmountInput('1e3', 'pl')).toBe('1')
    expect(parseQuoteAmountInput('-5', 'pl')).toBe('0')
    expect(parseQuoteAmountInput(',5', 'pl')).toBe('0')
    expect(parseQuoteAmountInput('99999999999999999999,9', 'pl')).toBe('99999999999999999999')
    fc.assert(
      fc.property(typed, (text) => {
        expect(parseQuoteAmountInput(text, 'pl')).toMatch(/^(0|[1-9]\d*)$/)
      }),
      { numRuns: 5_000 },
    )
  })
})
