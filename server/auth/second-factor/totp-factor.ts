/**
 * The authenticator app (TOTP, docs/decisions/085): enrolment confirmed with a current code, the
 * secret sealed at rest, each code's time step used once, ten recovery codes made with it.
 */
import type { Queryable } from '../../db/database.ts'
import { Conflict, NotFound } from '../../domain-errors.ts'
import { requireStepUp } from '../sessions.ts'
import { fieldError, later, type FactorContext } from './factor-context.ts'
import { newRecoveryCodes, replaceRecoveryCodes } from './recovery-codes.ts'
import { matchTotp, newTotpSecret, totpUri } from './totp.ts'
import { noSuchAccount } from '../../i18n/common-problems.ts'

const enrolmentSeconds = 10 * 60

export function createTotpFactor(ctx: FactorContext) {
  const { db, now, sealer, keys, attempts, perAccount } = ctx
  const totpContext = (userId: string) => `totp:${userId}`

  async function has(q: Queryable, userId: string): Promise<boolean> {
    return (await q.query('SELECT 1 FROM totp_factors WHERE user_id = $1', [userId])).length > 0
  }

  return {
    has,

    /**
     * Accepts a TOTP code of the account's app and records its step, so neither it nor an older
     * one works again; false when it is wrong, replayed, or the account has no app.
     */
    consume: async (q: Queryable, userId: string, code: string, at: Date): Promise<boolean> => {
      const [factor] = await q.query<{ secret_sealed: string; last_time_step: string | null }>(
        `SELECT secret_sealed, last_time_step::text AS last_time_step
         FROM totp_factors WHERE user_id = $1`,
        [userId],
      )
      if (!factor) return false
      const secret = sealer.open(factor.secret_sealed, totpContext(userId))
      if (secret === undefined) return false
      const last = factor.last_time_step === null ? undefined : Number(factor.last_time_step)
      const step = await matchTotp(secret, code, at, last)
      if (step === undefined) return false
      // Conditional, so of two requests racing with one code only one gets it.
      const updated = await q.query(
        `UPDATE totp_factors SET last_time_step = $2
         WHERE user_id = $1 AND (last_time_step IS NULL OR last_time_step < $2) RETURNING 1`,
        [userId, step],
      )
      return updated.length > 0
    },

    /** A new secret for this session to confirm within 10 minutes. */
    startEnrolment: async (userId: string, sessionId: string) => {
      const at = now()
      await requireStepUp(db, sessionId, at)
      if (await has(db, userId))
        throw new Conflict(
          /*i18n*/ {
            id: 'problem.totp.already-set-up',
            message: 'An authenticator app is already set up; remove it first.',
          },
        )
      const [user] = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
        userId,
      ])
      if (!user) throw new NotFound(noSuchAccount)
      const secret = newTotpSecret()
      await db.query(
        `INSERT INTO totp_enrolments (session_id, user_id, secret_sealed, expires_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (session_id) DO UPDATE SET
           user_id = excluded.user_id, secret_sealed = excluded.secret_sealed,
           expires_at = excluded.expires_at`,
        [sessionId, userId, sealer.seal(secret, totpContext(userId)), later(at, enrolmentSeconds)],
      )
      return { secret, otpauthUri: totpUri(secret, user.email) }
    },

    /** Confirms this session's enrolment with a current code; answers the recovery codes once. */
    confirm: async (userId: string, sessionId: string, code: string): Promise<string[]> => {
      const at = now()
      await requireStepUp(db, sessionId, at)
      const reserved = await attempts.reserve([perAccount, userId])
      const [pending] = await db.query<{ secret_sealed: string }>(
        `SELECT secret_sealed FROM totp_enrolments
         WHERE session_id = $1 AND user_id = $2 AND expires_at > $3`,
        [sessionId, userId, at],
      )
      const secret = pending && sealer.open(pending.secret_sealed, totpContext(userId))
      if (!pending || secret === undefined)
        throw fieldError('/code', 'no-enrolment', 'no set-up is pending: start again')
      const step = await matchTotp(secret, code, at)
      if (step === undefined) throw fieldError('/code', 'wrong-code', 'the code is not right')
      const codes = newRecoveryCodes()
      await db.transaction(async (tx) => {
        await requireStepUp(tx, sessionId, at)
        const [created] = await tx.query(
          `INSERT INTO totp_factors (user_id, secret_sealed, confirmed_at, last_time_step)
           VALUES ($1, $2, $3, $4) ON CONFLICT (user_id) DO NOTHING RETURNING 1`,
          [userId, pending.secret_sealed, at, step],
        )
        if (!created)
          throw new Conflict(
            /*i18n*/ {
              id: 'problem.totp.set-up-meanwhile',
              message: 'An authenticator app is already set up.',
            },
          )
        await tx.query('DELETE FROM totp_enrolments WHERE session_id = $1', [sessionId])
        await replaceRecoveryCodes(tx, keys, userId, codes)
        await ctx.afterFactorChange(tx, {
          userId,
          sessionId,
          kind: 'factor-added',
          factor: { kind: 'authenticator-app' },
          at,
        })
      })
      await attempts.release(reserved)
      ctx.jobsQueued()
      return codes
    },

    /** Removes the app and its recovery codes. */
    remove: async (userId: string, sessionId: string): Promise<void> => {
      const at = now()
      await db.transaction(async (tx) => {
        await requireStepUp(tx, sessionId, at)
        const removed = await tx.query('DELETE FROM totp_factors WHERE user_id = $1 RETURNING 1', [
          userId,
        ])
        if (removed.length === 0)
          throw new NotFound(
            /*i18n*/ { id: 'problem.totp.none', message: 'No authenticator app is set up.' },
          )
        await replaceRecoveryCodes(tx, keys, userId, [])
        await ctx.afterFactorChange(tx, {
          userId,
          sessionId,
          kind: 'factor-removed',
          factor: { kind: 'authenticator-app' },
          at,
        })
      })
      ctx.jobsQueued()
    },
  }
}

export type TotpFactor = ReturnType<typeof createTotpFactor>
