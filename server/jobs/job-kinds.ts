/**
 * Every kind of background job and its payload (JSON). A new kind is added here, given a handler
 * where server/server.ts builds the runner, and enqueued with enqueueJob.
 */
export interface JobPayloads {
  /** Delivers one outbox message (server/mail/delivery.ts). */
  'mail.send': { outboxId: string }
  /** Looks up a reset request's address and mails its link (decision 041). */
  'password-reset.request': { email: string }
  /** Recurring: reads Paybis's transaction list for open payment sessions (decision 113). */
  'payments.reconcile': Record<string, never>
  /** Ends an offer still open at its validUntil (docs/product/requests.md#the-offer). */
  'request.expire-offer': { requestId: string; offerId: string }
  /** Recurring: removes attempt-limit windows that ended long ago. */
  'sweep.attempt-counters': Record<string, never>
  /** Recurring: removes expired login challenges, WebAuthn challenges and TOTP enrolments. */
  'sweep.second-factor-challenges': Record<string, never>
}

export type JobKind = keyof JobPayloads
