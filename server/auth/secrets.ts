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

/** Encrypts a value so only a holder of `token` can read it back (AES-256-GCM). */
export function sealWithToken(token: string, value: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyFrom(token), iv)
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()])
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')
}

export function openWithToken(token: string, sealed: string): string | undefined {
  try {
    const raw = Buffer.from(sealed, 'base64url')
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(token), raw.subarray(0, 12))
    decipher.setAuthTag(raw.subarray(raw.length - 16))
    return Buffer.concat([
      decipher.update(raw.subarray(12, raw.length - 16)),
      decipher.final(),
    ]).toString('utf8')
  } catch {
    return undefined
  }
}
