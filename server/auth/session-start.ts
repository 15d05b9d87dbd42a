/**
 * The end of a sign-in, once the password (and the second factor, if the account has one) is
 * right: the session starts, its tokens are issued and a notice is mailed when the device is new
 * to the account. Both the account service (a login without a factor) and the second factors (a
 * login's second step) finish here, so neither depends on the other for it.
 */
import type { Database } from '../db/database.ts'
import type { AccessTokens } from './access-tokens.ts'
import type { TokenPair } from './refresh-tokens.ts'
import {
  isNewDevice,
  startSession,
  startSessionOnKnownDevice,
  type Device,
  type Sessions,
} from './sessions.ts'

export type FinishLogin = (userId: string, device: Device) => Promise<TokenPair>

export function createFinishLogin(deps: {
  db: Database
  tokens: AccessTokens
  now: () => Date
  sessions: Pick<Sessions, 'queueSecurityNotice'>
  /** Called after a transaction that queued jobs (e-mail) has committed: kicks the job runner. */
  jobsQueued: () => void
}): FinishLogin {
  const { db, tokens, now } = deps
  return async function finishLogin(userId, device) {
    const at = now()
    const known = await startSessionOnKnownDevice(db, { userId, device, now: at })
    if (known)
      return {
        accessToken: await tokens.issue(userId, known.sessionId, known.staff),
        refreshToken: known.refreshToken,
      }
    const { sessionId, refreshToken, staff, noticed } = await db.transaction(async (tx) => {
      const news = await isNewDevice(tx, userId, device)
      const session = await startSession(tx, { userId, device, now: at })
      if (news)
        await deps.sessions.queueSecurityNotice(tx, {
          userId,
          sessionId: session.sessionId,
          kind: 'new-sign-in',
          now: at,
        })
      return { ...session, noticed: news }
    })
    if (noticed) deps.jobsQueued()
    return { accessToken: await tokens.issue(userId, sessionId, staff), refreshToken }
  }
}
