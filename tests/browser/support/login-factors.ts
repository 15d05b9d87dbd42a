/**
 * What the login machine's browser paths need beside the page: an account with every second factor
 * (an authenticator app, its recovery codes and a passkey made by Chromium's virtual authenticator),
 * the codes its app shows, and the same account used elsewhere (another device's login).
 */
import { generateKeyPairSync } from 'node:crypto'
import { generate } from 'otplib'
import type { CDPSession, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { BrowserLevel } from './flow-page'
import { account, post } from './form-suite'

/** A passkey as Chromium's virtual authenticator holds it (DevTools protocol WebAuthn.Credential). */
export interface VirtualCredential {
  credentialId: string
  isResidentCredential: boolean
  rpId?: string
  privateKey: string
  userHandle?: string
  signCount: number
}

export interface FactorAccount {
  email: string
  password: string
  /** The authenticator app's secret (Base32). */
  secret: string
  /** The time step of the last code the server took (the enrolment's). */
  lastTotpStep: number
  recoveryCodes: string[]
  passkey: VirtualCredential
}

const TOTP_PERIOD_SECONDS = 30

/** The code the app shows for a time step. */
export function totpCode(secret: string, step: number): Promise<string> {
  return generate({ secret, epoch: step * TOTP_PERIOD_SECONDS })
}

const currentTotpStep = () => Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS)

/** A platform authenticator that verifies the customer without a prompt. */
export async function addAuthenticator(cdp: CDPSession): Promise<string> {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      ctap2Version: 'ctap2_1',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return authenticatorId
}

async function bearerPost(level: BrowserLevel, path: string, token: string, body?: unknown) {
  return fetch(level.url(path), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

/**
 * A confirmed account with an authenticator app, its ten recovery codes and a passkey, set up as
 * the profile's Security section does it (a step-up with the password first). The passkey is made
 * in `page` (at this origin) by a virtual authenticator that is removed again: the test hands the
 * passkey to the browser when the customer uses it.
 */
export async function factorAccount(
  level: BrowserLevel,
  page: Page,
  cdp: CDPSession,
  email: string,
  password: string,
): Promise<FactorAccount> {
  await account(level, email, password, true)
  const loggedIn = await post(level, '/api/auth/login', { email, password })
  expect(loggedIn.status).toBe(200)
  const { accessToken } = (await loggedIn.json()) as { accessToken: string }
  expect((await bearerPost(level, '/api/account/step-up', accessToken, { password })).status).toBe(
    200,
  )

  const enrolment = await bearerPost(level, '/api/account/totp/enrolment', accessToken)
  expect(enrolment.status).toBe(200)
  const { secret } = (await enrolment.json()) as { secret: string }
  // The code of the step before now (the server takes one step either side): the codes of now and
  // of the next step are then both left for the path.
  const lastTotpStep = currentTotpStep() - 1
  const confirmed = await bearerPost(level, '/api/account/totp', accessToken, {
    code: await totpCode(secret, lastTotpStep),
  })
  expect(confirmed.status).toBe(200)
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] }

  const options = await bearerPost(level, '/api/account/passkeys/registration-options', accessToken)
  expect(options.status).toBe(200)
  const authenticatorId = await addAuthenticator(cdp)
  await page.goto(level.url('/robots.txt'))
  const credential = await page.evaluate(
    createPasskey,
    (await options.json()) as Parameters<typeof createPasskey>[0],
  )
  const added = await bearerPost(level, '/api/account/passkeys', accessToken, { credential })
  expect(added.status).toBe(201)
  const { credentials } = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })) as {
    credentials: VirtualCredential[]
  }
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId })
  const [passkey] = credentials
  if (!passkey) throw new Error('the virtual authenticator kept no passkey')
  return { email, password, secret, lastTotpStep, recoveryCodes, passkey }
}

/**
 * The same passkey name on another key: what an authenticator holding a passkey this site never
 * registered answers with (its signature is not the registered key's).
 */
export function foreignCopy(passkey: VirtualCredential): VirtualCredential {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  return {
    ...passkey,
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  }
}

/**
 * Runs in the page: `navigator.credentials.create` with the server's creation options (JSON, as
 * SimpleWebAuthn's startRegistration takes them), answered in the contract's PasskeyAttestation.
 */
async function createPasskey(options: {
  challenge: string
  rp: { id?: string; name: string }
  user: { id: string; name: string; displayName: string }
  pubKeyCredParams: { type: 'public-key'; alg: number }[]
  authenticatorSelection?: AuthenticatorSelectionCriteria
}) {
  const bytes = (b64url: string) =>
    Uint8Array.from(atob(b64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
  const b64url = (buffer: ArrayBuffer) =>
    btoa(String.fromCharCode(...new Uint8Array(buffer)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
  const credential = (await navigator.credentials.create({
    publicKey: {
      challenge: bytes(options.challenge),
      rp: options.rp,
      user: { ...options.user, id: bytes(options.user.id) },
      pubKeyCredParams: options.pubKeyCredParams,
      ...(options.authenticatorSelection
        ? { authenticatorSelection: options.authenticatorSelection }
        : {}),
      attestation: 'none',
    },
  })) as PublicKeyCredential
  const response = credential.response as AuthenticatorAttestationResponse
  return {
    id: credential.id,
    rawId: b64url(credential.rawId),
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64url(response.clientDataJSON),
      attestationObject: b64url(response.attestationObject),
      transports: response.getTransports(),
    },
    clientExtensionResults: {},
  }
}

/** A login of the account on another device: its challenge token. */
export async function challengeElsewhere(level: BrowserLevel, who: FactorAccount) {
  const answer = await post(level, '/api/auth/login', { email: who.email, password: who.password })
  expect(answer.status).toBe(200)
  const { challengeToken } = (await answer.json()) as { challengeToken?: string }
  if (!challengeToken) throw new Error('the account answered no challenge')
  return challengeToken
}

/** A proof sent to the server as another device sends it; its answer's status. */
export async function proveElsewhere(
  level: BrowserLevel,
  challengeToken: string,
  proof: { totpCode: string } | { recoveryCode: string },
): Promise<number> {
  return (await post(level, '/api/auth/login/second-factor', { challengeToken, ...proof })).status
}
