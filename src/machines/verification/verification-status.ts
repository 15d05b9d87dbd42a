/**
 * A verification's review status and the button it gives (docs/product/data.md#kyc-status,
 * docs/product/data.md#kyb-status, docs/product/flows.md#verification): 'Start' by default, 'Continue' while the status is init, and a disabled
 * 'Completed: approved' (GREEN) or 'Completed: rejected' (anything else) once completed.
 */
import {
  isReviewAnswer,
  isReviewStatus,
  type VerificationStatus,
} from '../../../domain/verification'

export type { VerificationKind, VerificationStatus } from '../../../domain/verification'

export const NOT_STARTED: VerificationStatus = { reviewStatus: null, reviewAnswer: null }

/**
 * Our team's open request for this kind, as the customer sees it: the note for them and when it
 * was asked (docs/product/screens.md#verification-page).
 */
export interface OpenVerificationRequest {
  note: string
  requestedAt: string
}

/** What the status poll answers: the status, and the open request of the kind if there is one. */
export interface PolledStatus extends VerificationStatus {
  request?: OpenVerificationRequest | null
}

export interface VerificationButton {
  label: 'Start' | 'Continue' | 'Completed: approved' | 'Completed: rejected'
  /** Completed verifications cannot be started again. */
  disabled: boolean
}

export function isCompleted(status: VerificationStatus): boolean {
  return status.reviewStatus === 'completed'
}

export function buttonOf(status: VerificationStatus): VerificationButton {
  if (isCompleted(status)) {
    return {
      label: status.reviewAnswer === 'GREEN' ? 'Completed: approved' : 'Completed: rejected',
      disabled: true,
    }
  }
  return { label: status.reviewStatus === 'init' ? 'Continue' : 'Start', disabled: false }
}

/**
 * A status as the widget reports it (`idCheck.onApplicantStatusChanged` and its kin carry
 * `reviewStatus` and `reviewResult.reviewAnswer`); null when the payload is not one.
 */
export function statusFromWidget(payload: unknown): VerificationStatus | null {
  if (typeof payload !== 'object' || payload === null) return null
  const { reviewStatus, reviewResult } = payload as Record<string, unknown>
  if (!isReviewStatus(reviewStatus)) return null
  const answer =
    typeof reviewResult === 'object' && reviewResult !== null
      ? (reviewResult as Record<string, unknown>).reviewAnswer
      : undefined
  return { reviewStatus, reviewAnswer: isReviewAnswer(answer) ? answer : null }
}
