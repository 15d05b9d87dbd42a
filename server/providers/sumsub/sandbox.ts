/**
 * The Sumsub sandbox: an in-process fake of the Sumsub API (same paths, same X-App-* signature
 * check, same answers and error shapes), the calls its verification page makes with an SDK
 * token, and signed webhooks sent to our own /api/sumsub/webhook exactly as Sumsub sends them.
 * Applicants live in the database (table sandbox_sumsub_applicants), so they survive a restart.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import type { Database } from '../../db/database.ts'
import type { FakeHandler, FakeRequest, FakeResponse } from '../in-process-fetch.ts'
import { isRecord } from '../in-process-fetch.ts'
import { sumsubDate, sumsubDateMs, sumsubDateTz } from './dates.ts'
import { isReviewAnswer, type ReviewAnswer } from '../../../domain/verification.ts'
import {
  safeEqual,
  sumsubRequestSignature,
  webhookDigest,
  type WebhookDigestAlgorithm,
} from './signing.ts'

export type ApplicantType = 'individual' | 'company'

export interface SumsubSandboxOptions {
  db: Database
  now: () => Date
  appToken: string
  secretKey: string
  webhookSecret: string
  /** The levels that exist in this fake "environment", and the applicant type each verifies. */
  levels: Record<string, ApplicantType>
  /** Where webhooks go (our own /api/sumsub/webhook); answers the HTTP status. */
  deliverWebhook: (rawBody: string, headers: Record<string, string>) => Promise<number>
  webhookAlgorithm?: WebhookDigestAlgorithm
}

interface ApplicantRow {
  id: string
  external_user_id: string
  inspection_id: string
  level_name: string
  applicant_type: ApplicantType
  review_status: string
  review_answer: ReviewAnswer | null
  review_reject_type: string | null
  created_at: Date
  review_date: Date | null
}

/** What the verification page shows, from the applicant its token is for. */
export interface SandboxSession {
  applicantId: string
  levelName: string
  applicantType: ApplicantType
  reviewStatus: string
  reviewResult: { reviewAnswer: ReviewAnswer; reviewRejectType?: string } | null
  expiresAt: string
  /** HTTP status our webhook endpoint answered, when this call sent a webhook. */
  webhookStatus?: number
}

export type SessionAnswer =
  | { ok: true; session: SandboxSession }
  | { ok: false; status: number; body: Record<string, unknown> }

const correlationId = () => randomBytes(16).toString('hex')
const error = (status: number, description: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { code: status, description, correlationId: correlationId(), ...extra },
})

const tokenPrefix = '_act-sbx-'

export function createSumsubSandbox(options: SumsubSandboxOptions) {
  const { db, now } = options
  const algorithm = options.webhookAlgorithm ?? 'HMAC_SHA256_HEX'

  function signToken(payload: { u: string; l: string; e: number }): string {
    const body = Buffer.from(JSON.stringify({ ...payload, n: randomUUID() })).toString('base64url')
    const mac = createHmac('sha256', options.secretKey).update(body).digest('base64url')
    return `${tokenPrefix}${body}.${mac}`
  }

  function readToken(
    token: unknown,
  ): { externalUserId: string; levelName: string; expiresAt: Date } | 'invalid' | 'expired' {
    if (typeof token !== 'string' || !token.startsWith(tokenPrefix)) return 'invalid'
    const [body, mac] = token.slice(tokenPrefix.length).split('.')
    if (!body || !mac) return 'invalid'
    const expected = createHmac('sha256', options.secretKey).update(body).digest('base64url')
    if (!safeEqual(mac, expected)) return 'invalid'
    let payload: unknown
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    } catch {
      return 'invalid'
    }
    if (!isRecord(payload) || typeof payload.u !== 'string' || typeof payload.l !== 'string')
      return 'invalid'
    const expiresAt = new Date(Number(payload.e) * 1000)
    if (!(expiresAt.getTime() > now().getTime())) return 'expired'
    return { externalUserId: payload.u, levelName: payload.l, expiresAt }
  }

  async function byExternalId(externalUserId: string): Promise<ApplicantRow | undefined> {
    const [row] = await db.query<ApplicantRow & Record<string, unknown>>(
      'SELECT * FROM sandbox_sumsub_applicants WHERE external_user_id = $1',
      [externalUserId],
    )
    return row
  }

  async function byId(id: string): Promise<ApplicantRow | undefined> {
    const [row] = await db.query<ApplicantRow & Record<string, unknown>>(
      'SELECT * FROM sandbox_sumsub_applicants WHERE id = $1',
      [id],
    )
    return row
  }

  async function sendWebhook(
    applicant: ApplicantRow,
    type: 'applicantCreated' | 'applicantPending' | 'applicantReviewed',
  ): Promise<number> {
    const at = now()
    const payload = {
      applicantId: applicant.id,
      inspectionId: applicant.inspection_id,
      applicantType: applicant.applicant_type,
      correlationId: `req-${randomUUID()}`,
      levelName: applicant.level_name,
      sandboxMode: true,
      externalUserId: applicant.external_user_id,
      type,
      ...(type === 'applicantReviewed' && applicant.review_answer
        ? {
            reviewResult:
              applicant.review_answer === 'GREEN'
                ? { reviewAnswer: 'GREEN' }
                : {
                    reviewAnswer: 'RED',
                    rejectLabels: ['UNSATISFACTORY_PHOTOS'],
                    reviewRejectType: applicant.review_reject_type ?? 'RETRY',
                    moderationComment:
                      'We could not verify your documents (sandbox rejection). Please try again.',
                    clientComment: 'Rejected with the sandbox page.',
                  },
          }
        : {}),
      reviewStatus: applicant.review_status,
      createdAt: sumsubDateTz(at),
      createdAtMs: sumsubDateMs(at),
      clientId: 'sandbox',
    }
    const raw = JSON.stringify(payload)
    return options
      .deliverWebhook(raw, {
        'content-type': 'application/json',
        'x-payload-digest': webhookDigest(options.webhookSecret, algorithm, raw),
        'x-payload-digest-alg': algorithm,
      })
      .catch(() => 0)
  }

  /** Creates the applicant on first use of a token, as Sumsub does (fires applicantCreated). */
  async function ensureApplicant(
    externalUserId: string,
    levelName: string,
    type: ApplicantType,
  ): Promise<{ applicant: ApplicantRow; webhookStatus?: number }> {
    const existing = await byExternalId(externalUserId)
    if (existing) return { applicant: existing }
    await db.query(
      `INSERT INTO sandbox_sumsub_applicants
         (id, external_user_id, inspection_id, level_name, applicant_type, review_status, created_at)
       VALUES ($1, $2, $3, $4, $5, 'init', $6) ON CONFLICT (external_user_id) DO NOTHING`,
      [
        randomBytes(12).toString('hex'),
        externalUserId,
        randomBytes(12).toString('hex'),
        levelName,
        type,
        now(),
      ],
    )
    const applicant = await byExternalId(externalUserId)
    if (!applicant) throw new Error('sandbox applicant vanished')
    return { applicant, webhookStatus: await sendWebhook(applicant, 'applicantCreated') }
  }

  async function setReview(
    applicant: ApplicantRow,
    status: 'pending' | 'completed',
    answer?: ReviewAnswer,
    rejectType?: string,
  ): Promise<{ applicant: ApplicantRow; webhookStatus: number }> {
    await db.query(
      `UPDATE sandbox_sumsub_applicants
       SET review_status = $2, review_answer = $3, review_reject_type = $4, review_date = $5
       WHERE id = $1`,
      [
        applicant.id,
        status,
        answer ?? null,
        answer === 'RED' ? (rejectType ?? 'RETRY') : null,
        status === 'completed' ? now() : null,
      ],
    )
    const updated = (await byId(applicant.id)) ?? applicant
    const webhookStatus = await sendWebhook(
      updated,
      status === 'completed' ? 'applicantReviewed' : 'applicantPending',
    )
    return { applicant: updated, webhookStatus }
  }

  function applicantJson(a: ApplicantRow): Record<string, unknown> {
    const company = a.applicant_type === 'company'
    return {
      id: a.id,
      createdAt: sumsubDate(new Date(a.created_at)),
      key: a.id.slice(0, 14).toUpperCase(),
      clientId: 'sandbox',
      inspectionId: a.inspection_id,
      externalUserId: a.external_user_id,
      info: company ? { companyInfo: {} } : {},
      applicantPlatform: 'Web',
      requiredIdDocs: {
        docSets: company
          ? [{ idDocSetType: 'COMPANY', types: ['COMPANY_DOC'] }]
          : [
              { idDocSetType: 'IDENTITY', types: ['PASSPORT', 'ID_CARD'] },
              { idDocSetType: 'SELFIE', types: ['SELFIE'], videoRequired: 'passiveLiveness' },
            ],
      },
      review: reviewJson(a),
      lang: 'en',
      type: a.applicant_type,
    }
  }

  function reviewJson(a: ApplicantRow): Record<string, unknown> {
    return {
      reviewId: a.inspection_id.slice(0, 5),
      attemptId: a.id.slice(0, 5),
      attemptCnt: 0,
      levelName: a.level_name,
      createDate: sumsubDateTz(new Date(a.created_at)),
      ...(a.review_date ? { reviewDate: sumsubDateTz(new Date(a.review_date)) } : {}),
      ...(a.review_answer
        ? {
            reviewResult: {
              reviewAnswer: a.review_answer,
              ...(a.review_reject_type ? { reviewRejectType: a.review_reject_type } : {}),
            },
          }
        : {}),
      reviewStatus: a.review_status,
      priority: 0,
    }
  }

  function session(a: ApplicantRow, expiresAt: Date, webhookStatus?: number): SandboxSession {
    return {
      applicantId: a.id,
      levelName: a.level_name,
      applicantType: a.applicant_type,
      reviewStatus: a.review_status,
      reviewResult: a.review_answer
        ? {
            reviewAnswer: a.review_answer,
            ...(a.review_reject_type ? { reviewRejectType: a.review_reject_type } : {}),
          }
        : null,
      expiresAt: expiresAt.toISOString(),
      ...(webhookStatus === undefined ? {} : { webhookStatus }),
    }
  }

  /** X-App-Token, X-App-Access-Ts (±60 s) and X-App-Access-Sig, as Sumsub checks them. */
  function authenticate(request: FakeRequest): FakeResponse | undefined {
    const token = request.headers['x-app-token']
    const ts = request.headers['x-app-access-ts']
    const sig = request.headers['x-app-access-sig']
    if (!token || !ts || !sig) return error(401, 'App token, timestamp and signature are required')
    if (!safeEqual(token, options.appToken)) return error(401, 'Invalid app token')
    if (!/^\d{1,12}$/.test(ts) || Math.abs(Number(ts) - now().getTime() / 1000) > 60)
      return error(401, 'Request timestamp is too far from the server time')
    const expected = sumsubRequestSignature(
      options.secretKey,
      ts,
      request.method,
      request.path,
      request.body,
    )
    if (!safeEqual(sig.toLowerCase(), expected)) return error(401, 'Invalid signature')
    return undefined
  }

  function mintToken(userId: unknown, levelName: unknown, ttl: unknown): FakeResponse {
    if (typeof userId !== 'string' || userId === '' || userId.length > 200)
      return error(400, 'userId is required')
    if (typeof levelName !== 'string' || !Object.hasOwn(options.levels, levelName))
      return error(404, `Level '${String(levelName)}' not found`)
    const seconds = ttl === undefined ? 600 : Number(ttl)
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > 86_400)
      return error(400, 'ttlInSecs must be a whole number of seconds')
    const exp = Math.floor(now().getTime() / 1000) + seconds
    return { status: 200, body: { token: signToken({ u: userId, l: levelName, e: exp }), userId } }
  }

  /** The Sumsub API, mounted at `mount` (the part of the path before /resources). */
  function api(mount: string): FakeHandler {
    return async (request) => {
      const denied = authenticate(request)
      if (denied) return denied
      const url = new URL(request.path, 'http://sandbox')
      if (!url.pathname.startsWith(`${mount}/resources/`)) return error(404, 'Not found')
      const path = url.pathname.slice(mount.length)
      let body: Record<string, unknown> = {}
      if (request.body.length > 0) {
        try {
          const parsed: unknown = JSON.parse(request.body.toString('utf8'))
          if (!isRecord(parsed)) return error(400, 'Request body must be a JSON object')
          body = parsed
        } catch {
          return error(400, 'Request body is not valid JSON')
        }
      }
      const post = request.method === 'POST'
      if (post && path === '/resources/accessTokens/sdk')
        return mintToken(body.userId, body.levelName, body.ttlInSecs)
      if (post && path === '/resources/accessTokens')
        return mintToken(
          url.searchParams.get('userId') ?? undefined,
          url.searchParams.get('levelName') ?? undefined,
          url.searchParams.get('ttlInSecs') ?? undefined,
        )
      if (post && path === '/resources/applicants') {
        const levelName = url.searchParams.get('levelName') ?? ''
        const type = options.levels[levelName]
        if (!type) return error(404, `Level '${levelName}' not found`)
        if (typeof body.externalUserId !== 'string' || body.externalUserId === '')
          return error(400, 'externalUserId is required')
        if (await byExternalId(body.externalUserId))
          return error(409, 'Applicant with this externalUserId already exists')
        const { applicant } = await ensureApplicant(body.externalUserId, levelName, type)
        return { status: 200, body: applicantJson(applicant) }
      }
      const match =
        /^\/resources\/applicants\/([^/]+)\/(one|status|status\/pending|status\/testCompleted)$/.exec(
          path,
        )
      if (!match) return error(404, 'Not found')
      const ref = decodeURIComponent(match[1] ?? '')
      const external = /^-;externalUserId=(.+)$/.exec(ref)
      const applicant = external ? await byExternalId(external[1] ?? '') : await byId(ref)
      if (!applicant)
        return error(404, 'Applicant not found', { errorCode: 1000, errorName: 'not-found' })
      switch (`${request.method} ${match[2] ?? ''}`) {
        case 'GET one':
          return { status: 200, body: applicantJson(applicant) }
        case 'GET status':
          return { status: 200, body: reviewJson(applicant) }
        case 'POST status/pending':
          await setReview(applicant, 'pending')
          return { status: 200, body: { ok: 1 } }
        case 'POST status/testCompleted': {
          const answer = body.reviewAnswer
          if (!isReviewAnswer(answer)) return error(400, 'reviewAnswer must be GREEN or RED')
          const rejectType = body.reviewRejectType === 'FINAL' ? 'FINAL' : 'RETRY'
          await setReview(applicant, 'completed', answer, rejectType)
          return { status: 200, body: { ok: 1 } }
        }
        default:
          return error(405, 'Method not allowed')
      }
    }
  }

  /** The calls the verification page makes with its SDK token (the WebSDK's own API). */
  async function withToken(
    token: unknown,
    action: (
      applicant: ApplicantRow,
      created?: number,
    ) => Promise<{ applicant: ApplicantRow; webhookStatus?: number }>,
  ): Promise<SessionAnswer> {
    const read = readToken(token)
    if (read === 'invalid' || read === 'expired') {
      const { status, body } = error(
        401,
        read === 'expired' ? 'Access token expired' : 'Invalid access token',
        {
          errorName: 'invalid-token',
        },
      )
      return { ok: false, status, body }
    }
    const type = options.levels[read.levelName]
    if (!type) {
      const { status, body } = error(404, `Level '${read.levelName}' not found`)
      return { ok: false, status, body }
    }
    const ensured = await ensureApplicant(read.externalUserId, read.levelName, type)
    const done = await action(ensured.applicant, ensured.webhookStatus)
    return {
      ok: true,
      session: session(done.applicant, read.expiresAt, done.webhookStatus ?? ensured.webhookStatus),
    }
  }

  return {
    api,
    /** The WebSDK calls: load the applicant (creating it on first use), submit, and review. */
    websdk: {
      load: (token: unknown) => withToken(token, (applicant) => Promise.resolve({ applicant })),
      submit: (token: unknown) =>
        withToken(token, async (applicant) =>
          applicant.review_status === 'init' ||
          (applicant.review_status === 'completed' && applicant.review_answer === 'RED')
            ? setReview(applicant, 'pending')
            : { applicant },
        ),
      review: (token: unknown, answer: ReviewAnswer) =>
        withToken(token, (applicant) => setReview(applicant, 'completed', answer, 'RETRY')),
    },
  }
}

export type SumsubSandbox = ReturnType<typeof createSumsubSandbox>
