/**
 * Second factors: the customer's passkeys and authenticator app (with its recovery codes), the
 * login's second step, and the changes to them (docs/decisions/085-087).
 *
 * - The gate (`challengeFor`) answers a login whose password was right with a challenge when the
 *   account has a factor; `loginSecondFactor` finishes it with exactly one proof.
 * - Every proof is counted before it is checked (server/auth/attempt-limits.ts): 5 per challenge,
 *   10 wrong ones per account in 15 minutes. A right proof is given back.
 * - A proof is consumed in the same transaction that uses up the challenge: a TOTP code's step, a
 *   recovery code, a passkey's counter. Two requests racing with one proof: one wins.
 * - Every change of a factor needs a step-up first, and in its transaction ends the other sessions
 *   and queues the security notice.
 */
import { randomBytes } from 'node:crypto'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import type { Database, Queryable } from '../../db/database.ts'
import {
  Conflict,
  InvalidInput,
  InvalidLoginChallenge,
  NotFound,
  WrongSecondFactor,
} from '../../domain-errors.ts'
import type { components } from '../../../openapi/main.gen.ts'
import { createAttemptLimits, type Limit, type Reservation } from '../../infra/attempt-limits.ts'
import type { TokenPair } from '../refresh-tokens.ts'
import { hashToken, newSecretToken } from '../secrets.ts'
import {
  authenticationOptions,
  registrationOptions,
  relyingPartyOf,
  verifyAssertion,
  verifyRegistration,
  type StoredCredential,
} from './passkeys.ts'
import type { FactorKeys } from './factor-keys.ts'
import {
  hashRecoveryCode,
  newRecoveryCodes,
  normalizeRecoveryCode,
  recoveryCodeCandidates,
} from './recovery-codes.ts'
import type { Sealer } from './sealing.ts'
import { enqueueMail } from '../../mail/outbox.ts'
import { secondStepFailedMessage } from '../../mail/templates.ts'
import {
  deviceLabel,
  endOtherSessions,
  requireStepUp,
  type Device,
  type SecondFactorGate,
  type Sessions,
} from '../sessions.ts'
import { matchTotp, newTotpSecret, totpUri } from './totp.ts'

type Schemas = components['schemas']
export type SecondFactorProof = Schemas['SecondFactorProof']
type SecondFactorMethod = Schemas['SecondFactorMethod']
export type PasskeyView = Schemas['Passkey']
export type SecurityOverview = Schemas['SecurityOverview']

export type NoticeKind = 'factor-added' | 'factor-removed'

export interface SecondFactorLimits {
  /** Proofs tried against one login challenge (its whole 5-minute life). */
  proofsPerChallenge: number
  /** Wrong codes and passkeys for one account in 15 minutes, whatever the challenge. */
  failuresPerAccount: number
  /** Wrong step-up codes for one account from one IP in 15 minutes. */
  stepUpFailuresPerAccountAndIp: number
}
export const defaultSecondFactorLimits: SecondFactorLimits = {
  proofsPerChallenge: 5,
  failuresPerAccount: 10,
  stepUpFailuresPerAccountAndIp: 5,
}

export interface SecondFactorDeps {
  db: Database
  now: () => Date
  publicUrl: string
  sealer: Sealer
  /** The second factors' own key: recovery codes are stored keyed under it. */
  keys: FactorKeys
  /** The security notices (server/auth/sessions.ts). */
  sessions: Pick<Sessions, 'queueSecurityNotice'>
  /** Starts the session after a right proof (accounts.finishLogin). */
  finishLogin(userId: string, device: Device): Promise<TokenPair>
  /** Called after a transaction that wrote e-mail has committed. */
  mailQueued(): void
  limits?: SecondFactorLimits
}

const challengeSeconds = 5 * 60
/** One 'second step failed' notice per account in this long. */
const noticeBurstSeconds = 15 * 60
const enrolmentSeconds = 10 * 60
const maxPasskeys = 20
const userAgentMax = 512

/** Rolls a proof's transaction back: the proof was wrong. */
class ProofRefused extends Error {}

const fieldError = (field: string, code: string, message: string) =>
  new InvalidInput([{ field, code, message }])

type PasskeyRow = {
  id: string
  name: string
  created_at: Date
  last_used_at: Date | null
}

const passkeyView = (row: PasskeyRow): PasskeyView => ({
  id: row.id,
  name: row.name,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
})

export function createSecondFactors(deps: SecondFactorDeps) {
  const { db, now, sealer, keys, sessions } = deps
  const rp = relyingPartyOf(deps.publicUrl)
  const limits = deps.limits ?? defaultSecondFactorLimits
  const attempts = createAttemptLimits(db, now)
  const perChallenge: Limit = {
    scope: 'second-factor.challenge',
    max: limits.proofsPerChallenge,
    windowSeconds: challengeSeconds,
  }
  const perAccount: Limit = {
    scope: 'second-factor.account',
    max: limits.failuresPerAccount,
    windowSeconds: 15 * 60,
  }
  /** The step-up's rule in the contract: 5 wrong answers for one account from one IP. */
  const stepUpPerAccountAndIp: Limit = {
    scope: 'second-factor.step-up',
    max: limits.stepUpFailuresPerAccountAndIp,
    windowSeconds: 15 * 60,
  }
  const totpContext = (userId: string) => `totp:${userId}`
  const later = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000)

  let lastSweep = 0
  /** Expired challenges and enrolments go now and then (whoever starts a login or enrolment). */
  async function sweep(at: Date): Promise<void> {
    if (at.getTime() - lastSweep < 10 * 60_000) return
    lastSweep = at.getTime()
    const before = new Date(at.getTime() - 3600_000)
    await db.query('DELETE FROM webauthn_challenges WHERE expires_at < $1', [before])
    await db.query('DELETE FROM login_challenges WHERE expires_at < $1', [before])
    await db.query('DELETE FROM totp_enrolments WHERE expires_at < $1', [before])
  }

  async function storedPasskeys(q: Queryable, userId: string): Promise<StoredCredential[]> {
    const rows = await q.query<{
      credential_id: string
      public_key: string
      counter: string
      transports: string[]
    }>(
      `SELECT credential_id, public_key, counter::text AS counter, transports
       FROM passkeys WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    )
    return rows.map((r) => ({
      credentialId: r.credential_id,
      publicKey: r.public_key,
      counter: Number(r.counter),
      transports: r.transports,
    }))
  }

  async function hasTotp(q: Queryable, userId: string): Promise<boolean> {
    return (await q.query('SELECT 1 FROM totp_factors WHERE user_id = $1', [userId])).length > 0
  }

  async function recoveryCodesLeft(q: Queryable, userId: string): Promise<number> {
    const [row] = await q.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL',
      [userId],
    )
    return row?.n ?? 0
  }

  /**
   * Accepts a TOTP code of the account's app and records its step, so neither it nor an older one
   * works again; false when it is wrong, replayed, or the account has no app.
   */
  async function consumeTotp(q: Queryable, userId: string, code: string, at: Date) {
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
  }

  async function consumeRecoveryCode(q: Queryable, userId: string, code: string, at: Date) {
    const normalized = normalizeRecoveryCode(code)
    if (normalized === undefined) return false
    const used = await q.query(
      `UPDATE recovery_codes SET used_at = $3
       WHERE user_id = $1 AND code_hash = ANY($2::text[]) AND used_at IS NULL RETURNING 1`,
      [userId, recoveryCodeCandidates(keys, userId, normalized), at],
    )
    return used.length > 0
  }

  /**
   * Accepts a passkey's answer to the live WebAuthn challenge that `owner` names (a login
   * challenge's, or a session's step-up) and records its counter and the challenge's use.
   */
  async function consumePasskey(
    q: Queryable,
    owner:
      { userId: string; loginChallengeId: string } | { userId: string; stepUpSessionId: string },
    assertion: AuthenticationResponseJSON,
    at: Date,
  ): Promise<boolean> {
    const [expected] = await q.query<{ challenge: string }>(
      'loginChallengeId' in owner
        ? `SELECT challenge FROM webauthn_challenges
           WHERE login_challenge_id = $1 AND purpose = 'authentication' AND used_at IS NULL
             AND expires_at > $2`
        : `SELECT challenge FROM webauthn_challenges
           WHERE session_id = $1 AND purpose = 'step-up' AND used_at IS NULL AND expires_at > $2`,
      ['loginChallengeId' in owner ? owner.loginChallengeId : owner.stepUpSessionId, at],
    )
    if (!expected) return false
    const [row] = await q.query<{
      id: string
      public_key: string
      counter: string
      transports: string[]
      handle: string | null
    }>(
      `SELECT p.id, p.public_key, p.counter::text AS counter, p.transports,
              u.webauthn_user_handle AS handle
       FROM passkeys p JOIN users u ON u.id = p.user_id
       WHERE p.user_id = $1 AND p.credential_id = $2 FOR UPDATE OF p`,
      [owner.userId, assertion.id],
    )
    if (!row) return false
    // A discoverable passkey names its account: it must be this one.
    const handle = assertion.response.userHandle
    if (handle !== undefined && handle !== row.handle) return false
    const counter = await verifyAssertion(rp, assertion, expected.challenge, {
      credentialId: assertion.id,
      publicKey: row.public_key,
      counter: Number(row.counter),
      transports: row.transports,
    })
    if (counter === undefined) return false
    await q.query('UPDATE passkeys SET counter = $2, last_used_at = $3 WHERE id = $1', [
      row.id,
      counter,
      at,
    ])
    await q.query('UPDATE webauthn_challenges SET used_at = $2 WHERE challenge = $1', [
      expected.challenge,
      at,
    ])
    return true
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

  /** A change of factors: the step-up was checked; end the others and queue the notice. */
  async function afterFactorChange(
    tx: Queryable,
    input: { userId: string; sessionId: string; kind: NoticeKind; what: string; at: Date },
  ): Promise<void> {
    await endOtherSessions(tx, input.userId, input.sessionId, input.at, 'factor-change')
    await sessions.queueSecurityNotice(tx, {
      userId: input.userId,
      sessionId: input.sessionId,
      kind: input.kind,
      what: input.what,
      now: input.at,
    })
  }

  /**
   * Tells the owner that their password was right but the second step failed: at most one notice
   * per account in `noticeBurstSeconds`, however many wrong proofs a burst brings (finding 5).
   */
  async function noticeFailedSecondStep(
    challenge: { user_id: string; user_agent: string; ip: string },
    at: Date,
  ): Promise<void> {
    const queued = await db.transaction(async (tx) => {
      const [owner] = await tx.query<{ email: string }>(
        `UPDATE users SET second_step_noticed_at = $2
         WHERE id = $1 AND (second_step_noticed_at IS NULL OR second_step_noticed_at <= $3)
         RETURNING email`,
        [challenge.user_id, at, new Date(at.getTime() - noticeBurstSeconds * 1000)],
      )
      if (!owner) return false
      await enqueueMail(
        tx,
        secondStepFailedMessage(
          owner.email,
          { device: deviceLabel(challenge.user_agent), ip: challenge.ip, at },
          `${deps.publicUrl}/app/forgot-password`,
        ),
      )
      return true
    })
    if (queued) deps.mailQueued()
  }

  const gate: SecondFactorGate = {
    async challengeFor(userId, device) {
      // Most accounts have no factor: one query says so (one round trip on a login, issue 16).
      const [factors] = await db.query<{ passkey: boolean; totp: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM passkeys WHERE user_id = $1) AS passkey,
                EXISTS (SELECT 1 FROM totp_factors WHERE user_id = $1) AS totp`,
        [userId],
      )
      if (!factors?.passkey && !factors?.totp) return undefined
      const totp = factors.totp
      const passkeys = factors.passkey ? await storedPasskeys(db, userId) : []
      if (passkeys.length === 0 && !totp) return undefined
      const at = now()
      void sweep(at).catch(() => undefined)
      const methods: SecondFactorMethod[] = []
      if (passkeys.length > 0) methods.push('passkey')
      if (totp) methods.push('totp')
      if (totp && (await recoveryCodesLeft(db, userId)) > 0) methods.push('recovery-code')
      const options = passkeys.length > 0 ? await authenticationOptions(rp, passkeys) : undefined
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
    },

    async hasFactor(userId) {
      const [row] = await db.query<{ any: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM passkeys WHERE user_id = $1)
             OR EXISTS (SELECT 1 FROM totp_factors WHERE user_id = $1) AS any`,
        [userId],
      )
      return row?.any ?? false
    },

    async checkStepUpProof(userId, sessionId, proof, ip) {
      const reserved = await attempts.reserve(
        [stepUpPerAccountAndIp, `${userId} ${ip}`],
        [perAccount, userId],
      )
      const at = now()
      const ok = await db.transaction((tx) =>
        proof.totpCode !== undefined
          ? consumeTotp(tx, userId, proof.totpCode, at)
          : proof.recoveryCode !== undefined
            ? consumeRecoveryCode(tx, userId, proof.recoveryCode, at)
            : proof.passkey !== undefined
              ? consumePasskey(
                  tx,
                  { userId, stepUpSessionId: sessionId },
                  proof.passkey as unknown as AuthenticationResponseJSON,
                  at,
                )
              : Promise.resolve(false),
      )
      if (ok) await attempts.release(reserved)
      return ok
    },
  }

  return {
    gate,

    /** The login's second step: one proof against a live challenge, then the session starts. */
    async loginSecondFactor(proof: SecondFactorProof): Promise<TokenPair> {
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
              ? await consumeTotp(tx, challenge.user_id, proof.totpCode ?? '', at)
              : kind === 'recoveryCode'
                ? await consumeRecoveryCode(tx, challenge.user_id, proof.recoveryCode ?? '', at)
                : await consumePasskey(
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
      return deps.finishLogin(challenge.user_id, {
        userAgent: challenge.user_agent,
        ip: challenge.ip,
      })
    },

    async overview(userId: string, sessionId: string): Promise<SecurityOverview> {
      const at = now()
      const [passkeys, totp, left, until] = await Promise.all([
        db.query<PasskeyRow>(
          `SELECT id, name, created_at, last_used_at FROM passkeys
           WHERE user_id = $1 ORDER BY created_at, id`,
          [userId],
        ),
        hasTotp(db, userId),
        recoveryCodesLeft(db, userId),
        // The step-up migration 006 keeps on the session (server/auth/sessions.ts sets it).
        db.query<{ step_up_until: Date | null }>(
          'SELECT step_up_until FROM refresh_families WHERE id = $1 AND revoked_at IS NULL',
          [sessionId],
        ),
      ])
      const stepUp = until[0]?.step_up_until ? new Date(until[0].step_up_until) : undefined
      return {
        passkeys: passkeys.map(passkeyView),
        totp,
        recoveryCodesLeft: left,
        stepUpUntil: stepUp && stepUp > at ? stepUp.toISOString() : null,
      }
    },

    /** Request options for a step-up with a passkey: bound to this session, 5 minutes. */
    async stepUpPasskeyOptions(userId: string, sessionId: string) {
      const at = now()
      const passkeys = await storedPasskeys(db, userId)
      if (passkeys.length === 0) throw new NotFound('This account has no passkey.')
      const options = await authenticationOptions(rp, passkeys)
      // Only the latest options of a session can be answered.
      await db.transaction(async (tx) => {
        await tx.query(
          `DELETE FROM webauthn_challenges WHERE session_id = $1 AND purpose = 'step-up'`,
          [sessionId],
        )
        await tx.query(
          `INSERT INTO webauthn_challenges
             (challenge, purpose, user_id, session_id, created_at, expires_at)
           VALUES ($1, 'step-up', $2, $3, $4, $5)`,
          [options.challenge, userId, sessionId, at, later(at, challengeSeconds)],
        )
      })
      return options
    },

    /** Creation options for a new passkey; the challenge is this session's, 5 minutes. */
    async passkeyRegistrationOptions(userId: string, sessionId: string) {
      const at = now()
      await requireStepUp(db, sessionId, at)
      const [user] = await db.query<{ email: string; handle: string }>(
        `UPDATE users SET webauthn_user_handle = COALESCE(webauthn_user_handle, $2)
         WHERE id = $1 RETURNING email, webauthn_user_handle AS handle`,
        [userId, randomBytes(32).toString('base64url')],
      )
      if (!user) throw new NotFound('No such account.')
      const options = await registrationOptions(rp, {
        userHandle: Buffer.from(user.handle, 'base64url'),
        email: user.email,
        existing: await storedPasskeys(db, userId),
      })
      // Only the latest options of a session can be answered.
      await db.transaction(async (tx) => {
        await tx.query(
          `DELETE FROM webauthn_challenges WHERE session_id = $1 AND purpose = 'registration'`,
          [sessionId],
        )
        await tx.query(
          `INSERT INTO webauthn_challenges
             (challenge, purpose, user_id, session_id, created_at, expires_at)
           VALUES ($1, 'registration', $2, $3, $4, $5)`,
          [options.challenge, userId, sessionId, at, later(at, challengeSeconds)],
        )
      })
      return options
    },

    /** Verifies the authenticator's answer to this session's latest options and keeps the key. */
    async addPasskey(
      userId: string,
      sessionId: string,
      input: { name?: string; credential: Schemas['PasskeyAttestation'] },
    ): Promise<PasskeyView> {
      const at = now()
      await requireStepUp(db, sessionId, at)
      const refused = (message: string, code = 'passkey-refused') =>
        fieldError('/credential', code, message)
      // One use, whatever the answer: a refused one needs new options.
      const [pending] = await db.query<{ challenge: string }>(
        `UPDATE webauthn_challenges SET used_at = $2
         WHERE session_id = $1 AND purpose = 'registration' AND used_at IS NULL
           AND expires_at > $2 RETURNING challenge`,
        [sessionId, at],
      )
      if (!pending) throw refused('no registration options are pending: ask for new ones')
      const credential = await verifyRegistration(
        rp,
        input.credential as unknown as RegistrationResponseJSON,
        pending.challenge,
      )
      if (!credential) throw refused('the passkey could not be verified')
      const name = input.name?.trim() || `Passkey ${at.toISOString().slice(0, 10)}`
      const row = await db.transaction(async (tx) => {
        await requireStepUp(tx, sessionId, at)
        const [count] = await tx.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM passkeys WHERE user_id = $1',
          [userId],
        )
        if ((count?.n ?? 0) >= maxPasskeys)
          throw refused(`an account holds at most ${maxPasskeys} passkeys`, 'too-many-passkeys')
        const [added] = await tx.query<PasskeyRow>(
          `INSERT INTO passkeys
             (user_id, credential_id, public_key, counter, transports, name, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (credential_id) DO NOTHING
           RETURNING id, name, created_at, last_used_at`,
          [
            userId,
            credential.credentialId,
            credential.publicKey,
            credential.counter,
            credential.transports,
            name,
            at,
          ],
        )
        if (!added) throw refused('this passkey is already registered')
        await afterFactorChange(tx, {
          userId,
          sessionId,
          kind: 'factor-added',
          what: `the passkey "${name}"`,
          at,
        })
        return added
      })
      deps.mailQueued()
      return passkeyView(row)
    },

    async renamePasskey(userId: string, passkeyId: string, name: string): Promise<PasskeyView> {
      const [row] = await db.query<PasskeyRow>(
        `UPDATE passkeys SET name = $3 WHERE id = $1 AND user_id = $2
         RETURNING id, name, created_at, last_used_at`,
        [passkeyId, userId, name.trim()],
      )
      if (!row) throw new NotFound('No such passkey.')
      return passkeyView(row)
    },

    async removePasskey(userId: string, sessionId: string, passkeyId: string): Promise<void> {
      const at = now()
      await db.transaction(async (tx) => {
        await requireStepUp(tx, sessionId, at)
        const [removed] = await tx.query<{ name: string }>(
          'DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING name',
          [passkeyId, userId],
        )
        if (!removed) throw new NotFound('No such passkey.')
        await afterFactorChange(tx, {
          userId,
          sessionId,
          kind: 'factor-removed',
          what: `the passkey "${removed.name}"`,
          at,
        })
      })
      deps.mailQueued()
    },

    /** A new secret for this session to confirm within 10 minutes. */
    async startTotpEnrolment(userId: string, sessionId: string) {
      const at = now()
      await requireStepUp(db, sessionId, at)
      if (await hasTotp(db, userId))
        throw new Conflict('An authenticator app is already set up; remove it first.')
      const [user] = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
        userId,
      ])
      if (!user) throw new NotFound('No such account.')
      void sweep(at).catch(() => undefined)
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
    async confirmTotp(userId: string, sessionId: string, code: string): Promise<string[]> {
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
        if (!created) throw new Conflict('An authenticator app is already set up.')
        await tx.query('DELETE FROM totp_enrolments WHERE session_id = $1', [sessionId])
        await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId])
        for (const recoveryCode of codes)
          await tx.query('INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)', [
            userId,
            hashRecoveryCode(keys, userId, normalizeRecoveryCode(recoveryCode) ?? ''),
          ])
        await afterFactorChange(tx, {
          userId,
          sessionId,
          kind: 'factor-added',
          what: 'an authenticator app',
          at,
        })
      })
      await attempts.release(reserved)
      deps.mailQueued()
      return codes
    },

    /** Removes the app and its recovery codes. */
    async removeTotp(userId: string, sessionId: string): Promise<void> {
      const at = now()
      await db.transaction(async (tx) => {
        await requireStepUp(tx, sessionId, at)
        const removed = await tx.query('DELETE FROM totp_factors WHERE user_id = $1 RETURNING 1', [
          userId,
        ])
        if (removed.length === 0) throw new NotFound('No authenticator app is set up.')
        await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId])
        await afterFactorChange(tx, {
          userId,
          sessionId,
          kind: 'factor-removed',
          what: 'an authenticator app',
          at,
        })
      })
      deps.mailQueued()
    },
  }
}

export type SecondFactors = ReturnType<typeof createSecondFactors>
