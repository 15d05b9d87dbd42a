import type { Database } from '../db/database.ts'
import { sourceLocale, type Locale } from '../../domain/locale.ts'
import {
  EmailNotVerified,
  InvalidCredentials,
  InvalidInput,
  InvalidLinkToken,
  InvalidRefreshToken,
  UnknownAccount,
} from '../domain-errors.ts'
import { enqueueMail } from '../mail/outbox.ts'
import {
  alreadyRegisteredMessage,
  choosePasswordMessage,
  passwordChangedMessage,
  verifyEmailMessage,
} from '../mail/templates.ts'
import type { AccessTokens } from './access-tokens.ts'
import { createAttemptLimits, type Limit } from '../infra/attempt-limits.ts'
import { consumeEmailToken, createEmailToken, peekEmailToken } from './email-tokens.ts'
import { passwordWeakness, weakPasswordRefusal } from './password-strength.ts'
import {
  hashPassword,
  hashPasswordLike,
  madeAlike,
  matchPassword,
  verifyPassword,
} from './passwords.ts'
import {
  consumeVerifyLink,
  endVerifyLinks,
  hasOtherPendingRegistration,
  issueVerifyLink,
  pendingPasswordsColumn,
  recordRegistrationAttempt,
  unusablePasswordHash,
} from './pending-credentials.ts'
import { queuePasswordResetRequest, resetLinkSeconds } from './password-reset-requests.ts'
import { revokeAllFamilies, rotateRefreshToken, type TokenPair } from './refresh-tokens.ts'
import type { FinishLogin } from './session-start.ts'
import {
  cleanIp,
  endLoginChallenges,
  type Device,
  type SecondFactorChallenge,
  type SecondFactorGate,
  type Sessions,
  type StepUpRequest,
} from './sessions.ts'
import { pageUrl } from '../mail/links.ts'

const verifyLinkTtl = 24 * 3600

/** How many attempts each window allows (docs/decisions/040 says why these keys and numbers). */
export interface AuthLimits {
  /** Wrong passwords for one account from one IP in 15 minutes: the lockout a customer meets. */
  loginFailuresPerAccountAndIp: number
  /** Wrong passwords from one IP, any account, in 15 minutes (credential stuffing). */
  loginFailuresPerIp: number
  /** Wrong passwords for one account from all IPs in an hour (guessing spread over many IPs). */
  loginFailuresPerAccount: number
  registrationsPerIp: number
  registrationsPerEmail: number
  resetsPerIp: number
  resetsPerEmail: number
}

export const defaultAuthLimits: AuthLimits = {
  loginFailuresPerAccountAndIp: 5,
  loginFailuresPerIp: 100,
  loginFailuresPerAccount: 100,
  registrationsPerIp: 30,
  registrationsPerEmail: 5,
  resetsPerIp: 30,
  resetsPerEmail: 5,
}

export interface AccountDeps {
  db: Database
  tokens: AccessTokens
  publicUrl: string
  now: () => Date
  /** Called after a transaction that queued jobs (e-mail) has committed: kicks the job runner. */
  jobsQueued: () => void
  limits?: AuthLimits
  /** Step-up (server/auth/sessions.ts). */
  sessions: Pick<Sessions, 'markSteppedUp'>
  /** What login and step-up ask of the second factors (server/auth/second-factor/). */
  secondFactor: SecondFactorGate
  /** Starts the session of a complete sign-in (server/auth/session-start.ts). */
  finishLogin: FinishLogin
}

/**
 * Lower-cased: the form in which e-mails are compared and stored as keys. The contract's `Email`
 * schema has already refused anything but a single mailbox, so there is nothing to trim.
 */
export function normalizeEmail(email: string): string {
  return email.toLowerCase()
}

export function createAccountService(deps: AccountDeps) {
  const { db, tokens, publicUrl, now, jobsQueued } = deps
  const limits = deps.limits ?? defaultAuthLimits
  const attempts = createAttemptLimits(db, now)
  const minutes15 = 15 * 60
  const hour = 60 * 60
  const limit = (scope: string, max: number, windowSeconds: number): Limit => ({
    scope,
    max,
    windowSeconds,
  })
  const loginByAccountAndIp = limit(
    'login.account-ip',
    limits.loginFailuresPerAccountAndIp,
    minutes15,
  )
  const loginByIp = limit('login.ip', limits.loginFailuresPerIp, minutes15)
  const loginByAccount = limit('login.account', limits.loginFailuresPerAccount, hour)
  const registerByIp = limit('register.ip', limits.registrationsPerIp, hour)
  const registerByEmail = limit('register.email', limits.registrationsPerEmail, hour)
  const resetByIp = limit('reset.ip', limits.resetsPerIp, hour)
  const resetByEmail = limit('reset.email', limits.resetsPerEmail, hour)

  return {
    async register(
      input: { email: string; password: string; locale?: Locale },
      ip: string,
    ): Promise<void> {
      const email = input.email
      const locale = input.locale ?? sourceLocale
      const key = normalizeEmail(email)
      // The IP's limit is taken first: the strength check costs CPU (tens of ms for a crafted
      // 128-character password), so it is metered like the hash. A weak password does not use up
      // the address's limit (decision 081).
      const [byIp] = await attempts.reserve([registerByIp, ip])
      const weakness = passwordWeakness(input.password, email)
      if (weakness) throw weakPasswordRefusal('/password', weakness)
      try {
        await attempts.reserve([registerByEmail, key])
      } catch (error) {
        // Refused by the address's limit: the IP's attempt was not used, as before.
        if (byIp) await attempts.release([byIp])
        throw error
      }
      // One lookup and one hash for every address. An account's registrations are hashed with
      // its salt, so a login checks its password and all pending ones in one computation (105).
      const [known] = await db.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE email_normalized = $1',
        [key],
      )
      const passwordHash = known
        ? await hashPasswordLike(known.password_hash, input.password)
        : await hashPassword(input.password)
      await db.transaction(async (tx) => {
        const [created] = await tx.query<{ id: string }>(
          `INSERT INTO users (email, email_normalized, password_hash, locale)
           VALUES ($1, $2, $3, $4)
           ON CONFLICT (email_normalized) DO NOTHING RETURNING id`,
          [email, key, passwordHash, locale],
        )
        if (created) {
          const token = await issueVerifyLink(
            tx,
            created.id,
            passwordHash,
            verifyLinkTtl,
            now(),
            locale,
          )
          await enqueueMail(
            tx,
            verifyEmailMessage(
              { address: email, locale },
              pageUrl(publicUrl, locale, `/app/verify-email/${token}`),
            ),
          )
          return
        }
        const [existing] = await tx.query<{
          id: string
          email: string
          verified: boolean
          password_hash: string
          locale: Locale
        }>(
          `SELECT id, email, email_verified_at IS NOT NULL AS verified, password_hash, locale
           FROM users WHERE email_normalized = $1`,
          [key],
        )
        if (!existing) return
        // The account appeared, or its password changed, since the lookup (a race): hash alike.
        const pendingHash = madeAlike(existing.password_hash, passwordHash)
          ? passwordHash
          : await hashPasswordLike(existing.password_hash, input.password)
        if (existing.verified) {
          await recordRegistrationAttempt(tx, existing.id, pendingHash, verifyLinkTtl, now())
          await enqueueMail(
            tx,
            // The owner reads it in the account's language, not the registering page's.
            alreadyRegisteredMessage(
              { address: existing.email, locale: existing.locale },
              pageUrl(publicUrl, existing.locale, '/app/login'),
              pageUrl(publicUrl, existing.locale, '/app/forgot-password'),
            ),
          )
        } else {
          // Nobody confirmed yet: a new link that carries this registration's password. The
          // account's password is not touched; the link followed decides it (decision 080).
          const token = await issueVerifyLink(
            tx,
            existing.id,
            pendingHash,
            verifyLinkTtl,
            now(),
            locale,
          )
          await enqueueMail(
            tx,
            verifyEmailMessage(
              { address: existing.email, locale },
              pageUrl(publicUrl, locale, `/app/verify-email/${token}`),
            ),
          )
        }
      })
      jobsQueued()
    },

    /**
     * Confirms the address. Answers 'password-to-choose' when the address was contested and the
     * account now waits for the password its owner chooses from the e-mail just queued (080).
     */
    async verifyEmail(token: string): Promise<'confirmed' | 'password-to-choose'> {
      const at = now()
      const outcome = await db.transaction(async (tx) => {
        const link = await consumeVerifyLink(tx, token, at)
        if (!link) return 'invalid'
        const [account] = await tx.query<{ email: string; verified: boolean; locale: Locale }>(
          `SELECT email, email_verified_at IS NOT NULL AS verified, locale FROM users
           WHERE id = $1`,
          [link.userId],
        )
        // A link followed on an account already confirmed (by a reset) only confirms again.
        if (!account || account.verified) {
          await endVerifyLinks(tx, link.userId, at)
          return 'confirmed'
        }
        // Another registration still waits for its link: the address is contested, and the owner
        // cannot tell the links apart, so no registration's password is kept. The account gets
        // one nobody knows and the mailbox a link to choose it (decision 080).
        const contested = await hasOtherPendingRegistration(tx, link.userId, at)
        const passwordHash = contested ? await unusablePasswordHash() : link.passwordHash
        // The registration whose link is followed also decides the account's language; a
        // contested address keeps the language it has.
        await tx.query(
          `UPDATE users SET password_hash = COALESCE($3, password_hash), email_verified_at = $2,
             locale = COALESCE($4, locale), updated_at = $2
           WHERE id = $1`,
          [link.userId, at, passwordHash, contested ? null : link.locale],
        )
        // The other registrations' links die with their passwords, and so does any session.
        await endVerifyLinks(tx, link.userId, at)
        await revokeAllFamilies(tx, link.userId, at, 'email-verified')
        if (!contested) return 'confirmed'
        const resetToken = await createEmailToken(
          tx,
          link.userId,
          'reset_password',
          resetLinkSeconds,
          at,
        )
        await enqueueMail(
          tx,
          choosePasswordMessage(
            { address: account.email, locale: account.locale },
            pageUrl(publicUrl, account.locale, `/app/set-new-password/${resetToken}`),
            pageUrl(publicUrl, account.locale, '/app/forgot-password'),
          ),
        )
        return 'mailed'
      })
      if (outcome === 'invalid') throw new InvalidLinkToken('The link is unknown, used or expired')
      if (outcome === 'confirmed') return 'confirmed'
      jobsQueued()
      return 'password-to-choose'
    },

    async login(
      input: { email: string; password: string },
      device: Device,
    ): Promise<TokenPair | SecondFactorChallenge> {
      const ip = device.ip
      const key = normalizeEmail(input.email)
      // Reserved before the password is checked: parallel guesses cannot outrun the count.
      const reserved = await attempts.reserve(
        [loginByAccountAndIp, `${key} ${ip}`],
        [loginByIp, ip],
        [loginByAccount, key],
      )
      // The same work for every class of address (issue 25 findings 1 and 3, decision 105): one
      // query, and one argon2 computation that checks the account's password and every pending
      // registration's at once (they share the account's salt); none of them for no account.
      const [user] = await db.query<{
        id: string
        password_hash: string
        verified: boolean
        pending: string[]
      }>(
        `SELECT u.id, u.password_hash, u.email_verified_at IS NOT NULL AS verified,
                ${pendingPasswordsColumn('u', '$2')} AS pending
         FROM users u WHERE u.email_normalized = $1 AND u.deactivated_at IS NULL`,
        [key, now()],
      )
      const match = await matchPassword(
        user ? [user.password_hash, ...user.pending] : [],
        input.password,
      )
      // A wrong password keeps its reservations: they are the failures the limits count.
      if (!user || match < 0) throw new InvalidCredentials('Wrong e-mail or password')
      // The right password is not a failure: its attempt is given back, and this IP's lockout ends.
      await attempts.settle(reserved.slice(1), [loginByAccountAndIp, `${key} ${ip}`])
      // A pending registration's password, on a confirmed account too: that registration is
      // not confirmed, and the answer is the one a new address gets.
      if (match > 0 || !user.verified)
        throw new EmailNotVerified('The e-mail address is not confirmed yet')
      const challenge = await deps.secondFactor.challengeFor(user.id, device)
      if (challenge) return challenge
      return deps.finishLogin(user.id, device)
    },

    /**
     * Confirms a signed-in customer again before a sensitive change: the password (counted
     * against the login limits exactly as a login is) and, when the account has a second factor,
     * one proof of it (issue 25 finding 2, decision 105). Answers until when the session may make
     * such changes.
     */
    async stepUp(
      userId: string,
      sessionId: string,
      request: StepUpRequest,
      ip: string,
    ): Promise<Date> {
      const proofs = (['totpCode', 'recoveryCode', 'passkey'] as const).filter(
        (key) => request[key] !== undefined,
      )
      if (proofs.length > 1)
        throw new InvalidInput(
          proofs.slice(1).map((key) => ({
            field: `/${key}`,
            code: 'exactly-one',
            message: `send only one of ${proofs.join(', ')}`,
          })),
        )
      const [user] = await db.query<{ email_normalized: string; password_hash: string }>(
        'SELECT email_normalized, password_hash FROM users WHERE id = $1',
        [userId],
      )
      if (!user) throw new UnknownAccount()
      const gate = deps.secondFactor
      const hasFactor = await gate.hasFactor(userId)
      const proof = proofs[0]
      if (hasFactor && proof === undefined)
        throw new InvalidInput([
          {
            field: '',
            code: 'second-factor-required',
            message:
              'this account has a second factor: send the password and one of totpCode, recoveryCode and passkey',
          },
        ])
      if (!hasFactor && proof !== undefined)
        throw new InvalidInput([
          {
            field: `/${proof}`,
            code: 'no-second-factor',
            message: 'this account has no second factor: send the password alone',
          },
        ])
      const key = user.email_normalized
      const reserved = await attempts.reserve(
        [loginByAccountAndIp, `${key} ${ip}`],
        [loginByIp, ip],
        [loginByAccount, key],
      )
      if (!(await verifyPassword(user.password_hash, request.password)))
        throw new InvalidCredentials('The password or code is not right')
      await attempts.settle(reserved.slice(1), [loginByAccountAndIp, `${key} ${ip}`])
      // The factor is asked only once the password is right, so a wrong password uses nothing up.
      if (proof !== undefined) {
        const { password: _password, ...factorProof } = request
        if (!(await gate.checkStepUpProof(userId, sessionId, factorProof, ip)))
          throw new InvalidCredentials('The password or code is not right')
      }
      return deps.sessions.markSteppedUp(sessionId)
    },

    async refresh(refreshToken: string, ip: string): Promise<TokenPair> {
      const result = await rotateRefreshToken(
        db,
        refreshToken,
        now(),
        cleanIp(ip),
        (userId, sessionId, staff) => tokens.issue(userId, sessionId, staff),
      )
      if (result.kind !== 'rotated')
        throw new InvalidRefreshToken(
          result.kind === 'reused'
            ? /*i18n*/ {
                id: 'problem.refresh-token.reused',
                message: 'The refresh token was already used; the session has been ended.',
              }
            : /*i18n*/ {
                id: 'problem.refresh-token.invalid',
                message: 'The refresh token is not valid.',
              },
        )
      return result.pair
    },

    async requestPasswordReset(input: { email: string }, ip: string): Promise<void> {
      const key = normalizeEmail(input.email)
      await attempts.reserve([resetByIp, ip], [resetByEmail, key])
      // The same work for every address: queue the request as a job and answer. Whether an
      // account exists is looked up afterwards, so the answer's timing cannot tell (decision 041).
      await queuePasswordResetRequest(db, key)
      // After the answer has gone out, so its timing holds none of the lookup's work.
      setImmediate(jobsQueued)
    },

    async setNewPassword(input: {
      token: string
      newPassword: string
      confirmNewPassword?: string
    }): Promise<void> {
      if (input.confirmNewPassword !== undefined && input.confirmNewPassword !== input.newPassword)
        throw new InvalidInput([
          { field: '/confirmNewPassword', message: 'must equal newPassword', code: 'mismatch' },
        ])
      // The address is known once the link is: a weak password is refused without using it up,
      // so the customer can choose again from the same link (decision 081).
      const link = await peekEmailToken(db, input.token, 'reset_password', now())
      if (!link) throw new InvalidLinkToken('The link is unknown, used or expired')
      const weakness = passwordWeakness(input.newPassword, link.email)
      if (weakness) throw weakPasswordRefusal('/newPassword', weakness)
      const passwordHash = await hashPassword(input.newPassword)
      const at = now()
      const done = await db.transaction(async (tx) => {
        const userId = await consumeEmailToken(tx, input.token, 'reset_password', at)
        if (!userId) return false
        const [user] = await tx.query<{ email: string; locale: Locale }>(
          `UPDATE users SET password_hash = $2, updated_at = $3,
             email_verified_at = COALESCE(email_verified_at, $3)
           WHERE id = $1 RETURNING email, locale`,
          [userId, passwordHash, at],
        )
        await revokeAllFamilies(tx, userId, at, 'password-reset')
        // A second step begun with the old password cannot be finished any more.
        await endLoginChallenges(tx, userId, at)
        // The account is confirmed now: a registration's pending link must not set its password.
        await endVerifyLinks(tx, userId, at)
        // Other reset links sent before this one must not work any more.
        await tx.query(
          `UPDATE email_tokens SET used_at = $2
           WHERE user_id = $1 AND purpose = 'reset_password' AND used_at IS NULL`,
          [userId, at],
        )
        if (user)
          await enqueueMail(
            tx,
            passwordChangedMessage(
              { address: user.email, locale: user.locale },
              pageUrl(publicUrl, user.locale, '/app/forgot-password'),
            ),
          )
        return true
      })
      if (!done) throw new InvalidLinkToken('The link is unknown, used or expired')
      jobsQueued()
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>
