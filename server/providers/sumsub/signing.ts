/**
 * Sumsub's two signatures: app-token request signing
 * (docs/product/providers/sumsub.md#request-signing) and webhook digests
 * (docs/product/providers/sumsub.md#webhook-digest).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { operations } from '../../../openapi/main.gen.ts'

/** The contract's `X-Payload-Digest-Alg` values: the map below must name each, and no other. */
type ContractDigestAlgorithm =
  operations['sumsubWebhook']['parameters']['header']['X-Payload-Digest-Alg']

/**
 * X-App-Access-Sig: lowercase hex HMAC-SHA256, keyed with the app token's secret, of
 * ts + METHOD + URI (path and query as sent, no host) + the raw body bytes.
 */
export function sumsubRequestSignature(
  secretKey: string,
  ts: string,
  method: string,
  uri: string,
  body?: Uint8Array | string,
): string {
  const hmac = createHmac('sha256', secretKey).update(ts + method.toUpperCase() + uri)
  if (body !== undefined && body.length > 0) hmac.update(body)
  return hmac.digest('hex')
}

export const webhookDigestAlgorithms = {
  HMAC_SHA1_HEX: 'sha1',
  HMAC_SHA256_HEX: 'sha256',
  HMAC_SHA512_HEX: 'sha512',
} as const satisfies Record<ContractDigestAlgorithm, string>

export type WebhookDigestAlgorithm = keyof typeof webhookDigestAlgorithms

export function isWebhookDigestAlgorithm(value: unknown): value is WebhookDigestAlgorithm {
  return typeof value === 'string' && Object.hasOwn(webhookDigestAlgorithms, value)
}

/** X-Payload-Digest: lowercase hex HMAC of the raw body, keyed with the webhook's own secret. */
export function webhookDigest(
  secret: string,
  algorithm: WebhookDigestAlgorithm,
  rawBody: Uint8Array | string,
): string {
  return createHmac(webhookDigestAlgorithms[algorithm], secret).update(rawBody).digest('hex')
}

/** Constant-time check of a delivery's digest; any missing or malformed part is a mismatch. */
export function verifyWebhookDigest(
  secret: string,
  algorithm: unknown,
  digest: unknown,
  rawBody: Uint8Array | string,
): boolean {
  if (!isWebhookDigestAlgorithm(algorithm) || typeof digest !== 'string') return false
  const expectedHex = webhookDigest(secret, algorithm, rawBody)
  // Exactly the digest's length: Buffer.from(hex) would drop an odd trailing character.
  if (digest.length !== expectedHex.length || !/^[0-9a-fA-F]+$/.test(digest)) return false
  return timingSafeEqual(Buffer.from(digest.toLowerCase(), 'hex'), Buffer.from(expectedHex, 'hex'))
}

/** Equal-length comparison of two hex or text secrets that leaks nothing but the length. */
export function safeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest()
  const right = createHash('sha256').update(b).digest()
  return timingSafeEqual(left, right) && a.length === b.length
}
