import type { ReviewAnswer } from '../../domain/verification.ts'
import type { VerificationService } from '../verification/verification-service.ts'
import { requireUser } from './caller.ts'
import type { Handlers } from './typed-handlers.ts'

/** Thin glue from the Sumsub operations to the verification service. */
export function verificationHandlers(verification: VerificationService): Handlers {
  const result = (answer: ReviewAnswer | null) => (answer ? { reviewAnswer: answer } : null)
  return {
    async createKycToken({ userId }) {
      return { status: 200, body: await verification.createToken(requireUser(userId), 'kyc') }
    },
    async createKybToken({ userId }) {
      return { status: 200, body: await verification.createToken(requireUser(userId), 'kyb') }
    },
    async getKycStatus({ userId }) {
      const user = requireUser(userId)
      const status = await verification.status(user, 'kyc')
      const request = await verification.openRequest(user, 'kyc')
      return {
        status: 200,
        body: {
          kycReviewStatus: status.reviewStatus,
          kycReviewResult: result(status.reviewAnswer),
          ...(request ? { kycRequest: request } : {}),
        },
      }
    },
    async getKybStatus({ userId }) {
      const user = requireUser(userId)
      const status = await verification.status(user, 'kyb')
      const request = await verification.openRequest(user, 'kyb')
      return {
        status: 200,
        body: {
          kybReviewStatus: status.reviewStatus,
          kybReviewResult: result(status.reviewAnswer),
          ...(request ? { kybRequest: request } : {}),
        },
      }
    },
    // The digest was verified on the raw bytes before validation (see app.ts, payloadDigest).
    async sumsubWebhook({ body, request }) {
      const raw = request.rawBody
      if (!raw) throw new Error('sumsubWebhook reached without its raw body')
      const outcome = await verification.handleWebhook(raw, body)
      const event = { type: body.type, applicantId: body.applicantId, outcome }
      if (outcome === 'unknown-applicant')
        request.log.warn(event, 'sumsub webhook for an unknown applicant: ignored')
      else request.log.info(event, 'sumsub webhook')
      return { status: 200, body: { status: 'ok' } }
    },
  }
}
