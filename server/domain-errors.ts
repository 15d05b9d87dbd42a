import type { components } from '../openapi/main.gen.ts'
import { englishText, type ProblemText } from './i18n/problem-text.ts'

/**
 * One invalid field of a request: the contract's `FieldError`, which http/problem.ts puts in a
 * problem's `errors`.
 */
export type FieldError = components['schemas']['FieldError']

/**
 * A field error whose reason a person reads (a weak password's): `text` is the reason in the
 * problems catalog, sent as `message` in the caller's language; `message` holds its English.
 */
export type DescribedFieldError = FieldError & { text?: ProblemText }

/**
 * A failure whose words reach the caller as the problem's `detail`, in the caller's language
 * (server/i18n/problem-text.ts); `message` is its English, for the logs.
 */
abstract class DescribedError extends Error {
  constructor(readonly text: ProblemText) {
    super(englishText(text))
  }
}

/** Failures the domain reports as values; http/error-handler.ts maps each to problem+json. */
export class InvalidCredentials extends Error {
  override readonly name = 'InvalidCredentials'
}
export class EmailNotVerified extends Error {
  override readonly name = 'EmailNotVerified'
}
/** An e-mail link token that is unknown, already used or expired. */
export class InvalidLinkToken extends Error {
  override readonly name = 'InvalidLinkToken'
}
export class InvalidRefreshToken extends DescribedError {
  override readonly name = 'InvalidRefreshToken'
}
export class InvalidInput extends Error {
  override readonly name = 'InvalidInput'
  constructor(readonly errors: DescribedFieldError[]) {
    super(errors.map((e) => `${e.field} ${e.message}`).join('; '))
  }
}
export class TooManyAttempts extends Error {
  override readonly name = 'TooManyAttempts'
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many attempts; try again in ${retryAfterSeconds} s`)
  }
}
/** A sensitive change asked for without a fresh confirmation (stepUp) of this session. */
export class StepUpRequired extends Error {
  override readonly name = 'StepUpRequired'
  constructor() {
    super('Confirm it is you first, with your password and your second factor if you have one')
  }
}
/** A staff operation the caller's roles do not allow, or one that needs someone else (four-eyes). */
export class PermissionDenied extends DescribedError {
  override readonly name = 'PermissionDenied'
}
/** A staff member without a passkey or an authenticator app called a staff operation. */
export class SecondFactorRequired extends DescribedError {
  override readonly name = 'SecondFactorRequired'
  constructor() {
    super(
      /*i18n*/ {
        id: 'problem.staff-second-factor',
        message:
          'Staff need a passkey or an authenticator app. Set one up in your account security first.',
      },
    )
  }
}
/** The resource the request names is not the customer's, or does not exist (any more). */
export class NotFound extends DescribedError {
  override readonly name = 'NotFound'
}
/** The request conflicts with what is already there (an authenticator app set up twice). */
export class Conflict extends DescribedError {
  override readonly name = 'Conflict'
}
/**
 * A request action that does not fit the request as it is now (docs/product/requests.md#lifecycle):
 * decided on an older version, not allowed in its state, or on an offer that has expired.
 */
export class RequestConflict extends DescribedError {
  override readonly name = 'RequestConflict'
  constructor(
    readonly errorType: 'STALE_VERSION' | 'REQUEST_STATE' | 'OFFER_EXPIRED',
    text: ProblemText,
  ) {
    super(text)
  }
}
/**
 * A staff action on a customer that does not fit them as they are now (already approved, a
 * request of that kind already open, a hold already active or none to lift); nothing changed.
 */
export class CustomerConflict extends DescribedError {
  override readonly name = 'CustomerConflict'
}
/** The customer is on a compliance hold: no new quote requests or payment sessions. */
export class AccountOnHold extends DescribedError {
  override readonly name = 'AccountOnHold'
  constructor() {
    // Neutral on purpose: the customer never learns why (docs/product/staff.md#customer-holds).
    super(
      /*i18n*/ {
        id: 'problem.account-on-hold',
        message: 'We cannot take this request right now. Please contact support.',
      },
    )
  }
}
/** A login's second step names a challenge that is unknown, used or expired. */
export class InvalidLoginChallenge extends Error {
  override readonly name = 'InvalidLoginChallenge'
  constructor() {
    super('The sign-in is unknown, finished or expired; log in again')
  }
}
/** A second factor's proof (a code, a recovery code, a passkey's answer) is wrong. */
export class WrongSecondFactor extends Error {
  override readonly name = 'WrongSecondFactor'
  constructor() {
    super('The code or passkey is not right')
  }
}
/** The account a valid access token names no longer exists (answered like an invalid token). */
export class UnknownAccount extends Error {
  override readonly name = 'UnknownAccount'
  constructor() {
    super('The account of this access token no longer exists')
  }
}
/** The database cannot be reached (connection refused, lost or timed out); a retry may work. */
export class DatabaseUnavailable extends Error {
  override readonly name = 'DatabaseUnavailable'
  constructor(readonly reason: string) {
    super(`database unavailable: ${reason}`)
  }
}
/** A provider (Sumsub, Paybis) could not be reached or answered something unusable. */
export class ProviderUnavailable extends Error {
  override readonly name = 'ProviderUnavailable'
  constructor(
    readonly provider: string,
    detail: string,
  ) {
    super(`${provider}: ${detail}`)
  }
}
/** This node received SIGTERM: it finishes what it holds and takes no new work (readiness). */
export class NodeStopping extends Error {
  override readonly name = 'NodeStopping'
  constructor() {
    super('This node is stopping')
  }
}
