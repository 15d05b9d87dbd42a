/**
 * An offer's figures (docs/product/requests.md#the-offer): what the customer receives and the fee,
 * from what they pay and the rate, by the converter's own rules (exchange-rules.ts) — so the desk's
 * form, the server's check, the stored row and the e-mail hold the same strings.
 */
import { isFiat, type Currency } from './currencies.ts'
import { decimal, fixed, ZERO } from './decimal.ts'
import { convertToTarget, decimalsOf, feeFor, feePercent } from './exchange-rules.ts'

export interface OfferFigures {
  /** Price of one `to` unit in `from`. */
  rate: string
  amountPaid: string
  amountReceived: string
  fee: string
  feePercent: string
}

/** The received amount and fee for `amountPaid` of `from` at `rate` into `to`. */
export function offerFigures(input: {
  from: Currency
  to: Currency
  amountPaid: string
  rate: string
}): OfferFigures {
  const { from, to, amountPaid, rate } = input
  return {
    rate,
    amountPaid,
    amountReceived: convertToTarget(amountPaid, rate, to),
    fee: fixed(decimal(amountPaid).times(decimal(feeFor(amountPaid))), decimalsOf(from)),
    feePercent: feePercent(amountPaid),
  }
}

export type OfferField = 'rate' | 'amountPaid' | 'amountReceived' | 'fee'

export interface OfferProblem {
  field: OfferField
  code: 'not-positive' | 'too-many-decimals' | 'disagrees'
  message: string
}

/** Decimal places a written amount has ('10.50' → 2). */
const placesOf = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0)

/**
 * What is wrong with figures a person entered, against the rules: each problem names its field.
 * The figures are decimal strings the contract has already checked for syntax.
 */
export function offerProblems(input: {
  from: Currency
  to: Currency
  rate: string
  amountPaid: string
  amountReceived: string
  fee: string
}): OfferProblem[] {
  const problems: OfferProblem[] = []
  if (!decimal(input.rate).gt(ZERO))
    problems.push({ field: 'rate', code: 'not-positive', message: 'must be greater than 0' })
  if (!decimal(input.amountPaid).gt(ZERO))
    problems.push({ field: 'amountPaid', code: 'not-positive', message: 'must be greater than 0' })
  else if (placesOf(input.amountPaid) > decimalsOf(input.from))
    problems.push({
      field: 'amountPaid',
      code: 'too-many-decimals',
      message: `${input.from} has at most ${decimalsOf(input.from)} decimals`,
    })
  if (problems.length > 0) return problems
  const expected = offerFigures(input)
  for (const field of ['amountReceived', 'fee'] as const)
    if (!decimal(input[field]).eq(decimal(expected[field])) || input[field] !== expected[field])
      problems.push({
        field,
        code: 'disagrees',
        message: `must be ${expected[field]} by the exchange's rules`,
      })
  return problems
}

/** The offer's amount on its fiat side, which the four-eyes threshold is compared with. */
export function fiatSide(
  figures: { amountPaid: string; amountReceived: string },
  from: Currency,
): string {
  return isFiat(from) ? figures.amountPaid : figures.amountReceived
}

/** Whether an offer needs a second manager: its fiat amount at or above `threshold`. */
export function needsSecondManager(
  figures: { amountPaid: string; amountReceived: string },
  from: Currency,
  threshold: string,
): boolean {
  return decimal(fiatSide(figures, from)).gte(decimal(threshold))
}
