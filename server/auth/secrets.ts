import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'

/** A fresh 256-bit secret, URL-safe: e-mail tokens and refresh tokens. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Tokens are stored only as their SHA-256, so a leaked table opens no account. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function keyFrom(token: string): Buffer {
  return Buffer.from(hkdfSync('sha256', token, Buffer.alloc(0), 'refresh-successor', 32))
}

/**
 * AES-256-GCM as stored here: base64url of IV (12 bytes), ciphertext and tag (16 bytes), with
 * `context` as associated data when given (what the value belongs to).
 */
export function sealAesGcm(key: Buffer, value: string, context?: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  if (context !== undefined) cipher.setAAD(Buffer.from(context, 'utf8'))
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()])
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')
}

/** The value sealAesGcm sealed, or undefined under another key or context, or when damaged. */
export function openAesGcm(key: Buffer, sealed: string, context?: string): string | undefined {
  try {
    const raw = Buffer.from(sealed, 'base64url')
    if (raw.length < 28) return undefined
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
    if (context !== undefined) decipher.setAAD(Buffer.from(context, 'utf8'))
    decipher.setAuthTag(raw.subarray(raw.length - 16))
    return Buffer.concat([
      decipher.update(raw.subarray(12, raw.length - 16)),
      decipher.final(),
    ]).toString('utf8')
  } catch {
    return undefined
  }
}

/** Encrypts a value so only a holder of `token` can read it back (AES-256-GCM). */
export function sealWithToken(token: string, value: string): string {
  return sealAesGcm(keyFrom(token), value)
}

export function openWithToken(token: string, sealed: string): string | undefined {
  return openAesGcm(keyFrom(token), sealed)
}
