/**
 * An exact rational oracle for the exchange rules, written again from the spec's words in BigInt
 * fractions without the app's helpers or big.js: parse, the fee in per mille, the conversion in
 * each direction, rounding half away from zero to fixed decimals, the displayed rate's forms, the
 * large-amount notice, which candle is the rate and the quote amount's integer parse. The property
 * tests compare the app's decimal strings with these, character for character.
 */

/** An exact rational num/den with den > 0. */
export interface Rational {
  num: bigint
  den: bigint
}

const pow10 = (n: number) => 10n ** BigInt(n)

/** The exact value of a plain or exponent decimal string ('0.00002', '-1.5', '1e-7'). */
export function parseRational(text: string): Rational {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text.trim())
  if (!match) throw new Error(`oracle: not a decimal ${text}`)
  const [, sign = '', int = '', frac = '', exp = '0'] = match
  let num = BigInt(`${int}${frac}` || '0')
  let den = pow10(frac.length)
  const e = Number(exp)
  if (e > 0) num *= pow10(e)
  if (e < 0) den *= pow10(-e)
  return { num: sign === '-' ? -num : num, den }
}

export const ratio = (num: bigint, den: bigint): Rational => ({ num, den })

export function compare(a: Rational, b: Rational): number {
  const l = a.num * b.den
  const r = b.num * a.den
  return l < r ? -1 : l > r ? 1 : 0
}

/** 4% below 10000 and 1.1% from 10000 (docs/product/limits.md#fee-tier), in per mille: 40 and 11. */
export function feePerMille(amount: Rational): bigint {
  return amount.num < 10_000n * amount.den ? 40n : 11n
}

/** to = from / rate × (1 − fee), exactly. */
export function exactTarget(amount: Rational, rate: Rational): Rational {
  const f = feePerMille(amount)
  return ratio(amount.num * rate.den * (1000n - f), amount.den * rate.num * 1000n)
}

/** from = to × rate × (1 + fee), exactly. */
export function exactSource(amount: Rational, rate: Rational): Rational {
  const f = feePerMille(amount)
  return ratio(amount.num * rate.num * (1000n + f), amount.den * rate.den * 1000n)
}

/** Rounds half away from zero to `decimals` and writes exactly that many decimals. */
export function roundedText(value: Rational, decimals: number): string {
  const negative = value.num < 0n !== value.den < 0n
  const num = value.num < 0n ? -value.num : value.num
  const den = value.den < 0n ? -value.den : value.den
  const scaled = num * pow10(decimals)
  let whole = scaled / den
  if ((scaled % den) * 2n >= den) whole += 1n
  const digits = whole.toString().padStart(decimals + 1, '0')
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`
  return negative && whole !== 0n ? `-${text}` : text
}

const isZero = (r: Rational) => r.num === 0n

/**
 * Conversion 'to' from 'from', as the converter shows it ('0' by the zero rule):
 * docs/product/limits.md#fee-tier, docs/product/flows.md#zero-rule.
 */
export function targetText(amount: string, rate: string, targetIsFiat: boolean): string {
  const a = parseRational(amount)
  const r = parseRational(rate)
  if (isZero(a) || isZero(r)) return '0'
  return roundedText(exactTarget(a, r), targetIsFiat ? 2 : 8)
}

/** Conversion 'from' from 'to', as the converter shows it (docs/product/limits.md#fee-tier). */
export function sourceText(amount: string, rate: string, sourceIsFiat: boolean): string {
  const a = parseRational(amount)
  const r = parseRational(rate)
  if (isZero(a) || isZero(r)) return '0'
  return roundedText(exactSource(a, r), sourceIsFiat ? 2 : 8)
}

/**
 * docs/product/limits.md#displayed-rate, read again: '1 {to} = {rate} {from}' (2 decimals from
 * fiat, 8 from crypto);
 * when that figure has fewer than two significant digits at the decimals shown (below 10 steps of
 * 10^-places, places being the spec's decimals or the exchange's coarser precision), the other
 * form '1 {from} = {1/rate} {to}' with the other decimals. A zero rate shows as 0.
 */
export function displayedRateOracle(
  from: string,
  to: string,
  rate: string,
  fromIsFiat: boolean,
  exchangePrecision?: number,
): string {
  const r = parseRational(rate)
  const decimals = fromIsFiat ? 2 : 8
  const figure = roundedText(r, decimals)
  const places = Math.min(decimals, exchangePrecision ?? decimals)
  const tenSteps = places >= 1 ? ratio(1n, pow10(places - 1)) : ratio(pow10(1 - places), 1n)
  if (isZero(r) || compare(parseRational(figure), tenSteps) >= 0)
    return `1 ${to} = ${figure} ${from}`
  const other = fromIsFiat ? 8 : 2
  return `1 ${from} = ${roundedText(ratio(r.den, r.num), other)} ${to}`
}

/** docs/product/limits.md#large-amount-notice, read again from its sentence. */
export function noticeOracle(sourceIsFiat: boolean, source: string, target: string): boolean {
  const s = parseRational(source)
  const t = parseRational(target)
  if (sourceIsFiat) return compare(s, ratio(7000n, 1n)) >= 0 && compare(s, ratio(10000n, 1n)) !== 0
  return compare(t, ratio(7000n, 1n)) >= 0
}

/**
 * docs/product/validation.md#quote-dialog: spaces and commas ignored, then the leading digits;
 * none is 0.
 */
export function quoteAmountOracle(text: string): string {
  let digits = ''
  for (const ch of text) {
    if (ch === ',' || /\s/.test(ch)) continue
    if (ch >= '0' && ch <= '9') digits += ch
    else break
  }
  return digits === '' ? '0' : BigInt(digits).toString()
}

/**
 * docs/product/validation.md#converter-inputs: digits and the dot kept; then the decimal up to a
 * second dot; empty 0.
 */
export function converterAmountOracle(text: string): { sanitized: string; amount: string } {
  const sanitized = Array.from(text)
    .filter((ch) => (ch >= '0' && ch <= '9') || ch === '.')
    .join('')
  const [int = '', frac = ''] = sanitized.split('.')
  const trimmedFrac = frac.replace(/0+$/, '')
  const intPart = int.replace(/^0+/, '') || '0'
  return { sanitized, amount: trimmedFrac === '' ? intPart : `${intPart}.${trimmedFrac}` }
}

/** Rounds half away from zero to `digits` significant digits, in plain notation. */
export function significantText(value: Rational, digits: number): string {
  const num = value.num < 0n ? -value.num : value.num
  const den = value.den < 0n ? -value.den : value.den
  if (num === 0n) return '0'
  // The exponent of the leading digit: 10^e ≤ value < 10^(e+1).
  let e = (num / den).toString().length - 1
  if (num < den) {
    e = -1
    while (num * pow10(-e) < den) e--
  }
  const places = Math.max(0, digits - 1 - e)
  return roundedText(value, places)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '')
}

/** a × b, exactly. */
export const times = (a: Rational, b: Rational): Rational => ratio(a.num * b.num, a.den * b.den)
