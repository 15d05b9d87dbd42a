/**
 * What a person types into an amount field (docs/product/validation.md#converter-inputs): English
 * exactly as the spec reads it, Polish with its decimal comma and its spaces between thousands.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseAmount, sanitizeAmount } from '../../domain/exchange-rules'
import { amountInputText, parseAmountInput } from '../../domain/amount-input'

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
