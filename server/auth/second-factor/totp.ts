/**
 * The authenticator app (RFC 6238 TOTP as every common app reads it: SHA-1, 6 digits, 30 s) with
 * otplib. A code is accepted from the step before to the step after the server's clock (clock
 * drift and a code typed as it changed) and only if its step is later than the last accepted one,
 * so a code that worked once, or an older one, never works again (docs/decisions/085).
 */
import { generateSecret, generateURI, verify } from 'otplib'
import { productName } from '../../mail/templates.ts'

export const totpPeriodSeconds = 30
/** Seconds either side of now: one step back and one ahead. */
const toleranceSeconds = totpPeriodSeconds

/** A new secret: 20 random bytes (RFC 4226's recommended 160 bits), Base32 as apps take it. */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 })
}

/** The `otpauth://` URI a QR code shows: the product as issuer, the e-mail as the account. */
export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: productName, label: email, secret })
}

/**
 * The time step the code belongs to, when it is one of the accepted window and later than
 * `afterTimeStep`; undefined when it is not.
 */
export async function matchTotp(
  secret: string,
  code: string,
  at: Date,
  afterTimeStep?: number,
): Promise<number | undefined> {
  if (!/^[0-9]{6}$/.test(code)) return undefined
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(at.getTime() / 1000),
      epochTolerance: toleranceSeconds,
      ...(afterTimeStep === undefined ? {} : { afterTimeStep }),
    })
    return result.valid && 'timeStep' in result ? result.timeStep : undefined
  } catch {
    return undefined
  }
}
