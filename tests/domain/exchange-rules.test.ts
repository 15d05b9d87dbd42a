/**
 * The shared exchange rules (domain/) against the exact rational oracle: at least 10,000 random
 * inputs per rule, zero tolerance — the app's decimal string must equal the oracle's.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ALL_CURRENCIES, CRYPTO_CURRENCIES, FIAT_CURRENCIES, isFiat } from '../../domain/currencies'
import {
  candlePair,
  candleQuery,
  convertToSource,
  convertToTarget,
  displayedRate,
  feeFor,
  feePercent,
  parseAmount,
  rateFromCandles,
  roundTo,
  sanitizeAmount,
  showsLargeAmountNotice,
} from '../../domain/exchange-rules'
import {
  converterAmountOracle,
  displayedRateOracle,
  noticeOracle,
  parseRational,
  roundedText,
  sourceText,
  targetText,
} from './rational-oracle'

const RUNS = { numRuns: 10_000 }

/** A decimal string: up to 13 integer digits and 0..10 decimals, trailing zeros and all. */
const amountText = fc
  .record({
    units: fc.bigInt({ min: 0n, max: 10n ** 13n }),
    decimals: fc.integer({ min: 0, max: 10 }),
  })
  .map(({ units, decimals }) => {
    const digits = units.toString().padStart(decimals + 1, '0')
    return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`
  })

/** Amounts around the fee and notice thresholds, where a wrong comparison would show. */
const edgeAmount = fc.constantFrom(
  '0',
  '0.01',
  '6999.99',
  '6999.999999999',
  '7000',
  '7000.00',
  '9999.99',
  '9999.999999999',
  '10000',
  '10000.0',
  '10000.01',
  '1000000000',
)

const amount = fc.oneof(amountText, edgeAmount)

/** A rate as the exchange writes it: mantissa × 10^-scale, SHIB-like to BTC-like and beyond. */
const rateText = fc
  .record({
    mantissa: fc.bigInt({ min: 1n, max: 999_999_999n }),
    scale: fc.integer({ min: 0, max: 16 }),
  })
  .map(({ mantissa, scale }) => {
    const digits = mantissa.toString().padStart(scale + 1, '0')
    return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`
  })

const currency = fc.constantFrom(...ALL_CURRENCIES)

/**
 * Inputs whose exact result is a tie at the last decimal: with the rate equal to the fraction kept
 * after the fee, the target is the amount itself, so an amount with one decimal more than the
 * target that ends in 5 is a tie.
 */
const tieToTarget = fc
  .record({
    body: fc.bigInt({ min: 0n, max: 10n ** 12n }),
    target: currency,
  })
  .map(({ body, target }) => {
    const places = (isFiat(target) ? 2 : 8) + 1
    const digits = `${body.toString()}5`.padStart(places + 1, '0')
    const amountValue = `${digits.slice(0, -places)}.${digits.slice(-places)}`
    const rate = feeFor(amountValue) === '0.04' ? '0.96' : '0.989'
    return { amount: amountValue, rate, target }
  })

describe('exchange rules against the exact oracle (zero tolerance)', () => {
  it("computes 'to' as from / rate × (1 − fee), rounded half away from zero for the target", () => {
    fc.assert(
      fc.property(amount, rateText, currency, (a, r, target) => {
        expect(convertToTarget(a, r, target)).toBe(targetText(a, r, isFiat(target)))
      }),
      RUNS,
    )
  })

  it("computes 'from' as to × rate × (1 + fee), rounded half away from zero for the source", () => {
    fc.assert(
      fc.property(amount, rateText, currency, (a, r, source) => {
        expect(convertToSource(a, r, source)).toBe(sourceText(a, r, isFiat(source)))
      }),
      RUNS,
    )
  })

  it('rounds exact ties away from zero in the conversion', () => {
    fc.assert(
      fc.property(tieToTarget, ({ amount: a, rate, target }) => {
        const shown = convertToTarget(a, rate, target)
        expect(shown).toBe(targetText(a, rate, isFiat(target)))
        // Away from zero: the shown figure is above the exact tie.
        expect(parseRational(shown).num * parseRational(a).den).toBeGreaterThan(
          parseRational(a).num * parseRational(shown).den,
        )
      }),
      RUNS,
    )
    // 1.005 EUR kept whole at a rate of 0.96: exactly 1.005 → 1.01.
    expect(convertToTarget('1.005', '0.96', 'EUR')).toBe('1.01')
  })

  it('gives 0 for a rate of 0 or an amount of 0', () => {
    fc.assert(
      fc.property(amount, currency, (a, c) => {
        expect(convertToTarget(a, '0', c)).toBe('0')
        expect(convertToSource(a, '0', c)).toBe('0')
        expect(convertToTarget('0', a === '0' ? '1' : a, c)).toBe('0')
        expect(convertToSource('0.000', a === '0' ? '1' : a, c)).toBe('0')
      }),
      RUNS,
    )
  })

  it('charges 4% below 10000 and 1.1% from 10000', () => {
    fc.assert(
      fc.property(amount, (a) => {
        const below = parseRational(a).num < 10_000n * parseRational(a).den
        expect(feeFor(a)).toBe(below ? '0.04' : '0.011')
        expect(feePercent(a)).toBe(below ? '4%' : '1.1%')
      }),
      RUNS,
    )
    expect(convertToTarget('9999.99', '1', 'EUR')).toBe('9599.99')
    expect(convertToTarget('10000', '1', 'EUR')).toBe('9890.00')
    expect(convertToSource('9999.99', '1', 'EUR')).toBe('10399.99')
    expect(convertToSource('10000', '1', 'EUR')).toBe('10110.00')
  })

  it('rounds half away from zero on the decimal digits, ties included', () => {
    const signed = fc.tuple(fc.boolean(), amountText).map(([neg, a]) => (neg ? `-${a}` : a))
    const tie = fc
      .record({ body: fc.bigInt({ min: 0n, max: 10n ** 14n }), d: fc.constantFrom(2, 8) })
      .map(({ body, d }) => {
        const digits = `${body.toString()}5`.padStart(d + 2, '0')
        return { value: `${digits.slice(0, -(d + 1))}.${digits.slice(-(d + 1))}`, d }
      })
    fc.assert(
      fc.property(signed, fc.constantFrom(2, 8), (v, d) => {
        expect(roundTo(v, d)).toBe(roundedText(parseRational(v), d))
      }),
      RUNS,
    )
    fc.assert(
      fc.property(tie, fc.boolean(), ({ value, d }, neg) => {
        const v = neg ? `-${value}` : value
        expect(roundTo(v, d)).toBe(roundedText(parseRational(v), d))
      }),
      RUNS,
    )
    expect(roundTo('1.005', 2)).toBe('1.01')
    expect(roundTo('-1.005', 2)).toBe('-1.01')
    expect(roundTo('0.123456785', 8)).toBe('0.12345679')
    expect(roundTo('0.000000005', 8)).toBe('0.00000001')
    expect(roundTo('0.000000001', 8)).toBe('0.00000000')
  })

  it("shows the rate in the spec's form, or the other form when it would show under two significant digits", () => {
    const precision = fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined })
    fc.assert(
      fc.property(currency, rateText, precision, (from, r, p) => {
        const to = isFiat(from) ? 'BTC' : 'EUR'
        const facts = p === undefined ? {} : { precision: { [from]: p } }
        expect(displayedRate(from, to, r, facts)).toBe(
          displayedRateOracle(from, to, r, isFiat(from), p),
        )
      }),
      RUNS,
    )
    expect(displayedRate('EUR', 'BTC', '61087.8')).toBe('1 BTC = 61087.80 EUR')
    expect(displayedRate('BTC', 'EUR', '0.0000163698')).toBe('1 EUR = 0.00001637 BTC')
    expect(displayedRate('EUR', 'BTC', '0')).toBe('1 BTC = 0.00 EUR')
    // A coin worth a fraction of a cent never reads 0.00.
    expect(displayedRate('USD', 'SHIB', '0.0000154')).toBe('1 USD = 64935.06493506 SHIB')
    expect(displayedRate('EUR', 'ADA', '0.45')).toBe('1 ADA = 0.45 EUR')
    expect(displayedRate('EUR', 'XLM', '0.095')).toBe('1 XLM = 0.10 EUR')
    expect(displayedRate('EUR', 'XLM', '0.0949')).toBe('1 EUR = 10.53740780 XLM')
  })

  it('never shows a positive rate as zero', () => {
    fc.assert(
      fc.property(currency, rateText, (from, r) => {
        const shown = displayedRate(from, isFiat(from) ? 'SHIB' : 'USD', r)
        expect(shown).not.toMatch(/= 0\.0+ /)
      }),
      RUNS,
    )
  })

  it('shows the large-amount notice exactly when the spec says', () => {
    fc.assert(
      fc.property(currency, amount, amount, (source, a, b) => {
        expect(showsLargeAmountNotice({ currency: source, amount: a }, { amount: b })).toBe(
          noticeOracle(isFiat(source), a, b),
        )
      }),
      RUNS,
    )
    expect(showsLargeAmountNotice({ currency: 'EUR', amount: '10000.00' }, { amount: '0' })).toBe(
      false,
    )
    expect(showsLargeAmountNotice({ currency: 'EUR', amount: '10000.01' }, { amount: '0' })).toBe(
      true,
    )
  })

  it('keeps only digits and the dot, and parses the decimal exactly; empty is 0', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.stringMatching(/^[0-9.,a ]{0,30}$/), amountText),
        (text) => {
          const oracle = converterAmountOracle(text)
          expect(sanitizeAmount(text)).toBe(oracle.sanitized)
          expect(parseAmount(sanitizeAmount(text))).toBe(oracle.amount)
        },
      ),
      RUNS,
    )
    expect(parseAmount('')).toBe('0')
    expect(parseAmount('.')).toBe('0')
    expect(parseAmount('12.5.3')).toBe('12.5')
    expect(parseAmount('99999999999999999999.123456789')).toBe('99999999999999999999.123456789')
  })

  it('asks for the pair with the fiat as base when from is crypto, otherwise the crypto', () => {
    for (const f of FIAT_CURRENCIES)
      for (const c of CRYPTO_CURRENCIES) {
        expect(candlePair(f, c)).toBe(`${c}-${f}`)
        expect(candlePair(c, f)).toBe(`${f}-${c}`)
      }
    expect(candleQuery('BTC-EUR', new Date('2025-03-05T15:42:10.123Z'))).toEqual({
      pair: 'BTC-EUR',
      fromISO: '2025-03-05T00:00:00.000Z',
      limit: 1,
      dataType: 'bestAsk',
      resolution: '4h',
    })
  })

  it('takes the rate from the latest candle (data[0] when one comes), exactly as written', () => {
    const candle = fc.record({
      close: fc.oneof(rateText, fc.constant('n/a'), fc.constant('-1')),
      timestamp: fc.bigInt({ min: 0n, max: 2n * 10n ** 12n }).map(String),
    })
    fc.assert(
      fc.property(fc.array(candle, { maxLength: 6 }), (candles) => {
        const valid = candles.filter((c) => /^[0-9.]+$/.test(c.close))
        // The oracle: the newest timestamp; among equal times the first listed.
        let best: (typeof valid)[number] | undefined
        for (const c of valid) if (!best || BigInt(c.timestamp) > BigInt(best.timestamp)) best = c
        const expected = best
          ? roundedText(parseRational(best.close), 16).replace(/\.?0+$/, '')
          : null
        expect(rateFromCandles({ ok: 'ok', data: candles })).toBe(expected)
      }),
      RUNS,
    )
    expect(rateFromCandles({ ok: 'ok', data: [{ close: '61087.8' }] })).toBe('61087.8')
    expect(rateFromCandles({ ok: 'ok', data: [{ close: 5 }] })).toBe('5')
    expect(rateFromCandles({ ok: 'ok', data: [{ close: '0' }] })).toBe('0')
    expect(rateFromCandles({ ok: 'ok', data: [] })).toBeNull()
    expect(rateFromCandles({ ok: 'error', data: [{ close: '1' }] })).toBeNull()
    expect(rateFromCandles({ data: [{ close: '1' }] })).toBeNull()
    expect(rateFromCandles(null)).toBeNull()
  })
})
