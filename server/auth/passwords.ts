import { hash, verify } from '@node-rs/argon2'

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane. `algorithm: 2` is Argon2id (a const enum). */
export const argon2Options = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined

/** Verifies against a throwaway hash so an unknown e-mail costs as much time as a known one. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-' + String(Math.random()))
  await verifyPassword(await dummyHash, password)
}
