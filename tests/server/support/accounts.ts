/** Small steps over HTTP that many tests share: unique e-mails, mailbox links, a verified user. */
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { components } from '../../../openapi/main.gen.ts'
import type { ApiResponse, HttpTarget } from './test-server.ts'

export type TokenPair = components['schemas']['TokenPair']
export type Problem = components['schemas']['Problem']
export type Profile = components['schemas']['Profile']

export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${randomUUID().slice(0, 8)}@Example.com`
}

/** Asserts an RFC 9457 answer with this status (and errorType) and returns its body. */
export function expectProblem(response: ApiResponse, status: number, errorType?: string): Problem {
  expect(response.status, response.text).toBe(status)
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
  const problem = response.body as Problem
  expect(problem.status).toBe(status)
  if (errorType !== undefined) expect(problem.errorType).toBe(errorType)
  return problem
}

export function expectTokens(response: ApiResponse): TokenPair {
  expect(response.status, response.text).toBe(200)
  return response.body as TokenPair
}

/**
 * The token of the newest `/app/<kind>/<token>` link mailed to `to`, waiting for it as a customer
 * waits for the e-mail (reset links are queued after the answer); undefined if none arrives.
 */
export async function mailedToken(
  server: HttpTarget,
  to: string,
  kind: 'verify-email' | 'set-new-password',
  timeoutMs = 10_000,
): Promise<string | undefined> {
  const pattern = new RegExp(`/app/${kind}/([A-Za-z0-9_-]+)`)
  const deadline = Date.now() + timeoutMs
  for (;;) {
    for (const message of await server.mailbox()) {
      if (message.to.toLowerCase() !== to.toLowerCase()) continue
      const match = pattern.exec(message.text)
      if (match?.[1]) return match[1]
    }
    if (Date.now() > deadline) return undefined
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export async function messagesTo(server: HttpTarget, to: string) {
  return (await server.mailbox()).filter((m) => m.to.toLowerCase() === to.toLowerCase())
}

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` })

/** Registers, follows the mailed link and logs in: a customer ready to use the API. */
export async function verifiedUser(
  server: HttpTarget,
  email = uniqueEmail(),
  password = `pw-${randomUUID()}`,
): Promise<{ email: string; password: string; tokens: TokenPair }> {
  const registered = await server.api('POST', '/api/auth/register', { email, password })
  expect(registered.status, registered.text).toBe(202)
  const token = await mailedToken(server, email, 'verify-email')
  expect(token).toBeDefined()
  const verified = await server.api(
    'GET',
    `/api/auth/verify-email?token=${encodeURIComponent(token ?? '')}`,
  )
  expect(verified.status, verified.text).toBe(200)
  const tokens = expectTokens(await server.api('POST', '/api/auth/login', { email, password }))
  return { email, password, tokens }
}
