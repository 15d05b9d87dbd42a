import type { AccountService } from '../auth/account-service.ts'
import type { ProfileService } from '../users/profile-service.ts'
import { deviceOf, requireUser } from './caller.ts'
import type { Handlers } from './typed-handlers.ts'

/** Thin glue from the contract's operations to the account and profile services. */
export function accountHandlers(accounts: AccountService, profiles: ProfileService): Handlers {
  return {
    async register({ body, ip }) {
      await accounts.register(body, ip)
      return { status: 202, body: { status: 'pending-verification' } }
    },
    async verifyEmail({ query }) {
      const outcome = await accounts.verifyEmail(query.token)
      // 'password-to-choose' only reaches the link's holder: the contested case of decision 080.
      return {
        status: 200,
        body: { status: outcome === 'confirmed' ? 'verified' : 'password-to-choose' },
      }
    },
    async login({ body, ip, request }) {
      return { status: 200, body: await accounts.login(body, deviceOf(request, ip)) }
    },
    async refreshToken({ body, ip }) {
      return { status: 200, body: await accounts.refresh(body.refreshToken, ip) }
    },
    async resetPassword({ body, ip }) {
      await accounts.requestPasswordReset(body, ip)
      return { status: 200, body: { status: 'sent' } }
    },
    async setNewPassword({ body }) {
      await accounts.setNewPassword(body)
      return { status: 200, body: { status: 'password-changed' } }
    },
    // The security handler read the profile with the session, in the same query (decision 104).
    getProfile({ callerProfile }) {
      if (!callerProfile) throw new Error('bearer operation reached without the caller profile')
      return Promise.resolve({ status: 200, body: callerProfile })
    },
    async updateProfile({ userId, body }) {
      return { status: 200, body: await profiles.update(requireUser(userId), body) }
    },
  }
}
