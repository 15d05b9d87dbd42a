/**
 * The contract's `bearerAuth` security scheme: `Authorization: Bearer <token>` with the scheme
 * name in any case (RFC 9110 §11.1), a valid access token, and its session still live: one
 * primary-key join per request, so a logout, an ended session, a password reset or a factor
 * change fails the session's access tokens at the next request, and an account that is gone took
 * its sessions with it (docs/decisions/052, 082). The same query brings the caller's profile,
 * which the profile GET answers without a query of its own (decision 104).
 */
import type { Profile } from '../users/profile-service.ts'
import type { AccessTokens } from '../auth/access-tokens.ts'
import type { Sessions } from '../auth/sessions.ts'
import { invalidAccessToken } from './error-handler.ts'

// RFC 9110 §11.4: auth-scheme 1*SP token68.
const bearerHeader = /^bearer +([A-Za-z0-9._~+/-]+=*) *$/i

/** The access token of an Authorization header, or undefined when it carries none. */
export function bearerToken(header: unknown): string | undefined {
  return typeof header === 'string' ? bearerHeader.exec(header)?.[1] : undefined
}

export function createBearerAuth(deps: {
  accessTokens: AccessTokens
  sessions: Pick<Sessions, 'liveCaller'>
}) {
  return async function bearerAuth(request: {
    headers: Record<string, unknown>
    userId?: string
    sessionId?: string
    callerProfile?: Profile
  }): Promise<void> {
    const token = bearerToken(request.headers.authorization)
    const claims = token ? await deps.accessTokens.verify(token) : undefined
    if (!claims) throw invalidAccessToken()
    const profile = await deps.sessions.liveCaller(claims.userId, claims.sessionId)
    if (!profile) throw invalidAccessToken()
    request.userId = claims.userId
    request.sessionId = claims.sessionId
    request.callerProfile = profile
  }
}
