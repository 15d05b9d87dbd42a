import type { Database } from '../db/database.ts'
import {
  EmailNotVerified,
  InvalidCredentials,
  InvalidInput,
  InvalidLinkToken,
  InvalidRefreshToken,
  TooManyAttempts,
} from '../domain-errors.ts'
import { enqueueMail } from '../mail/outbox.ts'
import {
  alreadyRegisteredMessage,
  passwordChangedMessage,
  resetPasswordMessage,
  verifyEmailMessage,
} from '../mail/templates.ts'
import type { AccessTokens } from './access-tokens.ts'
import { AttemptLimiter } from './attempt-limiter.ts'
import { consumeEmailToken, createEmailToken } from './email-tokens.ts'
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts'
import {
  revokeAllFamilies,
  rotateRefreshToken,
  startFamily,
  type TokenPair,
} from './refresh-tokens.ts'

const verifyLinkTtl = 24 * 3600
const resetLinkTtl = 3600

export interface AuthLimits {
  loginFailuresPerAccount: number
  loginFailuresPerIp: number
  registrationsPerIp: number
  registrationsPerEmail: number
  resetsPerIp: number
  resetsPerEmail: number
}

export const defaultAuthLimits: AuthLimits = {
  loginFailuresPerAccount: 5,
  loginFailuresPerIp: 100,
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
  /** Called after a transaction that wrote e-mail has committed. */
  mailQueued: () => void
  limits?: AuthLimits
}

/** Trimmed and lower-cased: the form in which e-mails are compared and stored as keys. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

function checkEmail(email: string): string {
  const trimmed = email.trim()
  if (!trimmed.includes('@') || trimmed.length < 3)
    throw new InvalidInput([{ field: '/email', message: 'must be an email', code: 'pattern' }])
  return trimmed
}

export function createAccountService(deps: AccountDeps) {
  const { db, tokens, publicUrl, now, mailQueued } = deps
  const limits = deps.limits ?? defaultAuthLimits
  const minutes15 = 15 * 60_000
  const hour = 60 * 60_000
  const loginByAccount = new AttemptLimiter(limits.loginFailuresPerAccount, minutes15)
  const loginByIp = new AttemptLimiter(limits.loginFailuresPerIp, minutes15)
  const registerByIp = new AttemptLimiter(limits.registrationsPerIp, hour)
  const registerByEmail = new AttemptLimiter(limits.registrationsPerEmail, hour)
  const resetByIp = new AttemptLimiter(limits.resetsPerIp, hour)
  const resetByEmail = new AttemptLimiter(limits.resetsPerEmail, hour)

  function throttle(...checks: [AttemptLimiter, string][]): void {
    const wait = Math.max(...checks.map(([limiter, key]) => limiter.retryAfter(key)))
    if (wait > 0) throw new TooManyAttempts(wait)
  }

  return {
    async register(input: { email: string; password: string }, ip: string): Promise<void> {
      const email = checkEmail(input.email)
      const key = normalizeEmail(email)
      throttle([registerByIp, ip], [registerByEmail, key])
      registerByIp.record(ip)
      registerByEmail.record(key)
      // Hash before looking the e-mail up, so both answers take the same time.
      const passwordHash = await hashPassword(input.password)
      await db.transaction(async (tx) => {
        const [created] = await tx.query<{ id: string }>(
          `INSERT INTO users (email, email_normalized, password_hash) VALUES ($1, $2, $3)
           ON CONFLICT (email_normalized) DO NOTHING RETURNING id`,
          [email, key, passwordHash],
        )
        if (created) {
          const token = await createEmailToken(tx, created.id, 'verify_email', verifyLinkTtl, now())
          await enqueueMail(tx, verifyEmailMessage(email, `${publicUrl}/app/verify-email/${token}`))
          return
        }
        const [existing] = await tx.query<{ id: string; email: string; verified: boolean }>(
          `SELECT id, email, email_verified_at IS NOT NULL AS verified
           FROM users WHERE email_normalized = $1`,
          [key],
        )
        if (!existing) return
        if (existing.verified) {
          await enqueueMail(
            tx,
            alreadyRegisteredMessage(
              existing.email,
              `${publicUrl}/app/login`,
              `${publicUrl}/app/forgot-password`,
            ),
          )
        } else {
          // The owner never confirmed: a fresh link is what they most likely need.
          const token = await createEmailToken(
            tx,
            existing.id,
            'verify_email',
            verifyLinkTtl,
            now(),
          )
          await enqueueMail(
            tx,
            verifyEmailMessage(existing.email, `${publicUrl}/app/verify-email/${token}`),
          )
        }
      })
      mailQueued()
    },

    async verifyEmail(token: string): Promise<void> {
      const at = now()
      const confirmed = await db.transaction(async (tx) => {
        const userId = await consumeEmailToken(tx, token, 'verify_email', at)
        if (!userId) return false
        await tx.query(
          'UPDATE users SET email_verified_at = COALESCE(email_verified_at, $2) WHERE id = $1',
          [userId, at],
        )
        return true
      })
      if (!confirmed) throw new InvalidLinkToken('The link is unknown, used or expired')
    },

    async login(input: { email: string; password: string }, ip: string): Promise<TokenPair> {
      const key = normalizeEmail(input.email)
      throttle([loginByAccount, key], [loginByIp, ip])
      const [user] = await db.query<{ id: string; password_hash: string; verified: boolean }>(
        `SELECT id, password_hash, email_verified_at IS NOT NULL AS verified
         FROM users WHERE email_normalized = $1`,
        [key],
      )
      const ok = user
        ? await verifyPassword(user.password_hash, input.password)
        : (await burnPasswordCheck(input.password), false)
      if (!user || !ok) {
        loginByAccount.record(key)
        loginByIp.record(ip)
        throw new InvalidCredentials('Wrong e-mail or password')
      }
      if (!user.verified) throw new EmailNotVerified('The e-mail address is not confirmed yet')
      loginByAccount.reset(key)
      const at = now()
      const refreshToken = await startFamily(db, user.id, at)
      return { accessToken: await tokens.issue(user.id), refreshToken }
    },

    async refresh(refreshToken: string): Promise<TokenPair> {
      const result = await rotateRefreshToken(db, refreshToken, now(), (userId) =>
        tokens.issue(userId),
      )
      if (result.kind !== 'rotated')
        throw new InvalidRefreshToken(
          result.kind === 'reused'
            ? 'The refresh token was already used; the session has been ended'
            : 'The refresh token is not valid',
        )
      return result.pair
    },

    async requestPasswordReset(input: { email: string }, ip: string): Promise<void> {
      const email = checkEmail(input.email)
      const key = normalizeEmail(email)
      throttle([resetByIp, ip], [resetByEmail, key])
      resetByIp.record(ip)
      resetByEmail.record(key)
      const sent = await db.transaction(async (tx) => {
        const [user] = await tx.query<{ id: string; email: string }>(
          'SELECT id, email FROM users WHERE email_normalized = $1',
          [key],
        )
        if (!user) return false
        const token = await createEmailToken(tx, user.id, 'reset_password', resetLinkTtl, now())
        await enqueueMail(
          tx,
          resetPasswordMessage(user.email, `${publicUrl}/app/set-new-password/${token}`),
        )
        return true
      })
      if (sent) mailQueued()
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
      const passwordHash = await hashPassword(input.newPassword)
      const at = now()
      const done = await db.transaction(async (tx) => {
        const userId = await consumeEmailToken(tx, input.token, 'reset_password', at)
        if (!userId) return false
        const [user] = await tx.query<{ email: string }>(
          `UPDATE users SET password_hash = $2, updated_at = $3,
             email_verified_at = COALESCE(email_verified_at, $3)
           WHERE id = $1 RETURNING email`,
          [userId, passwordHash, at],
        )
        await revokeAllFamilies(tx, userId, at, 'password-reset')
        // Other reset links sent before this one must not work any more.
        await tx.query(
          `UPDATE email_tokens SET used_at = $2
           WHERE user_id = $1 AND purpose = 'reset_password' AND used_at IS NULL`,
          [userId, at],
        )
        if (user)
          await enqueueMail(
            tx,
            passwordChangedMessage(user.email, `${publicUrl}/app/forgot-password`),
          )
        return true
      })
      if (!done) throw new InvalidLinkToken('The link is unknown, used or expired')
      mailQueued()
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>
