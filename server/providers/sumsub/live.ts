/** The Sumsub adapter: app-token-signed HTTP calls to SUMSUB_BASE_URL (or the sandbox fake). */
import { ProviderUnavailable } from '../../domain-errors.ts'
import { isRecord, readJson, type Fetch } from '../in-process-fetch.ts'
import { sumsubRequestSignature } from './signing.ts'
import type { SumsubApi, SumsubApplicantReview } from './types.ts'

export interface SumsubLiveOptions {
  baseUrl: string
  appToken: string
  secretKey: string
  now: () => Date
  fetch?: Fetch
  timeoutMs?: number
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

export function createSumsubLive(options: SumsubLiveOptions): SumsubApi {
  const fetchFn = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 10_000

  async function call(
    method: 'GET' | 'POST',
    pathAndQuery: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> {
    const url = new URL(options.baseUrl + pathAndQuery)
    // Signed exactly as sent: the body bytes, and the URI in its on-the-wire form.
    const raw = body === undefined ? undefined : JSON.stringify(body)
    const ts = String(Math.floor(options.now().getTime() / 1000))
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-app-token': options.appToken,
      'x-app-access-ts': ts,
      'x-app-access-sig': sumsubRequestSignature(
        options.secretKey,
        ts,
        method,
        url.pathname + url.search,
        raw,
      ),
    }
    let response: Response
    try {
      response = await fetchFn(url.toString(), {
        method,
        headers,
        ...(raw === undefined ? {} : { body: raw }),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw new ProviderUnavailable(
        'sumsub',
        `${method} ${url.pathname}: ${(error as Error).message}`,
      )
    }
    return { status: response.status, json: await readJson(response) }
  }

  function failure(what: string, status: number, json: unknown): ProviderUnavailable {
    const description = isRecord(json) ? str(json.description) : undefined
    return new ProviderUnavailable(
      'sumsub',
      `${what} answered ${status}${description ? `: ${description}` : ''}`,
    )
  }

  return {
    async createAccessToken({ externalUserId, levelName, ttlSeconds }) {
      const { status, json } = await call('POST', '/resources/accessTokens/sdk', {
        userId: externalUserId,
        levelName,
        ttlInSecs: ttlSeconds,
      })
      const token = isRecord(json) ? str(json.token) : undefined
      if (status !== 200 || !token || token.length > 2048)
        throw failure('accessTokens/sdk', status, json)
      return { token, userId: (isRecord(json) && str(json.userId)) || externalUserId }
    },

    async findApplicant(externalUserId) {
      const { status, json } = await call(
        'GET',
        `/resources/applicants/-;externalUserId=${encodeURIComponent(externalUserId)}/one`,
      )
      if (status === 404) return undefined
      if (status !== 200 || !isRecord(json) || !str(json.id))
        throw failure('applicants/-;externalUserId/one', status, json)
      const review = isRecord(json.review) ? json.review : {}
      const result = isRecord(review.reviewResult) ? review.reviewResult : {}
      const applicant: SumsubApplicantReview = {
        applicantId: json.id as string,
        reviewStatus: str(review.reviewStatus),
        reviewAnswer: str(result.reviewAnswer),
        reviewRejectType: str(result.reviewRejectType),
      }
      return applicant
    },
  }
}
