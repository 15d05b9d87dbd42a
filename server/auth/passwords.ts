import { timingSafeEqual } from 'node:crypto'
import { hash, hashRaw } from '@node-rs/argon2'

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane. `algorithm: 2` is Argon2id (a const enum). */
export const argon2Options = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const

/** An argon2id hash in the PHC string format, taken apart. */
interface ParsedHash {
  /** Everything up to and with the salt: hashes made alike share it. */
  prefix: string
  memoryCost: number
  timeCost: number
  parallelism: number
  salt: Buffer
  digest: Buffer
}

const phc = /^(\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+))\$([A-Za-z0-9+/]+)$/

function parseHash(passwordHash: string): ParsedHash | undefined {
  const match = phc.exec(passwordHash)
  if (!match) return undefined
  const [, prefix = '', m = '', t = '', p = '', salt = '', digest = ''] = match
  return {
    prefix,
    memoryCost: Number(m),
    timeCost: Number(t),
    parallelism: Number(p),
    salt: Buffer.from(salt, 'base64'),
    digest: Buffer.from(digest, 'base64'),
  }
}

/** Whether two hashes were made alike (same salt and parameters): one computation checks both. */
export function madeAlike(a: string, b: string): boolean {
  const first = parseHash(a)
  return first !== undefined && first.prefix === parseHash(b)?.prefix
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options)
}

/**
 * Hashes a password with the salt and parameters of `like` (an account's hash), so that one
 * argon2 computation later checks a password against the account's hash and all its pending ones
 * at once (docs/decisions/105). A fresh salt when `like` is not one of ours.
 */
export function hashPasswordLike(like: string, password: string): Promise<string> {
  const parsed = parseHash(like)
  if (!parsed) return hashPassword(password)
  return hash(password, {
    ...argon2Options,
    memoryCost: parsed.memoryCost,
    timeCost: parsed.timeCost,
    parallelism: parsed.parallelism,
    outputLen: parsed.digest.length,
    salt: parsed.salt,
  })
}

/**
 * Which of `hashes` the password matches (-1: none), for exactly one argon2 computation whatever
 * the list holds: the password is hashed with the first hash's salt and parameters and compared
 * in constant time with each hash made alike; a hash made otherwise (another salt) never matches.
 * An empty list or an unparsable first hash still costs the one computation.
 */
export async function matchPassword(hashes: readonly string[], password: string): Promise<number> {
  const first = hashes[0] === undefined ? undefined : parseHash(hashes[0])
  const reference = first ?? parseHash(throwawayHash)
  if (!reference) return -1
  let computed: Buffer
  try {
    computed = await hashRaw(password, {
      ...argon2Options,
      memoryCost: reference.memoryCost,
      timeCost: reference.timeCost,
      parallelism: reference.parallelism,
      outputLen: reference.digest.length,
      salt: reference.salt,
    })
  } catch {
    return -1
  }
  if (!first) return -1
  let found = -1
  hashes.forEach((candidate, index) => {
    const parsed = parseHash(candidate)
    if (
      found === -1 &&
      parsed?.prefix === first.prefix &&
      parsed.digest.length === computed.length &&
      timingSafeEqual(parsed.digest, computed)
    )
      found = index
  })
  return found
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return (await matchPassword([passwordHash], password)) === 0
}

/**
 * The reference a login with no account is checked against: an argon2id hash, with our
 * parameters, of 32 random bytes nobody kept. A constant, so even the first such login costs
 * exactly one computation, as every other does.
 */
const throwawayHash =
  '$argon2id$v=19$m=19456,t=2,p=1$R+VuWj5zkfnMWKa+RzXQkA$JyTlLAIJSdZ/X/qW56ajaErkl1tXKPD+FV62Xc4iI5Y'
