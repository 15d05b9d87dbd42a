/**
 * The desk's offer form (docs/product/requests.md#the-offer): what the manager types (rate, amount
 * paid, valid until) and what domain/offer.ts makes of it — the amount received and the fee, as
 * the same decimal strings the server checks, never through a JS number.
 */
import { isCurrency } from '../../../domain/currencies'
import { offerFigures, offerProblems, type OfferFigures } from '../../../domain/offer'

export interface OfferDraft {
  rate: string
  amountPaid: string
  /** As a `datetime-local` field gives it: local time, `YYYY-MM-DDTHH:mm`. */
  validUntil: string
}

export type OfferDraftField = keyof OfferDraft

export const emptyOfferDraft: OfferDraft = { rate: '', amountPaid: '', validUntil: '' }

/** The contract's DecimalAmount. */
const DECIMAL = /^(0|[1-9][0-9]{0,19})(\.[0-9]{1,8})?$/
const ZERO_TEXT = /^0(\.0+)?$/
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/

export type OfferDraftProblem = 'notANumber' | 'notPositive' | 'tooManyDecimals' | 'notATime'

export interface OfferDraftCheck {
  /** The figures once rate and amount paid are right; null before. */
  figures: OfferFigures | null
  problems: Partial<Record<OfferDraftField, OfferDraftProblem>>
  /** Everything is there and right: the offer may be sent. */
  ready: boolean
}

/** The instant a local `datetime-local` value stands for, as ISO; null when it is not one. */
export function validUntilInstant(value: string): string | null {
  if (!LOCAL_TIME.test(value)) return null
  const time = new Date(value)
  return Number.isNaN(time.getTime()) ? null : time.toISOString()
}

/** What the typed offer gives and what is wrong with it (empty fields are not wrong yet). */
export function checkOfferDraft(draft: OfferDraft, from: string, to: string): OfferDraftCheck {
  const problems: OfferDraftCheck['problems'] = {}
  const rate = draft.rate.trim()
  const paid = draft.amountPaid.trim()
  if (rate && !DECIMAL.test(rate)) problems.rate = 'notANumber'
  if (paid && !DECIMAL.test(paid)) problems.amountPaid = 'notANumber'
  if (draft.validUntil && !validUntilInstant(draft.validUntil)) problems.validUntil = 'notATime'
  let figures: OfferFigures | null = null
  if (
    rate &&
    paid &&
    !problems.rate &&
    !problems.amountPaid &&
    isCurrency(from) &&
    isCurrency(to)
  ) {
    const computed = offerFigures({ from, to, amountPaid: paid, rate })
    // The rules' own check of what the form would send: only rate and amount paid can be wrong.
    const wrong = offerProblems({ from, to, ...computed })
    for (const problem of wrong)
      if (problem.field === 'rate' || problem.field === 'amountPaid')
        problems[problem.field] =
          problem.code === 'too-many-decimals' ? 'tooManyDecimals' : 'notPositive'
    if (wrong.length === 0) figures = computed
  } else {
    // One figure is there: a zero is already wrong.
    if (rate && !problems.rate && ZERO_TEXT.test(rate)) problems.rate = 'notPositive'
    if (paid && !problems.amountPaid && ZERO_TEXT.test(paid)) problems.amountPaid = 'notPositive'
  }
  return {
    figures,
    problems,
    ready: figures !== null && validUntilInstant(draft.validUntil) !== null,
  }
}
