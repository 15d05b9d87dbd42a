/**
 * Ten single-use recovery codes, made with the authenticator app and shown once: `xxxxx-xxxxx`
 * from an alphabet without look-alikes (no 0/o, 1/i/l, u/v), about 48 bits each. They are random,
 * not chosen, so a fast hash is enough: SHA-256 of the account and the normalised code, which a
 * typed code is compared by in any case and with or without its hyphen (docs/decisions/085).
 */
import { createHash, randomInt } from 'node:crypto'

export const recoveryCodeCount = 10
const alphabet = '23456789abcdefghjkmnpqrstwxyz'
const half = 5

export function newRecoveryCodes(): string[] {
  const codes = new Set<string>()
  while (codes.size < recoveryCodeCount) {
    let raw = ''
    for (let i = 0; i < half * 2; i++) raw += alphabet.charAt(randomInt(alphabet.length))
    codes.add(`${raw.slice(0, half)}-${raw.slice(half)}`)
  }
  return [...codes]
}

/** The code as stored: lower case, no hyphen; undefined when it cannot be one of ours. */
export function normalizeRecoveryCode(code: string): string | undefined {
  const plain = code.replace('-', '').toLowerCase()
  if (plain.length !== half * 2) return undefined
  for (const c of plain) if (!alphabet.includes(c)) return undefined
  return plain
}

export function hashRecoveryCode(userId: string, normalized: string): string {
  return createHash('sha256').update(`recovery-code:${userId}:${normalized}`).digest('hex')
}
