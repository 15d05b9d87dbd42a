import type { AccountService } from '../auth/account-service.ts'
import type { Sessions } from '../auth/sessions.ts'
import { requireSession, requireUser } from './caller.ts'
import type { Handlers } from './typed-handlers.ts'

/** Thin glue from the contract's session, step-up and password-change operations to the services. */
export function sessionHandlers(accounts: AccountService, sessions: Sessions): Handlers {
  return {
    async logout({ userId, sessionId }) {
      await sessions.logout(requireUser(userId), requireSession(sessionId))
      return { status: 204, body: undefined }
    },
    async endSessionByLink({ body }) {
      await sessions.endByLink(body.token)
      return { status: 200, body: { status: 'session-ended' } }
    },
    async stepUp({ body, userId, sessionId, ip }) {
      const until = await accounts.stepUp(requireUser(userId), requireSession(sessionId), body, ip)
      return { status: 200, body: { stepUpUntil: until.toISOString() } }
    },
    async changePassword({ body, userId, sessionId }) {
      await sessions.changePassword(
        requireUser(userId),
        requireSession(sessionId),
        body.newPassword,
      )
      return { status: 200, body: { status: 'password-changed' } }
    },
    async listSessions({ userId, sessionId }) {
      const list = await sessions.list(requireUser(userId), requireSession(sessionId))
      return { status: 200, body: { sessions: list } }
    },
    async endSession({ userId, sessionId, params }) {
      await sessions.end(requireUser(userId), params.sessionId, requireSession(sessionId))
      return { status: 204, body: undefined }
    },
    async endOtherSessions({ userId, sessionId }) {
      const ended = await sessions.endOthers(requireUser(userId), requireSession(sessionId))
      return { status: 200, body: { ended } }
    },
  }
}
