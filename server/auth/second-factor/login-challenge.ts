/**
 * The login's second step (docs/decisions/087, 088): a login whose password was right gets a
 * challenge when the account has a factor, and finishes it with exactly one proof. Every proof is
 * counted before it is checked: 5 per challenge, 10 wrong ones per account in 15 minutes; a right
 * proof is given back. The proof is used up in the transaction that uses up the challenge, so of
 * two requests racing with one proof, one wins.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import type { Queryable } from '../../db/database.ts'
import { InvalidInput, InvalidLoginChallenge, WrongSecondFactor } from '../../domain-errors.ts'
import type { Reservation } from '../../infra/attempt-limits.ts'
import { enqueueMail } from '../../mail/outbox.ts'
import { secondStepFailedMessage } from '../../mail/templates.ts'
import type { Locale } from '../../../domain/locale.ts'
import type { TokenPair } from '../refresh-tokens.ts'
import { hashToken, newSecretToken } from '../secrets.ts'
import { deviceLabel, type SecondFactorGate } from '../sessions.ts'
import {
  challengeSeconds,
  fieldError,
  later,
  type FactorContext,
  type Schemas,
} from './factor-context.ts'
import type { PasskeyFactor } from './passkey-factor.ts'
import { authenticationOptions } from './passkeys.ts'
import { consumeRecoveryCode, recoveryCodesLeft } from './recovery-codes.ts'
import type { TotpFactor } from './totp-factor.ts'
import { pageUrl } from '../../mail/links.ts'

export type SecondFactorProof = Schemas['SecondFactorProof']
type SecondFactorMethod = Schemas['SecondFactorMethod']

/** One 'second step failed' notice per account in this long. */
const noticeBurstSeconds = 15 * 60
const userAgentMax = 512

/** Rolls a proof's transaction back: the proof was wrong. */
class ProofRefused extends Error {}

/**
 * Removes login and WebAuthn challenges and TOTP enrolments an hour after they expired: the
 * recurring job 'sweep.second-factor-challenges' (server/server.ts).
 */
export async function sweepSecondFactorChallenges(q: Queryable, at: Date): Promise<void> {
  const before = new Date(at.getTime() - 3600_000)
  await q.query('DELETE FROM webauthn_challenges WHERE expires_at < $1', [before])
  await q.query('DELETE FROM login_challenges WHERE expires_at < $1', [before])
  await q.query('DELETE FROM totp_enrolments WHERE expires_at < $1', [before])
}

/** The one proof of a second step, or a 400 naming what is missing or one too many. */
function oneProof(proof: SecondFactorProof) {
  const given = (['totpCode', 'recoveryCode', 'passkey'] as const).filter(
    (key) => proof[key] !== undefined,
  )
  if (given.length === 1) return given[0] as 'totpCode' | 'recoveryCode' | 'passkey'
  if (given.length === 0)
    throw fieldError('', 'exactly-one', 'send one of totpCode, recoveryCode and passkey')
  throw new InvalidInput(
    given.slice(1).map((key) => ({
      field: `/${key}`,
      code: 'exactly-one',
      message: `send only one of ${given.join(', ')}`,
    })),
  )
}

export function createLoginChallenges(
  ctx: FactorContext,
  factors: { totp: TotpFactor; passkeys: PasskeyFactor },
) {
  const { db, now, rp, attempts, perChallenge, perAccount, keys } = ctx
  const { totp, passkeys } = factors

  /**
   * Tells the owner that their password was right but the second step failed: at most one notice
   * per account in `noticeBurstSeconds`, however many wrong proofs a burst brings (finding 5).
   */
  async function noticeFailedSecondStep(
    challenge: { user_id: string; user_agent: string; ip: string },
    at: Date,
  ): Promise<void> {
    const queued = await db.transaction(async (tx) => {
      const [owner] = await tx.query<{ email: string; locale: Locale }>(
        `UPDATE users SET second_step_noticed_at = $2
         WHERE id = $1 AND (second_step_noticed_at IS NULL OR second_step_noticed_at <= $3)
         RETURNING email, locale`,
        [challenge.user_id, at, new Date(at.getTime() - noticeBurstSeconds * 1000)],
      )
      if (!owner) return false
      await enqueueMail(
        tx,
        secondStepFailedMessage(
          { address: owner.email, locale: owner.locale },
          { device: deviceLabel(challenge.user_agent), ip: challenge.ip, at },
          pageUrl(ctx.publicUrl, owner.locale, '/app/forgot-password'),
        ),
      )
      return true
    })
    if (queued) ctx.jobsQueued()
  }

  const challengeFor: SecondFactorGate['challengeFor'] = async (userId, device) => {
    // Most accounts have no factor: one query says so (one round trip on a login, issue 16).
    const [found] = await db.query<{ passkey: boolean; totp: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM passkeys WHERE user_id = $1) AS passkey,
              EXISTS (SELECT 1 FROM totp_factors WHERE user_id = $1) AS totp`,
      [userId],
    )
    if (!found?.passkey && !found?.totp) return undefined
    const hasTotp = found.totp
    const stored = found.passkey ? await passkeys.stored(db, userId) : []
    if (stored.length === 0 && !hasTotp) return undefined
    const at = now()
    const methods: SecondFactorMethod[] = []
    if (stored.length > 0) methods.push('passkey')
    if (hasTotp) methods.push('totp')
    if (hasTotp && (await recoveryCodesLeft(db, userId)) > 0) methods.push('recovery-code')
    const options = stored.length > 0 ? await authenticationOptions(rp, stored) : undefined
    const token = `sf_${newSecretToken()}`
    await db.transaction(async (tx) => {
      const [challenge] = await tx.query<{ id: string }>(
        `INSERT INTO login_challenges
           (token_hash, user_id, user_agent, ip, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [
          hashToken(token),
          userId,
          device.userAgent.slice(0, userAgentMax),
          device.ip,
          at,
          later(at, challengeSeconds),
        ],
      )
      if (options && challenge)
        await tx.query(
          `INSERT INTO webauthn_challenges
             (challenge, purpose, user_id, login_challenge_id, created_at, expires_at)
           VALUES ($1, 'authentication', $2, $3, $4, $5)`,
          [options.challenge, userId, challenge.id, at, later(at, challengeSeconds)],
        )
    })
    return { challengeToken: token, methods, ...(options ? { passkeyOptions: options } : {}) }
  }

  return {
    challengeFor,

    /** The login's second step: one proof against a live challenge, then the session starts. */
    loginSecondFactor: async (proof: SecondFactorProof): Promise<TokenPair> => {
      const kind = oneProof(proof)
      const at = now()
      const [challenge] = await db.query<{
        id: string
        user_id: string
        user_agent: string
        ip: string
      }>(
        `SELECT id, user_id, user_agent, ip FROM login_challenges
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`,
        [hashToken(proof.challengeToken), at],
      )
      if (!challenge) throw new InvalidLoginChallenge()
      // Counted before the proof is looked at: parallel guesses cannot outrun the limits.
      const reserved: Reservation[] = await attempts.reserve(
        [perChallenge, challenge.id],
        [perAccount, challenge.user_id],
      )
      try {
        await db.transaction(async (tx) => {
          const [open] = await tx.query(
            `UPDATE login_challenges SET used_at = $2
             WHERE id = $1 AND used_at IS NULL AND expires_at > $2 RETURNING 1`,
            [challenge.id, at],
          )
          if (!open) throw new InvalidLoginChallenge()
          const accepted =
            kind === 'totpCode'
              ? await totp.consume(tx, challenge.user_id, proof.totpCode ?? '', at)
              : kind === 'recoveryCode'
                ? await consumeRecoveryCode(
                    tx,
                    keys,
                    challenge.user_id,
                    proof.recoveryCode ?? '',
                    at,
                  )
                : await passkeys.consume(
                    tx,
                    { userId: challenge.user_id, loginChallengeId: challenge.id },
                    proof.passkey as unknown as AuthenticationResponseJSON,
                    at,
                  )
          // Rolls back the challenge's use too: a wrong proof leaves it open for the next try.
          if (!accepted) throw new ProofRefused()
        })
      } catch (error) {
        if (error instanceof ProofRefused) {
          await noticeFailedSecondStep(challenge, at)
          throw new WrongSecondFactor()
        }
        if (error instanceof InvalidLoginChallenge) await attempts.release(reserved)
        throw error
      }
      await attempts.release(reserved)
      return ctx.finishLogin(challenge.user_id, {
        userAgent: challenge.user_agent,
        ip: challenge.ip,
      })
    },
  }
}
