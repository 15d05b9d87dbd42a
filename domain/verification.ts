/**
 * A verification's review status as the product keeps it (docs/product/data.md#verification-status):
 * Sumsub's `reviewStatus` and, once completed, its `reviewAnswer`. The values are the contract's
 * enums (openapi/main.yaml `SumsubReviewStatus`, `SumsubReviewResult`), generated into
 * openapi/main.gen.ts; the server reads them from webhooks and Sumsub's answers, the SPA from the
 * widget's messages, both with these guards.
 */
import {
  sumsubReviewResultReviewAnswerValues,
  sumsubReviewStatusValues,
  type components,
} from '../openapi/main.gen.ts'

export type VerificationKind = 'kyc' | 'kyb'
export type ReviewStatus = components['schemas']['SumsubReviewStatus']
export type ReviewAnswer = components['schemas']['SumsubReviewResult']['reviewAnswer']

export interface VerificationStatus {
  /** null: verification never started. */
  reviewStatus: ReviewStatus | null
  reviewAnswer: ReviewAnswer | null
}

export function isReviewStatus(value: unknown): value is ReviewStatus {
  return (
    typeof value === 'string' && (sumsubReviewStatusValues as readonly string[]).includes(value)
  )
}

export function isReviewAnswer(value: unknown): value is ReviewAnswer {
  return (
    typeof value === 'string' &&
    (sumsubReviewResultReviewAnswerValues as readonly string[]).includes(value)
  )
}
