/**
 * What the server needs of Sumsub: SDK tokens (docs/product/providers/sumsub.md#sdk-access-token)
 * and an applicant's review (docs/product/providers/sumsub.md#applicant-review-status).
 */

export interface SumsubAccessToken {
  token: string
  userId: string
}

export interface SumsubApplicantReview {
  applicantId: string
  reviewStatus: string | undefined
  reviewAnswer: string | undefined
  reviewRejectType: string | undefined
}

export interface SumsubApi {
  /** POST /resources/accessTokens/sdk: a WebSDK token for the applicant `externalUserId`. */
  createAccessToken(input: {
    externalUserId: string
    levelName: string
    ttlSeconds: number
  }): Promise<SumsubAccessToken>
  /** GET /resources/applicants/-;externalUserId=…/one; undefined when no applicant exists yet. */
  findApplicant(externalUserId: string): Promise<SumsubApplicantReview | undefined>
}
