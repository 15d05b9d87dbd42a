/**
 * A real WebAuthn authenticator in the test process: ES256 keys from node:crypto, the client data
 * a browser writes, authenticator data with attested credential data and a COSE key, a CBOR `none`
 * attestation object, and signed assertions with a signature counter. What it answers is exactly
 * what @simplewebauthn/browser hands the SPA (RegistrationResponseJSON, AuthenticationResponseJSON),
 * so tests drive the passkey operations as a browser would, and can also answer as a phishing page
 * (another origin) or replay an old assertion.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>

/** The part of CBOR (RFC 8949) that attestation objects and COSE keys use. */
export function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n])
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n])
    if (n < 0x10000) {
      const b = Buffer.alloc(3)
      b[0] = (major << 5) | 25
      b.writeUInt16BE(n, 1)
      return b
    }
    const b = Buffer.alloc(5)
    b[0] = (major << 5) | 26
    b.writeUInt32BE(n, 1)
    return b
  }
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error('cbor: integers only')
    return value >= 0 ? head(0, value) : head(1, -1 - value)
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value])
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)])
  const parts = [head(5, value.size)]
  for (const [k, v] of value) parts.push(cbor(k), cbor(v))
  return Buffer.concat(parts)
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url')

const flags = { userPresent: 0x01, userVerified: 0x04, attestedData: 0x40 }

export interface SoftwareCredential {
  id: string
  rpId: string
  /** The user handle the registration options named (base64url). */
  userHandle: string
  privateKey: KeyObject
  /** The signature counter: each assertion adds one. */
  counter: number
}

export interface CeremonyOptions {
  /** The origin the "browser" reports; another one plays a phishing page. */
  origin?: string
  /** Leave the user-verified flag out (an authenticator without a PIN or biometrics). */
  withoutUserVerification?: boolean
}

export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = []
  private readonly aaguid = new Uint8Array(16)

  constructor(readonly origin: string) {}

  /** navigator.credentials.create: a new ES256 credential for the options' RP and user. */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    ceremony: CeremonyOptions = {},
  ): RegistrationResponseJSON {
    if (!options.pubKeyCredParams.some((p) => p.alg === -7))
      throw new Error('the relying party does not accept ES256')
    const rpId = options.rp.id ?? new URL(this.origin).hostname
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id))
    if (this.credentials.some((c) => excluded.has(c.id) && c.rpId === rpId))
      throw new Error('InvalidStateError: this authenticator already holds an excluded credential')
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const coseKey = cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    )
    const credentialId = randomBytes(32)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(credentialId.length)
    const authData = Buffer.concat([
      this.authDataHead(rpId, flags.attestedData, 0, ceremony),
      this.aaguid,
      idLength,
      credentialId,
      coseKey,
    ])
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, ceremony)
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    )
    const id = b64url(credentialId)
    this.credentials.push({ id, rpId, userHandle: options.user.id, privateKey, counter: 0 })
    return {
      id,
      rawId: id,
      type: 'public-key',
      authenticatorAttachment: 'cross-platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['usb'],
      },
    }
  }

  /** navigator.credentials.get: an assertion by the first allowed credential this device holds. */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    ceremony: CeremonyOptions = {},
  ): AuthenticationResponseJSON {
    const rpId = options.rpId ?? new URL(this.origin).hostname
    const allowed = options.allowCredentials?.map((c) => c.id)
    const credential = this.credentials.find(
      (c) => c.rpId === rpId && (allowed === undefined || allowed.includes(c.id)),
    )
    if (!credential) throw new Error('NotAllowedError: no credential for this relying party')
    credential.counter += 1
    const authData = this.authDataHead(rpId, 0, credential.counter, ceremony)
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, ceremony)
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    )
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'cross-platform',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    }
  }

  private authDataHead(
    rpId: string,
    extraFlags: number,
    counter: number,
    ceremony: CeremonyOptions,
  ): Buffer {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter)
    const flagByte =
      flags.userPresent | (ceremony.withoutUserVerification ? 0 : flags.userVerified) | extraFlags
    return Buffer.concat([sha256(rpId), Buffer.from([flagByte]), count])
  }

  private clientData(type: string, challenge: string, ceremony: CeremonyOptions): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge,
        origin: ceremony.origin ?? this.origin,
        crossOrigin: false,
      }),
      'utf8',
    )
  }
}
