/** A customer with an authenticator app, enrolled through the API, on a server with a movable clock. */
import { generate } from 'otplib'
import { expect } from 'vitest'
import type { components } from '../../../openapi/main.gen.ts'
import { bearer, verifiedUser } from './accounts.ts'
import type { TestServer } from './test-server.ts'

type Schemas = components['schemas']

/** The code the app shows now on the server's clock (otplib counts seconds). */
export const codeNowOn = (server: TestServer, secret: string) =>
  generate({ secret, epoch: Math.floor((Date.now() + server.clock.offsetMs) / 1000) })

/** A verified customer who set up an authenticator app: its secret and recovery codes. */
export async function customerWithAppOn(server: TestServer) {
  const customer = await verifiedUser(server)
  const auth = bearer(customer.tokens.accessToken)
  const { secret, recoveryCodes } = await enrolApp(server, { password: customer.password, auth })
  return { ...customer, auth, secret, recoveryCodes }
}

/** Enrols an authenticator app through the account's own operations: step-up, then the code. */
export async function enrolApp(
  server: TestServer,
  account: { password: string; auth: Record<string, string> },
) {
  const stepped = await server.api(
    'POST',
    '/api/account/step-up',
    { password: account.password },
    account.auth,
  )
  expect(stepped.status, stepped.text).toBe(200)
  const started = await server.api('POST', '/api/account/totp/enrolment', undefined, account.auth)
  expect(started.status, started.text).toBe(200)
  const { secret } = started.body as Schemas['TotpEnrolment']
  const confirmed = await server.api(
    'POST',
    '/api/account/totp',
    { code: await codeNowOn(server, secret) },
    account.auth,
  )
  expect(confirmed.status, confirmed.text).toBe(200)
  const { recoveryCodes } = confirmed.body as Schemas['RecoveryCodes']
  return { secret, recoveryCodes }
}
