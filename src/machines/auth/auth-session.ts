/**
 * The stored session (docs/product/data.md#stored-session): the object kept in localStorage under
 * `auth_session`. Its fields are ours to define: the two tokens, the access token absent after a
 * logout intercept (the refresh token is kept).
 */
export const AUTH_SESSION_KEY = 'auth_session'

export interface StoredSession {
  /** The access token; null after the logout intercept. */
  token: string | null
  refreshToken: string | null
}

/** Reads a stored value; anything that is not a session we wrote reads as no session. */
export function parseSession(raw: string | null): StoredSession | null {
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value !== 'object' || value === null) return null
    const { token, refreshToken } = value as Record<string, unknown>
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null)
    if (text(token) === null && text(refreshToken) === null) return null
    return { token: text(token), refreshToken: text(refreshToken) }
  } catch {
    return null
  }
}

export function readSession(storage: Pick<Storage, 'getItem'>): StoredSession | null {
  return parseSession(storage.getItem(AUTH_SESSION_KEY))
}

export function writeSession(storage: Pick<Storage, 'setItem'>, session: StoredSession): void {
  storage.setItem(AUTH_SESSION_KEY, JSON.stringify(session))
}

export function removeSession(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(AUTH_SESSION_KEY)
}
