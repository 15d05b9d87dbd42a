/**
 * Paybis request signing (docs/product/providers/paybis.md#signature-recipe): X-Request-Signature =
 * Base64(RSASSA-PSS-SHA512(privateKey, hex(SHA512(raw body)))), MGF1-SHA512, salt length 64.
 */
import {
  constants,
  createHash,
  createPrivateKey,
  createPublicKey,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto'

const pss = { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 64 }

function bodyDigestHex(rawBody: Uint8Array | string): Buffer {
  return Buffer.from(createHash('sha512').update(rawBody).digest('hex'), 'utf8')
}

/** privateKey: a KeyObject or a PEM string. */
export function paybisSignature(
  privateKey: KeyObject | string,
  rawBody: Uint8Array | string,
): string {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey
  return sign('sha512', bodyDigestHex(rawBody), { key, ...pss }).toString('base64')
}

export function verifyPaybisSignature(
  publicKey: KeyObject | string,
  rawBody: Uint8Array | string,
  signature: unknown,
): boolean {
  if (typeof signature !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false
  try {
    const key = typeof publicKey === 'string' ? createPublicKey(publicKey) : publicKey
    return verify(
      'sha512',
      bodyDigestHex(rawBody),
      { key, ...pss },
      Buffer.from(signature, 'base64'),
    )
  } catch {
    return false
  }
}
