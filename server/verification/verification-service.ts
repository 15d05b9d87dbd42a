/**
 * KYC and KYB through Sumsub: SDK tokens for the customer's applicant (an opaque id per customer
 * and kind, never the e-mail), the review status as stored (kept current by webhooks, read from
 * Sumsub while nothing is stored yet), and the webhook's effect: each delivery once, in order.
 */
import { createHash, randomUUID } from 'node:crypto'
import type { Database, Queryable } from '../db/database.ts'
import { parseSumsubDate } from '../providers/sumsub/dates.ts'
import { verifyWebhookDigest } from '../providers/sumsub/signing.ts'
import type { SumsubApi } from '../providers/sumsub/types.ts'
import { openRequestFor } from './verification-requests.ts'
import {
  isReviewAnswer,
  isReviewStatus,
  type ReviewAnswer,
  type ReviewStatus,
  type VerificationKind,
  type VerificationStatus,
} from '../../domain/verification.ts'

/** The fields of a webhook the server uses (the contract's SumsubWebhook). */
export interface SumsubWebhookPayload {
  type: string
  applicantId: string
  externalUserId?: string
  reviewStatus?: string
  reviewResult?: { reviewAnswer: string; reviewRejectType?: string }
  createdAt?: string
  createdAtMs?: string
}

export type WebhookOutcome = 'applied' | 'duplicate' | 'stale' | 'unknown-applicant' | 'ignored'

export interface VerificationDeps {
  db: Database
  sumsub: SumsubApi
  now: () => Date
  levels: Record<VerificationKind, string>
  tokenTtlSeconds: number
  webhookSecret: string
  /** Where a failed read from Sumsub is reported (the status answer still succeeds). */
  onLookupError?: (error: unknown) => void
}

interface VerificationRow {
  user_id: string
  kind: VerificationKind
  external_user_id: string
  applicant_id: string | null
  review_status: string | null
  review_answer: ReviewAnswer | null
  review_reject_type: string | null
  event_at: Date | null
}

/** When the event happened at Sumsub: `createdAtMs`, else `createdAt`; null when neither parses. */
function sumsubTime(payload: SumsubWebhookPayload): Date | null {
  return parseSumsubDate(payload.createdAtMs) ?? parseSumsubDate(payload.createdAt) ?? null
}

function statusOf(row: VerificationRow | undefined): VerificationStatus {
  const reviewStatus = isReviewStatus(row?.review_status) ? row.review_status : null
  return {
    reviewStatus,
    reviewAnswer: reviewStatus && isReviewAnswer(row?.review_answer) ? row.review_answer : null,
  }
}

export function createVerificationService(deps: VerificationDeps) {
  const { db, now } = deps

  async function find(q: Queryable, userId: string, kind: VerificationKind, lock = false) {
    const [row] = await q.query<VerificationRow & Record<string, unknown>>(
      `SELECT * FROM verifications WHERE user_id = $1 AND kind = $2${lock ? ' FOR UPDATE' : ''}`,
      [userId, kind],
    )
    return row
  }

  /** The answer keeps a result only with a completed review; other statuses clear it. */
  async function store(
    q: Queryable,
    row: VerificationRow,
    change: {
      applicantId?: string
      reviewStatus: ReviewStatus
      reviewAnswer?: string | undefined
      rejectType?: string | undefined
      eventAt: Date
    },
  ): Promise<void> {
    const completed = change.reviewStatus === 'completed'
    const answer = isReviewAnswer(change.reviewAnswer)
      ? change.reviewAnswer
      : completed
        ? row.review_answer
        : null
    await q.query(
      `UPDATE verifications
       SET review_status = $3, review_answer = $4, review_reject_type = $5, event_at = $6,
           updated_at = $7
       WHERE user_id = $1 AND kind = $2`,
      [
        row.user_id,
        row.kind,
        change.reviewStatus,
        answer,
        answer === 'RED' ? (change.rejectType ?? row.review_reject_type) : null,
        change.eventAt,
        now(),
      ],
    )
    if (change.applicantId && row.applicant_id === null)
      await q.query(
        `UPDATE verifications SET applicant_id = $3
         WHERE user_id = $1 AND kind = $2
           AND NOT EXISTS (SELECT 1 FROM verifications WHERE applicant_id = $3)`,
        [row.user_id, row.kind, change.applicantId],
      )
  }

  return {
    /** A WebSDK token for the customer's applicant of this kind (created on first use). */
    async createToken(
      userId: string,
      kind: VerificationKind,
    ): Promise<{ token: string; expiresAt: string }> {
      const levelName = deps.levels[kind]
      await db.query(
        `INSERT INTO verifications (user_id, kind, external_user_id, level_name, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (user_id, kind) DO NOTHING`,
        [userId, kind, randomUUID(), levelName, now()],
      )
      const row = await find(db, userId, kind)
      if (!row) throw new Error('verification row missing after insert')
      const issuedAt = now()
      const { token } = await deps.sumsub.createAccessToken({
        externalUserId: row.external_user_id,
        levelName,
        ttlSeconds: deps.tokenTtlSeconds,
      })
      return {
        token,
        expiresAt: new Date(issuedAt.getTime() + deps.tokenTtlSeconds * 1000).toISOString(),
      }
    },

    async status(userId: string, kind: VerificationKind): Promise<VerificationStatus> {
      const row = await find(db, userId, kind)
      if (!row) return statusOf(undefined)
      if (row.review_status !== null) return statusOf(row)
      // A token was minted but no webhook has arrived: ask Sumsub whether an applicant exists.
      let applicant
      try {
        applicant = await deps.sumsub.findApplicant(row.external_user_id)
      } catch (error) {
        deps.onLookupError?.(error)
        return statusOf(row)
      }
      if (!applicant || !isReviewStatus(applicant.reviewStatus)) return statusOf(row)
      const reviewStatus = applicant.reviewStatus
      return db.transaction(async (tx) => {
        const locked = await find(tx, userId, kind, true)
        if (!locked) return statusOf(undefined)
        // A webhook that got here first wins.
        if (locked.review_status === null)
          await store(tx, locked, {
            applicantId: applicant.applicantId,
            reviewStatus,
            reviewAnswer: applicant.reviewAnswer,
            rejectType: applicant.reviewRejectType,
            eventAt: now(),
          })
        return statusOf(await find(tx, userId, kind))
      })
    },

    /** The open request of this kind as the customer sees it (docs/product/screens.md#verification-page). */
    openRequest(userId: string, kind: VerificationKind) {
      return openRequestFor(db, userId, kind)
    },

    verifyWebhookDigest(rawBody: Buffer, algorithm: unknown, digest: unknown): boolean {
      return verifyWebhookDigest(deps.webhookSecret, algorithm, digest, rawBody)
    },

    /** Applies a verified delivery once; a replay, an older event or an unknown applicant changes nothing. */
    async handleWebhook(rawBody: Buffer, payload: SumsubWebhookPayload): Promise<WebhookOutcome> {
      const bodySha256 = createHash('sha256').update(rawBody).digest('hex')
      return db.transaction(async (tx) => {
        const [fresh] = await tx.query(
          `INSERT INTO sumsub_webhook_events (body_sha256, event_type, applicant_id, outcome, received_at)
           VALUES ($1, $2, $3, 'processing', $4) ON CONFLICT (body_sha256) DO NOTHING RETURNING body_sha256`,
          [bodySha256, payload.type, payload.applicantId, now()],
        )
        if (!fresh) return 'duplicate'
        const { outcome, row } = await apply(tx, payload)
        // The delivery joins its customer's history (issue 29), whatever it did.
        await tx.query(
          `UPDATE sumsub_webhook_events
           SET outcome = $2, customer_id = $3, kind = $4, review_status = $5, review_answer = $6,
               happened_at = $7
           WHERE body_sha256 = $1`,
          [
            bodySha256,
            outcome,
            row?.user_id ?? null,
            row?.kind ?? null,
            typeof payload.reviewStatus === 'string' ? payload.reviewStatus.slice(0, 50) : null,
            isReviewAnswer(payload.reviewResult?.reviewAnswer)
              ? payload.reviewResult.reviewAnswer
              : null,
            sumsubTime(payload),
          ],
        )
        return outcome
      })
    },
  }

  async function apply(
    tx: Queryable,
    payload: SumsubWebhookPayload,
  ): Promise<{ outcome: WebhookOutcome; row?: VerificationRow }> {
    const [row] = await tx.query<VerificationRow & Record<string, unknown>>(
      `SELECT * FROM verifications
       WHERE external_user_id = $1 OR (applicant_id IS NOT NULL AND applicant_id = $2)
       ORDER BY (external_user_id = $1) DESC LIMIT 1 FOR UPDATE`,
      [payload.externalUserId ?? '', payload.applicantId],
    )
    if (!row) return { outcome: 'unknown-applicant' }
    if (!isReviewStatus(payload.reviewStatus)) return { outcome: 'ignored', row }
    const eventAt = sumsubTime(payload) ?? now()
    if (row.event_at !== null && eventAt.getTime() < new Date(row.event_at).getTime())
      return { outcome: 'stale', row }
    await store(tx, row, {
      applicantId: payload.applicantId,
      reviewStatus: payload.reviewStatus,
      reviewAnswer: payload.reviewResult?.reviewAnswer,
      rejectType: payload.reviewResult?.reviewRejectType,
      eventAt,
    })
    const answer = payload.reviewResult?.reviewAnswer
    // A completed review (GREEN or RED) fulfils the open request of its kind, in this transaction.
    if (payload.reviewStatus === 'completed' && isReviewAnswer(answer))
      await tx.query(
        `UPDATE verification_requests SET state = 'fulfilled', fulfilled_at = $3, review_answer = $4
         WHERE customer_id = $1 AND kind = $2 AND state = 'open'`,
        [row.user_id, row.kind, now(), answer],
      )
    return { outcome: 'applied', row }
  }
}

export type VerificationService = ReturnType<typeof createVerificationService>
