/**
 * Numbers, money and rates per language (docs/product/limits.md#numbers-money-and-dates-per-language):
 * exact strings for English and Polish, rounding by decimal.ts (half away from zero), every digit
 * of a large figure kept, and everything that is not a plain decimal refused.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ALL_CURRENCIES, CRYPTO_CURRENCIES, FIAT_CURRENCIES } from '../../domain/currencies'
import { decimalsOf, displayedRate, roundTo } from '../../domain/exchange-rules'
import { formatMoney } from '../../domain/format-money'
import { formatDecimal, isPlainDecimal } from '../../domain/format-number'
import { formatDisplayedRate, formatRate } from '../../domain/format-rate'

const NBSP = '\u00a0'
const RUNS = { numRuns: 2_000 }

/** A plain decimal string: up to 20 integer digits and 0..12 decimals, a sign now and then. */
const plainText = fc
  .record({
    units: fc.bigInt({ min: 0n, max: 10n ** 32n }),
    decimals: fc.integer({ min: 0, max: 12 }),
    negative: fc.boolean(),
  })
  .map(({ units, decimals, negative }) => {
    const digits = units.toString().padStart(decimals + 1, '0')
    const text =
      decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`
    return negative ? `-${text}` : text
  })

const currency = fc.constantFrom(...ALL_CURRENCIES)

/** The Polish figure read back the English way: no grouping, a dot. */
const asEnglish = (polish: string) => polish.replaceAll(NBSP, '').replace(',', '.')

describe('formatMoney', () => {
  it('writes fiat with 2 decimals and crypto with 8, in English as the spec does', () => {
    expect(formatMoney('9599.9', 'EUR', 'en')).toBe('9599.90 EUR')
    expect(formatMoney('0.1257207', 'BTC', 'en')).toBe('0.12572070 BTC')
    expect(formatMoney('25000', 'USD', 'en')).toBe('25000.00 USD')
    expect(formatMoney('78251.21', 'EUR', 'en')).toBe('78251.21 EUR')
    expect(formatMoney('0', 'ETH', 'en')).toBe('0.00000000 ETH')
  })

  it('writes Polish with a decimal comma and no-break spaces from five digits on', () => {
    expect(formatMoney('9599.9', 'EUR', 'pl')).toBe('9599,90 EUR')
    expect(formatMoney('1234.5', 'EUR', 'pl')).toBe('1234,50 EUR')
    expect(formatMoney('12345', 'EUR', 'pl')).toBe(`12${NBSP}345,00 EUR`)
    expect(formatMoney('78251.21', 'EUR', 'pl')).toBe(`78${NBSP}251,21 EUR`)
    expect(formatMoney('1000000', 'GBP', 'pl')).toBe(`1${NBSP}000${NBSP}000,00 GBP`)
    expect(formatMoney('0.1257207', 'BTC', 'pl')).toBe('0,12572070 BTC')
    expect(formatMoney('9999.999', 'USD', 'pl')).toBe(`10${NBSP}000,00 USD`)
  })

  it('keeps every digit of a figure too long for a JS number', () => {
    expect(formatMoney('12345678901234567.89', 'EUR', 'en')).toBe('12345678901234567.89 EUR')
    expect(formatMoney('12345678901234567.89', 'EUR', 'pl')).toBe(
      ['12', '345', '678', '901', '234', '567,89 EUR'].join(NBSP),
    )
    expect(formatMoney('98765432109876543210.12345678', 'BTC', 'en')).toBe(
      '98765432109876543210.12345678 BTC',
    )
    expect(formatDecimal(`0.${'1'.repeat(30)}`, 'pl')).toBe(`0,${'1'.repeat(30)}`)
  })

  it('rounds half away from zero on the decimal digits, never through a JS number', () => {
    expect(formatMoney('1.005', 'EUR', 'en')).toBe('1.01 EUR')
    expect(formatMoney('1.004999999999999999', 'EUR', 'en')).toBe('1.00 EUR')
    expect(formatMoney('2.675', 'EUR', 'pl')).toBe('2,68 EUR') // 2.675 as a double is 2.67499…
    expect(formatMoney('-1.005', 'EUR', 'en')).toBe('-1.01 EUR')
    expect(formatMoney('0.000000005', 'BTC', 'en')).toBe('0.00000001 BTC')
    expect(formatMoney('0.0000000049', 'BTC', 'pl')).toBe('0,00000000 BTC')
    expect(formatMoney('99999.995', 'EUR', 'pl')).toBe(`100${NBSP}000,00 EUR`)
    expect(formatMoney('9007199254740993.005', 'USD', 'en')).toBe('9007199254740993.01 USD')
  })

  it('equals the rounding rule for any amount, in both languages', () => {
    fc.assert(
      fc.property(plainText, currency, (amount, code) => {
        const english = formatMoney(amount, code, 'en')
        expect(english).toBe(`${roundTo(amount, decimalsOf(code))} ${code}`)
        expect(asEnglish(formatMoney(amount, code, 'pl'))).toBe(english)
      }),
      RUNS,
    )
  })

  it('writes a negative amount with a hyphen-minus, and one that rounds to zero with no sign', () => {
    expect(formatMoney('-12345.5', 'EUR', 'en')).toBe('-12345.50 EUR')
    expect(formatMoney('-12345.5', 'EUR', 'pl')).toBe(`-12${NBSP}345,50 EUR`)
    expect(formatMoney('-1234.5', 'EUR', 'pl')).toBe('-1234,50 EUR')
    expect(formatMoney('-0.5', 'EUR', 'pl')).toBe('-0,50 EUR')
    expect(formatMoney('-0.004', 'EUR', 'en')).toBe('0.00 EUR')
    expect(formatMoney('-0.004', 'EUR', 'pl')).toBe('0,00 EUR')
    expect(formatMoney('-0', 'BTC', 'pl')).toBe('0,00000000 BTC')
  })

  it('takes the decimals and grouping the caller asks for', () => {
    expect(formatMoney('12500', 'EUR', 'en', { decimals: 0, grouping: true })).toBe('12,500 EUR')
    expect(formatMoney('1234', 'EUR', 'en', { decimals: 0, grouping: true })).toBe('1,234 EUR')
    expect(formatMoney('12500', 'EUR', 'pl', { decimals: 0 })).toBe(`12${NBSP}500 EUR`)
    expect(formatMoney('12500.5', 'EUR', 'pl', { grouping: false })).toBe('12500,50 EUR')
    expect(formatMoney('0.00162', 'BTC', 'en', { decimals: 'as-written' })).toBe('0.00162 BTC')
  })
})

describe('formatDecimal', () => {
  it('keeps the figure as written by default, trailing zeros and all', () => {
    expect(formatDecimal('100.50', 'en')).toBe('100.50')
    expect(formatDecimal('100.50', 'pl')).toBe('100,50')
    expect(formatDecimal('25000', 'en')).toBe('25000')
    expect(formatDecimal('25000', 'pl')).toBe(`25${NBSP}000`)
    expect(formatDecimal('0.00243081', 'pl')).toBe('0,00243081')
    expect(formatDecimal('007.5', 'en')).toBe('7.5')
  })

  it('writes English exactly as given when nothing is rounded', () => {
    const canonical = plainText.filter((t) => !/^-?0\d/.test(t) && !/^-0(\.0*)?$/.test(t))
    fc.assert(
      fc.property(canonical, (text) => {
        expect(formatDecimal(text, 'en')).toBe(text)
      }),
      RUNS,
    )
  })

  it('refuses anything but a plain decimal string', () => {
    const refused = [
      '',
      ' ',
      'abc',
      'NaN',
      'Infinity',
      '-Infinity',
      '1e5',
      '1E-7',
      '+5',
      '.5',
      '5.',
      '-',
      '1,000',
      '1 000',
      `1${NBSP}000`,
      '1000,50',
      '0x10',
      ' 5',
      '5 ',
      '5\n',
      '1.2.3',
      '--1',
      '\u0661\u0662',
      '１２',
    ]
    for (const text of refused) {
      expect(isPlainDecimal(text)).toBe(false)
      expect(() => formatDecimal(text, 'en')).toThrow(TypeError)
      expect(() => formatDecimal(text, 'pl')).toThrow(TypeError)
      expect(() => formatMoney(text, 'EUR', 'pl')).toThrow(TypeError)
    }
  })

  it('refuses a count of decimals that is not a whole number from 0', () => {
    for (const decimals of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => formatDecimal('1', 'en', { decimals })).toThrow(RangeError)
  })
})

describe('formatDisplayedRate', () => {
  it('writes the spec’s English byte for byte, and Polish with its own separators', () => {
    expect(formatDisplayedRate('EUR', 'BTC', '78251.21', 'en')).toBe('1 BTC = 78251.21 EUR')
    expect(formatDisplayedRate('EUR', 'BTC', '78251.21', 'pl')).toBe(`1 BTC = 78${NBSP}251,21 EUR`)
    expect(formatDisplayedRate('EUR', 'BTC', '61087.8', 'pl')).toBe(`1 BTC = 61${NBSP}087,80 EUR`)
    expect(formatDisplayedRate('EUR', 'ETH', '2468.1', 'pl')).toBe('1 ETH = 2468,10 EUR')
    expect(formatDisplayedRate('BTC', 'EUR', '0.0000163698', 'pl')).toBe('1 EUR = 0,00001637 BTC')
    expect(formatDisplayedRate('EUR', 'BTC', '0', 'pl')).toBe('1 BTC = 0,00 EUR')
    expect(formatDisplayedRate('USD', 'SHIB', '0.0000154', 'pl')).toBe(
      `1 USD = 64${NBSP}935,06493506 SHIB`,
    )
  })

  it('is the converter’s displayed rate in English for any rate and pair', () => {
    const rate = plainText.map((t) => t.replace('-', ''))
    const fiat = fc.constantFrom(...FIAT_CURRENCIES)
    const crypto = fc.constantFrom(...CRYPTO_CURRENCIES)
    const pair = fc.oneof(fc.tuple(fiat, crypto), fc.tuple(crypto, fiat))
    fc.assert(
      fc.property(pair, rate, ([from, to], r) => {
        const english = formatDisplayedRate(from, to, r, 'en')
        expect(english).toBe(displayedRate(from, to, r))
        expect(asEnglish(formatDisplayedRate(from, to, r, 'pl'))).toBe(english)
      }),
      RUNS,
    )
  })

  it('writes an offer’s rate with its own decimals', () => {
    expect(formatRate('BTC', '61087.80', 'EUR', 'en')).toBe('1 BTC = 61087.80 EUR')
    expect(formatRate('BTC', '61087.80', 'EUR', 'pl')).toBe(`1 BTC = 61${NBSP}087,80 EUR`)
    expect(formatRate('BTC', '61087.8', 'EUR', 'pl', { decimals: 2 })).toBe(
      `1 BTC = 61${NBSP}087,80 EUR`,
    )
    expect(() => formatRate('BTC', 'NaN', 'EUR', 'en')).toThrow(TypeError)
  })
})
