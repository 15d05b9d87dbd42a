/** What a handler reads off an authenticated request: the caller, their session and their device. */
import type { FastifyRequest } from 'fastify'
import { cleanUserAgent, type Device } from '../auth/sessions.ts'

/** The security handler has run before any bearer operation; a missing id is a wiring bug. */
export function requireUser(userId: string | undefined): string {
  if (!userId) throw new Error('bearer operation reached without an authenticated user')
  return userId
}

/** The security handler has run before any bearer operation; a missing session is a wiring bug. */
export function requireSession(sessionId: string | undefined): string {
  if (!sessionId) throw new Error('bearer operation reached without a session')
  return sessionId
}

/** The device a sign-in comes from: the User-Agent header (cleaned, cut) and the client's IP. */
export function deviceOf(request: Pick<FastifyRequest, 'headers'>, ip: string): Device {
  return { userAgent: cleanUserAgent(request.headers['user-agent']), ip }
}
