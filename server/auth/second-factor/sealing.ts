/**
 * Secrets the server must read back (an authenticator app's TOTP secret) are stored sealed:
 * AES-256-GCM under a key derived by HKDF-SHA-256 from the server's signing key, with the row's
 * owner as associated data, so a copy of the database alone opens nothing and a sealed value moved
 * to another account does not open either (docs/decisions/085).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/** The format's version: a later key or cipher gets a new prefix and old values stay readable. */
const version = 'v1'

export interface Sealer {
  /** `context` names what the value belongs to (for example `totp:<user id>`). */
  seal(value: string, context: string): string
  /** The value, or undefined when it was sealed under another key or context, or is damaged. */
  open(sealed: string, context: string): string | undefined
}

export function createSealer(signingKey: Uint8Array): Sealer {
  const key = Buffer.from(
    hkdfSync('sha256', signingKey, Buffer.alloc(0), 'second-factor-secrets/v1', 32),
  )
  return {
    seal(value, context) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(context, 'utf8'))
      const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()])
      return `${version}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`
    },
    open(sealed, context) {
      const [prefix, data] = sealed.split('.')
      if (prefix !== version || data === undefined) return undefined
      try {
        const raw = Buffer.from(data, 'base64url')
        if (raw.length < 28) return undefined
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
        decipher.setAAD(Buffer.from(context, 'utf8'))
        decipher.setAuthTag(raw.subarray(raw.length - 16))
        return Buffer.concat([
          decipher.update(raw.subarray(12, raw.length - 16)),
          decipher.final(),
        ]).toString('utf8')
      } catch {
        return undefined
      }
    },
  }
}
