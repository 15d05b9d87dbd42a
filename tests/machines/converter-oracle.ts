/**
 * An independent oracle for the converter's arithmetic (spec §9 "Converter"), written from the
 * spec's words in exact rational arithmetic (BigInt), without the app's helpers: fees in per-mille,
 * rounding half up on exact decimals. The property tests compare the app's floating-point rules
 * with it.
 */

/** An exact non-negative rational num/den. */
export interface Rational {
  num: bigint
  den: bigint
}

export const rational = (num: bigint, den: bigint): Rational => ({ num, den })

const pow10 = (n: number) => 10n ** BigInt(n)

/** §9: 4% below 10000, 1.1% from 10000 — as per-mille: 40 and 11. */
export function feePerMille(amount: Rational): bigint {
  return amount.num < 10_000n * amount.den ? 40n : 11n
}

/** to = from / rate × (1 − fee), exactly. */
export function exactTarget(amount: Rational, rate: Rational): Rational {
  const f = feePerMille(amount)
  return rational(amount.num * rate.den * (1000n - f), amount.den * rate.num * 1000n)
}

/** from = to × rate × (1 + fee), exactly. */
export function exactSource(amount: Rational, rate: Rational): Rational {
  const f = feePerMille(amount)
  return rational(amount.num * rate.num * (1000n + f), amount.den * rate.den * 1000n)
}

/**
 * Rounds half up to `decimals` and returns the decimal text (like toFixed), plus how far the
 * exact value was from a tie, in units of the last decimal (0.5 = exactly on a tie).
 */
export function roundedText(value: Rational, decimals: number): { text: string; fromTie: number } {
  const scaled = value.num * pow10(decimals)
  const whole = scaled / value.den
  const rest = scaled % value.den
  // rest/den in [0, 1): distance of the fraction from one half.
  const fraction = Number((rest * 1_000_000_000n) / value.den) / 1e9
  const rounded = rest * 2n >= value.den ? whole + 1n : whole
  const digits = rounded.toString().padStart(decimals + 1, '0')
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`
  return { text, fromTie: Math.abs(fraction - 0.5) }
}

/** §9 notice, read again from the spec's sentence. */
export function noticeOracle(sourceIsFiat: boolean, source: number, target: number): boolean {
  if (sourceIsFiat) return source >= 7000 && source !== 10000
  return target >= 7000
}

/** The exact value of a number's shortest decimal text ('0.00002', '1e-7', '61087.8'). */
export function rationalOf(value: number): Rational {
  const [mantissa = '0', exponent = '0'] = String(value).split('e')
  const [int = '0', frac = ''] = mantissa.split('.')
  let num = BigInt(int + frac)
  let den = pow10(frac.length)
  const e = Number(exponent)
  if (e > 0) num *= pow10(e)
  if (e < 0) den *= pow10(-e)
  return rational(num, den)
}
