/**
 * Passkeys (WebAuthn) with SimpleWebAuthn. The relying party is this site: its ID is PUBLIC_URL's
 * host name and the only origin accepted is PUBLIC_URL's origin. No attestation is asked for (we
 * trust the customer's choice of authenticator, not a vendor list), user verification is
 * preferred, and ES256 and RS256 keys are accepted (docs/decisions/086). Whatever a client sends,
 * a response that does not verify is an answer of `undefined`, never an exception.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { components } from '../../../openapi/main.gen.ts'
import { productName } from '../../mail/templates.ts'

/**
 * The options as the contract declares them: the library's JSON exactly (its descriptors' `type`
 * is typed as any string, always 'public-key').
 */
export type CreationOptions = components['schemas']['PasskeyCreationOptions']
export type RequestOptions = components['schemas']['PasskeyRequestOptions']

/** COSE algorithm identifiers: ES256 (P-256) and RS256. */
export const supportedAlgorithms = [-7, -257]
/** Milliseconds the browser may take; the server keeps its challenges 5 minutes. */
const ceremonyTimeoutMs = 5 * 60_000

const knownTransports = new Set(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])

export interface RelyingParty {
  id: string
  name: string
  origin: string
}

/** The relying party PUBLIC_URL names: its host name (no port) and its origin. */
export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl)
  return { id: url.hostname, name: productName, origin: url.origin }
}

/** A stored passkey, as verification needs it. */
export interface StoredCredential {
  credentialId: string
  /** COSE public key, base64url. */
  publicKey: string
  counter: number
  transports: string[]
}

export interface NewCredential extends StoredCredential {
  userVerified: boolean
}

export async function registrationOptions(
  rp: RelyingParty,
  input: { userHandle: Uint8Array; email: string; existing: StoredCredential[] },
): Promise<CreationOptions> {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: new Uint8Array(input.userHandle),
    userName: input.email,
    userDisplayName: input.email,
    timeout: ceremonyTimeoutMs,
    attestationType: 'none',
    excludeCredentials: input.existing.map((c) => ({
      id: c.credentialId,
      transports: c.transports,
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    supportedAlgorithmIDs: supportedAlgorithms,
  })
  return options as unknown as CreationOptions
}

/** The new credential when the response answers `expectedChallenge` on this site; else undefined. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  expectedChallenge: string,
): Promise<NewCredential | undefined> {
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      supportedAlgorithmIDs: supportedAlgorithms,
    })
    if (!result.verified) return undefined
    const { credential, userVerified } = result.registrationInfo
    const transports = [...new Set(response.response.transports ?? [])].filter((t) =>
      knownTransports.has(t),
    )
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports,
      userVerified,
    }
  } catch {
    return undefined
  }
}

export async function authenticationOptions(
  rp: RelyingParty,
  allowed: StoredCredential[],
): Promise<RequestOptions> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allowed.map((c) => ({ id: c.credentialId, transports: c.transports })),
    timeout: ceremonyTimeoutMs,
    userVerification: 'preferred',
  })
  return options as unknown as RequestOptions
}

/**
 * The authenticator's new signature counter when the assertion is this credential's, answers
 * `expectedChallenge` on this site and its counter moved on (a cloned authenticator's does not);
 * else undefined.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
  credential: StoredCredential,
): Promise<number | undefined> {
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: credential.credentialId,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
        counter: credential.counter,
        transports: credential.transports,
      },
      requireUserVerification: false,
    })
    return result.verified ? result.authenticationInfo.newCounter : undefined
  } catch {
    return undefined
  }
}
