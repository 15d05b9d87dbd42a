/**
 * The contract's `bearerAuth` security scheme: `Authorization: Bearer <token>` with the scheme
 * name in any case (RFC 9110 §11.1), a valid access token, and an account that still exists, so
 * no bearer operation ever runs for a deleted customer (docs/decisions/052).
 */
import type { AccessTokens } from '../auth/access-tokens.ts'
import type { Database } from '../db/database.ts'
import { invalidAccessToken } from './error-handler.ts'

// RFC 9110 §11.4: auth-scheme 1*SP token68.
const bearerHeader = /^bearer +([A-Za-z0-9._~+/-]+=*) *$/i
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The access token of an Authorization header, or undefined when it carries none. */
export function bearerToken(header: unknown): string | undefined {
  return typeof header === 'string' ? bearerHeader.exec(header)?.[1] : undefined
}

export function createBearerAuth(deps: { accessTokens: AccessTokens; db: Database }) {
  return async function bearerAuth(request: {
    headers: Record<string, unknown>
    userId?: string
  }): Promise<void> {
    const token = bearerToken(request.headers.authorization)
    const userId = token ? await deps.accessTokens.verify(token) : undefined
    if (!userId || !uuid.test(userId)) throw invalidAccessToken()
    const [account] = await deps.db.query('SELECT 1 FROM users WHERE id = $1', [userId])
    if (!account) throw invalidAccessToken()
    request.userId = userId
  }
}
