/**
 * Exact decimals for money: big.js behind a few functions that take and give decimal strings.
 * The constructors here are strict, so a JS number can neither come in nor go out by accident.
 */
import Big from 'big.js'

export type Decimal = Big

/** big.js's ROUND_HALF_UP works on the magnitude: a tie goes away from zero (-1.005 → -1.01). */
const HALF_AWAY_FROM_ZERO = 1

const constructors = new Map<number, Big.BigConstructor>()

/** A constructor whose division gives `places` decimals, rounded half away from zero. */
function exact(places: number): Big.BigConstructor {
  let made = constructors.get(places)
  if (!made) {
    made = Big()
    made.DP = places
    made.RM = HALF_AWAY_FROM_ZERO
    made.strict = true
    constructors.set(places, made)
  }
  return made
}

const Exact = exact(40)

/** A decimal as people and the exchange write it: '61087.8', '-0.5', '.5', '1e-7'. */
const decimalSyntax = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d{1,4})?$/i

export function isDecimal(text: string): boolean {
  return decimalSyntax.test(text.trim())
}

/** Parses a decimal string; throws on anything else (never NaN, never a JS number). */
export function decimal(text: string): Decimal {
  const trimmed = text.trim()
  if (!decimalSyntax.test(trimmed)) throw new TypeError(`not a decimal: ${JSON.stringify(text)}`)
  return new Exact(trimmed)
}

/** The decimal a string holds, or null. */
export function decimalOrNull(text: string): Decimal | null {
  return isDecimal(text) ? decimal(text) : null
}

export const ZERO = decimal('0')
export const ONE = decimal('1')

/** a / b rounded half away from zero to `places` decimals, in one correctly rounded step. */
export function divide(a: Decimal, b: Decimal, places: number): Decimal {
  const Ctor = exact(places)
  return new Ctor(a).div(b)
}

/** Exactly `places` decimals, rounded half away from zero: '0.12572070', '26000.00'. */
export function fixed(value: Decimal, places: number): string {
  const text = value.toFixed(places, HALF_AWAY_FROM_ZERO)
  // A figure that rounds to zero has no sign ('-0.001' → '0.00', not '-0.00').
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text
}

/** The value in plain notation with no rounding and no exponent: '0.0000001', '1000'. */
export function plain(value: Decimal): string {
  return value.toFixed()
}

/**
 * A whole number that crosses the API as a JSON number: exact only while it is a safe integer,
 * so anything else throws rather than turning into a neighbouring double.
 */
export function toSafeInteger(text: string): number {
  const value = decimal(text)
  if (!value.eq(value.round(0, 0)) || value.abs().gt(decimal(String(Number.MAX_SAFE_INTEGER))))
    throw new RangeError(`not a safe integer: ${text}`)
  return Number.parseInt(plain(value), 10)
}

/** A safe integer from JSON (the API's `amount`) as a decimal string, exactly. */
export function fromSafeInteger(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a safe integer: ${String(value)}`)
  return value.toFixed(0)
}

/**
 * a / b rounded half away from zero to `digits` significant digits, in one correctly rounded
 * step: the decimals follow the exact quotient's magnitude (1 / 78000 → '0.000012820513').
 */
export function divideSignificant(a: Decimal, b: Decimal, digits: number): Decimal {
  const approx = new (exact(60))(a).div(b).abs()
  if (approx.eq(ZERO)) return ZERO
  // The exponent of the leading digit: big.js keeps it as `e`.
  const places = Math.max(0, digits - 1 - approx.e)
  return divide(a, b, places)
}

/** `value` rounded half away from zero to `digits` significant digits. */
export function significant(value: Decimal, digits: number): Decimal {
  return value.prec(digits, HALF_AWAY_FROM_ZERO)
}
