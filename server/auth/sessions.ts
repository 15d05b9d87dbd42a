/**
 * Sessions (docs/decisions/082-084): a session is a refresh-token family with the device it
 * started on, its last use, and its step-up. Access tokens name their session (`sid`), and every
 * bearer request looks the session up, so ending one ends its access tokens at the next request.
 */
import Bowser from 'bowser'
import type { components } from '../../openapi/main.gen.ts'
import type { Database, Queryable } from '../db/database.ts'
import { InvalidLinkToken, NotFound, StepUpRequired, UnknownAccount } from '../domain-errors.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { profileOfRow, type Profile, type ProfileRow } from '../users/profile-service.ts'
import {
  factorChangedMessage,
  newSignInMessage,
  passwordChangedMessage,
  type MailRecipient,
  type NamedFactor,
  type SessionFacts,
} from '../mail/templates.ts'
import type { Locale } from '../../domain/locale.ts'
import { passwordWeakness, weakPasswordRefusal } from './password-strength.ts'
import { hashPassword } from './passwords.ts'
import { endVerifyLinks } from './pending-credentials.ts'
import { idleSql, lifetimeSql, refreshLifetimeSeconds, startFamily } from './refresh-tokens.ts'
import { hashToken, newSecretToken } from './secrets.ts'
import { pageUrl } from '../mail/links.ts'

export type SecondFactorChallenge = components['schemas']['SecondFactorChallenge']
export type StepUpRequest = components['schemas']['StepUpRequest']
/** A step-up's proof of the second factor: at most one of these. */
export type StepUpFactorProof = Omit<StepUpRequest, 'password'>
export type SessionView = components['schemas']['Session']

/** Where a session was started from, as the handler read it off the request. */
export interface Device {
  userAgent: string
  ip: string
}

/**
 * What login and step-up ask of the second factors (helper mfa implements it, server/server.ts
 * wires it in as AccountDeps.secondFactor).
 */
export interface SecondFactorGate {
  /** The challenge to finish this login with, or undefined when the account has no factor. */
  challengeFor(userId: string, device: Device): Promise<SecondFactorChallenge | undefined>
  /** Whether the account has a passkey or an authenticator app. */
  hasFactor(userId: string): Promise<boolean>
  /**
   * Whether the proof is right for this account's second factor (limits and replay inside; a
   * right recovery code or passkey answer is used up). A passkey answers the session's step-up
   * options.
   */
  checkStepUpProof(
    userId: string,
    sessionId: string,
    proof: StepUpFactorProof,
    ip: string,
  ): Promise<boolean>
}

export type SecurityNoticeKind =
  'new-sign-in' | 'password-changed' | 'factor-added' | 'factor-removed'

/** How long a step-up lets a session make sensitive changes. */
export const stepUpSeconds = 5 * 60
/** How long the link of a security notice works. */
export const endSessionLinkSeconds = 7 * 24 * 3600
export const userAgentMaxLength = 512

/**
 * Whether session $1 is live at $2, with its account's profile: liveCaller's one query, which every
 * bearer request runs (decision 104); bench:api's least-work reference runs the same text.
 */
export const liveCallerSql = `SELECT f.user_id, f.revoked_at IS NULL AND f.expires_at > $2 AS live,
                u.first_name, u.last_name, u.email, u.phone, u.country, u.locale
         FROM refresh_families f JOIN users u ON u.id = f.user_id WHERE f.id = $1`

const ipMaxLength = 45
const deviceMaxLength = 100

/**
 * The User-Agent header as stored: no control characters (C0, DEL, C1), at most 512 characters.
 * Node gives header bytes as Latin-1 characters, so no surrogate is ever cut in half.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const controlCharacters = /[\u0000-\u001f\u007f-\u009f]+/g

export function cleanUserAgent(header: unknown): string {
  const value = typeof header === 'string' ? header : ''
  return value.replace(controlCharacters, ' ').trim().slice(0, userAgentMaxLength)
}

const knownBrowsers = new Set(
  Object.values(Bowser.BROWSER_MAP).filter((name) => name !== 'Generic'),
)
const knownSystems = new Set(Object.values(Bowser.OS_MAP))

/**
 * 'Chrome on macOS', 'Firefox', 'Unknown browser on Linux' or 'Unknown device'. Only names Bowser
 * knows are used: for an unknown agent it would echo the header's first word, which anybody can
 * set (the label goes into security notices).
 */
export function deviceLabel(userAgent: string): string {
  if (userAgent.trim() === '') return 'Unknown device'
  let browser: string | undefined
  let system: string | undefined
  try {
    const parser = Bowser.getParser(userAgent)
    browser = parser.getBrowserName()
    system = parser.getOSName()
  } catch {
    return 'Unknown device'
  }
  const b = browser && knownBrowsers.has(browser) ? browser : undefined
  const s = system && knownSystems.has(system) ? system : undefined
  const label = b && s ? `${b} on ${s}` : b ? b : s ? `Unknown browser on ${s}` : 'Unknown device'
  return label.slice(0, deviceMaxLength)
}

/** The client's address as stored and listed (the contract's 45 characters: any IPv6 text form). */
export function cleanIp(ip: string): string {
  return ip.slice(0, ipMaxLength)
}

/** Starts a session for a customer whose sign-in is complete: its refresh token and id. */
export async function startSession(
  q: Queryable,
  input: { userId: string; device: Device; now: Date },
): Promise<{ sessionId: string; refreshToken: string; staff: boolean }> {
  const { familyId, token, staff } = await startFamily(
    q,
    input.userId,
    {
      userAgent: cleanUserAgent(input.device.userAgent),
      ip: cleanIp(input.device.ip),
    },
    input.now,
  )
  return { sessionId: familyId, refreshToken: token, staff }
}

/**
 * startSession in one statement when the sign-in brings no news (a first session, or one from a
 * user agent the customer has used before; isNewDevice's rule), so it needs no notice: one round
 * trip instead of a transaction of four (issue 16, docs/decisions/098-api-hot-path.md). Answers
 * undefined, having written nothing, when the device is new: the caller then starts the session
 * and queues the notice in one transaction, as before.
 */
export async function startSessionOnKnownDevice(
  q: Queryable,
  input: { userId: string; device: Device; now: Date },
): Promise<{ sessionId: string; refreshToken: string; staff: boolean } | undefined> {
  const token = newSecretToken()
  const [family] = await q.query<{ id: string; staff: boolean }>(
    `WITH device AS (
       SELECT NOT EXISTS (SELECT 1 FROM refresh_families WHERE user_id = $1)
           OR EXISTS (SELECT 1 FROM refresh_families WHERE user_id = $1 AND user_agent = $4)
           AS known
     ), family AS (
       INSERT INTO refresh_families
         (user_id, created_at, expires_at, idle_seconds, user_agent, ip, last_used_at)
       SELECT u.id, $2, ${lifetimeSql('$2', '$3')}, ${idleSql}, $4, $5, $2
       FROM device, users u WHERE known AND u.id = $1
       RETURNING id, idle_seconds IS NOT NULL AS staff
     ), token AS (
       INSERT INTO refresh_tokens (token_hash, family_id, created_at) SELECT $6, id, $2 FROM family
     )
     SELECT id, staff FROM family`,
    [
      input.userId,
      input.now,
      refreshLifetimeSeconds,
      cleanUserAgent(input.device.userAgent),
      cleanIp(input.device.ip),
      hashToken(token),
    ],
  )
  return family ? { sessionId: family.id, refreshToken: token, staff: family.staff } : undefined
}

/** Throws StepUpRequired (403 STEP_UP_REQUIRED) unless this live session stepped up recently. */
export async function requireStepUp(q: Queryable, sessionId: string, now: Date): Promise<void> {
  const [session] = await q.query<{ step_up_until: Date | null }>(
    'SELECT step_up_until FROM refresh_families WHERE id = $1 AND revoked_at IS NULL',
    [sessionId],
  )
  const until = session?.step_up_until
  if (!until || new Date(until) <= now) throw new StepUpRequired()
}

/** Ends every live session of the customer but one; answers how many ended. */
export async function endOtherSessions(
  q: Queryable,
  userId: string,
  keepSessionId: string,
  now: Date,
  reason: string,
): Promise<number> {
  const ended = await q.query(
    `UPDATE refresh_families SET revoked_at = $3, revoked_reason = $4
     WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL AND expires_at > $3
     RETURNING id`,
    [userId, keepSessionId, now, reason],
  )
  return ended.length
}

/**
 * Ends the account's open login challenges: a second step begun with a password that has since
 * changed cannot be finished (issue 25 finding 4). Called in the change's own transaction.
 */
export async function endLoginChallenges(q: Queryable, userId: string, now: Date): Promise<void> {
  await q.query('UPDATE login_challenges SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
    userId,
    now,
  ])
}

/** Ends one session of the customer; false when it is not theirs or had ended already. */
async function endSession(
  q: Queryable,
  userId: string,
  sessionId: string,
  now: Date,
  reason: string,
): Promise<boolean> {
  const ended = await q.query(
    `UPDATE refresh_families SET revoked_at = $3, revoked_reason = $4
     WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > $3
     RETURNING id`,
    [sessionId, userId, now, reason],
  )
  return ended.length > 0
}

/**
 * Whether a sign-in from this user agent is news to the account: it had sessions before (ended or
 * not), none of them from this user agent. The first sign-in after registration is not news.
 * Call before the new session is started.
 */
export async function isNewDevice(q: Queryable, userId: string, device: Device): Promise<boolean> {
  const [row] = await q.query<{ any_earlier: boolean; same_agent: boolean }>(
    `SELECT count(*) > 0 AS any_earlier, coalesce(bool_or(user_agent = $2), false) AS same_agent
     FROM refresh_families WHERE user_id = $1`,
    [userId, cleanUserAgent(device.userAgent)],
  )
  return (row?.any_earlier ?? false) && !(row?.same_agent ?? false)
}

export interface SessionDeps {
  db: Database
  publicUrl: string
  now: () => Date
  /** Called after a transaction that queued jobs (e-mail) has committed: kicks the job runner. */
  jobsQueued: () => void
}

export function createSessions(deps: SessionDeps) {
  const { db, publicUrl, now, jobsQueued } = deps

  /**
   * Enqueues a security notice about a session in the caller's transaction, with a single-use
   * link (7 days) that ends that session. Call jobsQueued (yours) after the commit.
   */
  async function queueSecurityNotice(
    tx: Queryable,
    input: {
      userId: string
      sessionId: string
      kind: SecurityNoticeKind
      /** For factor notices: what was added or removed. */
      factor?: NamedFactor
      now: Date
    },
  ): Promise<void> {
    const [row] = await tx.query<{ email: string; locale: Locale; user_agent: string; ip: string }>(
      `SELECT u.email, u.locale, f.user_agent, f.ip FROM users u
       JOIN refresh_families f ON f.user_id = u.id
       WHERE u.id = $1 AND f.id = $2`,
      [input.userId, input.sessionId],
    )
    if (!row) throw new Error('security notice for a session that is not the customer’s')
    const token = newSecretToken()
    await tx.query(
      `INSERT INTO email_tokens (token_hash, user_id, purpose, expires_at, family_id)
       VALUES ($1, $2, 'end_session', $3, $4)`,
      [
        hashToken(token),
        input.userId,
        new Date(input.now.getTime() + endSessionLinkSeconds * 1000),
        input.sessionId,
      ],
    )
    const link = pageUrl(publicUrl, row.locale, `/app/end-session/${token}`)
    const resetUrl = pageUrl(publicUrl, row.locale, '/app/forgot-password')
    const facts: SessionFacts = { device: deviceLabel(row.user_agent), ip: row.ip, at: input.now }
    const to: MailRecipient = { address: row.email, locale: row.locale }
    const message =
      input.kind === 'new-sign-in'
        ? newSignInMessage(to, facts, link, resetUrl)
        : input.kind === 'password-changed'
          ? passwordChangedMessage(to, resetUrl, { facts, endSessionUrl: link })
          : factorChangedMessage(
              to,
              input.kind === 'factor-added' ? 'added' : 'removed',
              input.factor,
              facts,
              link,
              resetUrl,
            )
    await enqueueMail(tx, message)
  }

  return {
    queueSecurityNotice,

    /**
     * The bearer check: one primary-key join. The session must be the token's customer's, not
     * ended and not expired; an account that is gone took its sessions with it. It brings the
     * caller's profile along (null when the session is not live), which is all GET
     * /api/users/profile answers: that operation needs no second round trip (issue 16).
     */
    async liveCaller(userId: string, sessionId: string): Promise<Profile | null> {
      const [row] = await db.query<ProfileRow & { user_id: string; live: boolean }>(liveCallerSql, [
        sessionId,
        now(),
      ])
      if (row?.user_id !== userId || !row.live) return null
      return profileOfRow(row)
    },

    /** The customer's live sessions, most recently used first; `current` marks the caller's. */
    async list(userId: string, currentSessionId: string): Promise<SessionView[]> {
      const rows = await db.query<{
        id: string
        user_agent: string
        ip: string
        created_at: Date
        last_used_at: Date
      }>(
        `SELECT id, user_agent, ip, created_at, last_used_at FROM refresh_families
         WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2
         ORDER BY last_used_at DESC, created_at DESC, id LIMIT 1000`,
        [userId, now()],
      )
      return rows.map((r) => ({
        id: r.id,
        device: deviceLabel(r.user_agent),
        userAgent: r.user_agent,
        ip: r.ip,
        createdAt: new Date(r.created_at).toISOString(),
        lastUsedAt: new Date(r.last_used_at).toISOString(),
        current: r.id === currentSessionId,
      }))
    },

    /** Ends the caller's session; ending one that has ended already is no error. */
    async logout(userId: string, sessionId: string): Promise<void> {
      await endSession(db, userId, sessionId, now(), 'logout')
    },

    /** Ends one of the customer's live sessions (their own is a logout), else NotFound. */
    async end(userId: string, sessionId: string, currentSessionId: string): Promise<void> {
      const reason = sessionId === currentSessionId ? 'logout' : 'ended-by-customer'
      if (!(await endSession(db, userId, sessionId, now(), reason)))
        throw new NotFound(
          /*i18n*/ {
            id: 'problem.no-such-session',
            message: 'There is no such session, or it has ended.',
          },
        )
    },

    /** Ends every other session of the customer; needs a step-up. */
    async endOthers(userId: string, sessionId: string): Promise<number> {
      const at = now()
      return db.transaction(async (tx) => {
        await requireStepUp(tx, sessionId, at)
        return endOtherSessions(tx, userId, sessionId, at, 'ended-by-customer')
      })
    },

    /** Lets the session make sensitive changes for the next 5 minutes; answers until when. */
    async markSteppedUp(sessionId: string): Promise<Date> {
      const at = now()
      const until = new Date(at.getTime() + stepUpSeconds * 1000)
      const [row] = await db.query(
        `UPDATE refresh_families SET step_up_until = $2
         WHERE id = $1 AND revoked_at IS NULL AND expires_at > $3 RETURNING id`,
        [sessionId, until, at],
      )
      // The session ended between the bearer check and now: as if the token had failed.
      if (!row) throw new UnknownAccount()
      return until
    },

    /**
     * A new password for a stepped-up session: every other session ends, outstanding reset links
     * stop working, and a notice with a link that ends this session is mailed.
     */
    async changePassword(userId: string, sessionId: string, newPassword: string): Promise<void> {
      const at = now()
      await requireStepUp(db, sessionId, at)
      const [user] = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [
        userId,
      ])
      if (!user) throw new UnknownAccount()
      const weakness = passwordWeakness(newPassword, user.email)
      if (weakness !== undefined) throw weakPasswordRefusal('/newPassword', weakness)
      const passwordHash = await hashPassword(newPassword)
      await db.transaction(async (tx) => {
        await requireStepUp(tx, sessionId, at)
        await tx.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [
          userId,
          passwordHash,
          at,
        ])
        await endOtherSessions(tx, userId, sessionId, at, 'password-change')
        await endLoginChallenges(tx, userId, at)
        // Registrations of the address kept for login answers were made with the old salt.
        await endVerifyLinks(tx, userId, at)
        await tx.query(
          `UPDATE email_tokens SET used_at = $2
           WHERE user_id = $1 AND purpose = 'reset_password' AND used_at IS NULL`,
          [userId, at],
        )
        await queueSecurityNotice(tx, { userId, sessionId, kind: 'password-changed', now: at })
      })
      jobsQueued()
    },

    /** The link of a security notice: ends the session it names (once; 7 days). */
    async endByLink(token: string): Promise<void> {
      const at = now()
      const ended = await db.transaction(async (tx) => {
        const [row] = await tx.query<{ family_id: string }>(
          `UPDATE email_tokens SET used_at = $2
           WHERE token_hash = $1 AND purpose = 'end_session' AND used_at IS NULL AND expires_at > $2
           RETURNING family_id`,
          [hashToken(token), at],
        )
        if (!row) return false
        await tx.query(
          `UPDATE refresh_families SET revoked_at = $2, revoked_reason = 'notice-link'
           WHERE id = $1 AND revoked_at IS NULL`,
          [row.family_id, at],
        )
        return true
      })
      if (!ended) throw new InvalidLinkToken('The link is unknown, used or expired')
    },
  }
}

export type Sessions = ReturnType<typeof createSessions>
