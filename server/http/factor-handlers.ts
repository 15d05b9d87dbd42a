import type { SecondFactors } from '../auth/second-factor/second-factors.ts'
import { requireSession, requireUser } from './caller.ts'
import type { Handlers } from './typed-handlers.ts'

/** The contract's second-factor operations: the login's second step and the customer's factors. */
export function factorHandlers(factors: SecondFactors): Handlers {
  const who = (ctx: { userId: string | undefined; sessionId: string | undefined }) => ({
    userId: requireUser(ctx.userId),
    sessionId: requireSession(ctx.sessionId),
  })
  return {
    async loginSecondFactor({ body }) {
      return { status: 200, body: await factors.loginSecondFactor(body) }
    },
    async getSecurity(ctx) {
      const { userId, sessionId } = who(ctx)
      return { status: 200, body: await factors.overview(userId, sessionId) }
    },
    async stepUpPasskeyOptions(ctx) {
      const { userId, sessionId } = who(ctx)
      return { status: 200, body: await factors.stepUpPasskeyOptions(userId, sessionId) }
    },
    async passkeyRegistrationOptions(ctx) {
      const { userId, sessionId } = who(ctx)
      return { status: 200, body: await factors.passkeyRegistrationOptions(userId, sessionId) }
    },
    async addPasskey(ctx) {
      const { userId, sessionId } = who(ctx)
      return { status: 201, body: await factors.addPasskey(userId, sessionId, ctx.body) }
    },
    async renamePasskey(ctx) {
      const userId = requireUser(ctx.userId)
      return {
        status: 200,
        body: await factors.renamePasskey(userId, ctx.params.passkeyId, ctx.body.name),
      }
    },
    async removePasskey(ctx) {
      const { userId, sessionId } = who(ctx)
      await factors.removePasskey(userId, sessionId, ctx.params.passkeyId)
      return { status: 204, body: undefined }
    },
    async startTotpEnrolment(ctx) {
      const { userId, sessionId } = who(ctx)
      return { status: 200, body: await factors.startTotpEnrolment(userId, sessionId) }
    },
    async confirmTotp(ctx) {
      const { userId, sessionId } = who(ctx)
      const recoveryCodes = await factors.confirmTotp(userId, sessionId, ctx.body.code)
      return { status: 200, body: { recoveryCodes } }
    },
    async removeTotp(ctx) {
      const { userId, sessionId } = who(ctx)
      await factors.removeTotp(userId, sessionId)
      return { status: 204, body: undefined }
    },
  }
}
