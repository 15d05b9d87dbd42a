/** Staff members made as an operator makes them: the command line, the mailed link, a second factor. */
import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import type { components } from '../../../openapi/main.gen.ts'
import { bearer, expectTokens, mailedToken, uniqueEmail, type TokenPair } from './accounts.ts'
import { enrolApp } from './second-factor.ts'
import type { TestServer } from './test-server.ts'

type Schemas = components['schemas']
export type StaffRole = Schemas['StaffRole']

export interface StaffMember {
  id: string
  email: string
  password: string
  tokens: TokenPair
  auth: { authorization: string }
  /** The authenticator app's secret; undefined for one who has not enrolled. */
  secret?: string
}

/** The claims of an access token, read as the SPA reads them. */
export function claimsOf(accessToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >
}

/** Chooses the password from the invitation's link and signs in. */
export async function acceptInvitation(server: TestServer, email: string) {
  const token = await mailedToken(server, email, 'set-new-password')
  expect(token, `no invitation reached ${email}`).toBeDefined()
  const password = `pw-${randomUUID()}`
  const set = await server.api('POST', '/api/auth/forgot-password/new-password', {
    token,
    newPassword: password,
  })
  expect(set.status, set.text).toBe(200)
  const tokens = expectTokens(await server.api('POST', '/api/auth/login', { email, password }))
  return { password, tokens }
}

/** A staff member created from the command line with `roles`, signed in, with an app unless told. */
export async function staffOn(
  server: TestServer,
  roles: readonly StaffRole[],
  options: { factor?: boolean; email?: string } = {},
): Promise<StaffMember> {
  const email = options.email ?? uniqueEmail('staff')
  for (const role of roles) {
    const outcome = await server.running.runOps({ command: 'create-staff', email, role })
    expect(outcome.ok, outcome.line).toBe(true)
  }
  const { password, tokens } = await acceptInvitation(server, email)
  const member: StaffMember = {
    id: String(claimsOf(tokens.accessToken).sub),
    email,
    password,
    tokens,
    auth: bearer(tokens.accessToken),
  }
  if (options.factor === false) return member
  return { ...member, secret: (await enrolApp(server, member)).secret }
}
