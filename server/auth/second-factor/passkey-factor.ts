/**
 * The customer's passkeys (WebAuthn, docs/decisions/086): registration against this session's
 * latest options, up to 20 per account, renamed and removed; an assertion checked against the
 * live challenge it answers, with its counter recorded.
 */
import { randomBytes } from 'node:crypto'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import type { Queryable } from '../../db/database.ts'
import { NotFound } from '../../domain-errors.ts'
import { requireStepUp } from '../sessions.ts'
import {
  challengeSeconds,
  fieldError,
  later,
  type FactorContext,
  type Schemas,
} from './factor-context.ts'
import {
  registrationOptions,
  verifyAssertion,
  verifyRegistration,
  type StoredCredential,
} from './passkeys.ts'
import { noSuchAccount, noSuchPasskey } from '../../i18n/common-problems.ts'

export type PasskeyView = Schemas['Passkey']

const maxPasskeys = 20

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

/** Which live WebAuthn challenge an assertion answers: a login challenge's, or a session's step-up. */
export type AssertionOwner =
  { userId: string; loginChallengeId: string } | { userId: string; stepUpSessionId: string }

export function createPasskeyFactor(ctx: FactorContext) {
  const { db, now, rp } = ctx

  async function stored(q: Queryable, userId: string): Promise<StoredCredential[]> {
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

  /**
   * Keeps a WebAuthn challenge for this session and purpose, replacing the one before: only the
   * latest options of a session can be answered (a registration's, or a step-up's), 5 minutes.
   */
  async function keepSessionChallenge(input: {
    purpose: 'registration' | 'step-up'
    challenge: string
    userId: string
    sessionId: string
    at: Date
  }): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM webauthn_challenges WHERE session_id = $1 AND purpose = $2', [
        input.sessionId,
        input.purpose,
      ])
      await tx.query(
        `INSERT INTO webauthn_challenges
           (challenge, purpose, user_id, session_id, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          input.challenge,
          input.purpose,
          input.userId,
          input.sessionId,
          input.at,
          later(input.at, challengeSeconds),
        ],
      )
    })
  }

  return {
    stored,
    keepSessionChallenge,

    list: async (userId: string): Promise<PasskeyView[]> => {
      const rows = await db.query<PasskeyRow>(
        `SELECT id, name, created_at, last_used_at FROM passkeys
         WHERE user_id = $1 ORDER BY created_at, id`,
        [userId],
      )
      return rows.map(passkeyView)
    },

    /**
     * Accepts a passkey's answer to the live WebAuthn challenge that `owner` names and records its
     * counter and the challenge's use.
     */
    consume: async (
      q: Queryable,
      owner: AssertionOwner,
      assertion: AuthenticationResponseJSON,
      at: Date,
    ): Promise<boolean> => {
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
    },

    /** Creation options for a new passkey; the challenge is this session's, 5 minutes. */
    registrationOptions: async (userId: string, sessionId: string) => {
      const at = now()
      await requireStepUp(db, sessionId, at)
      const [user] = await db.query<{ email: string; handle: string }>(
        `UPDATE users SET webauthn_user_handle = COALESCE(webauthn_user_handle, $2)
         WHERE id = $1 RETURNING email, webauthn_user_handle AS handle`,
        [userId, randomBytes(32).toString('base64url')],
      )
      if (!user) throw new NotFound(noSuchAccount)
      const options = await registrationOptions(rp, {
        userHandle: Buffer.from(user.handle, 'base64url'),
        email: user.email,
        existing: await stored(db, userId),
      })
      await keepSessionChallenge({
        purpose: 'registration',
        challenge: options.challenge,
        userId,
        sessionId,
        at,
      })
      return options
    },

    /** Verifies the authenticator's answer to this session's latest options and keeps the key. */
    add: async (
      userId: string,
      sessionId: string,
      input: { name?: string; credential: Schemas['PasskeyAttestation'] },
    ): Promise<PasskeyView> => {
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
        await ctx.afterFactorChange(tx, {
          userId,
          sessionId,
          kind: 'factor-added',
          factor: { kind: 'passkey', name },
          at,
        })
        return added
      })
      ctx.jobsQueued()
      return passkeyView(row)
    },

    rename: async (userId: string, passkeyId: string, name: string): Promise<PasskeyView> => {
      const [row] = await db.query<PasskeyRow>(
        `UPDATE passkeys SET name = $3 WHERE id = $1 AND user_id = $2
         RETURNING id, name, created_at, last_used_at`,
        [passkeyId, userId, name.trim()],
      )
      if (!row) throw new NotFound(noSuchPasskey)
      return passkeyView(row)
    },

    remove: async (userId: string, sessionId: string, passkeyId: string): Promise<void> => {
      const at = now()
      await db.transaction(async (tx) => {
        await requireStepUp(tx, sessionId, at)
        const [removed] = await tx.query<{ name: string }>(
          'DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING name',
          [passkeyId, userId],
        )
        if (!removed) throw new NotFound(noSuchPasskey)
        await ctx.afterFactorChange(tx, {
          userId,
          sessionId,
          kind: 'factor-removed',
          factor: { kind: 'passkey', name: removed.name },
          at,
        })
      })
      ctx.jobsQueued()
    },
  }
}

export type PasskeyFactor = ReturnType<typeof createPasskeyFactor>
