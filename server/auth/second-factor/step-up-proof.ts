/**
 * The second factor's part of a step-up (docs/decisions/083, 105): one proof, counted before it is
 * checked (5 wrong ones for an account from one IP, and the account's 10 in 15 minutes), a right
 * one given back; a passkey answers the options this session asked for last.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server'
import { NotFound } from '../../domain-errors.ts'
import type { SecondFactorGate } from '../sessions.ts'
import type { FactorContext } from './factor-context.ts'
import type { PasskeyFactor } from './passkey-factor.ts'
import { authenticationOptions } from './passkeys.ts'
import { consumeRecoveryCode } from './recovery-codes.ts'
import type { TotpFactor } from './totp-factor.ts'

export function createStepUpProof(
  ctx: FactorContext,
  factors: { totp: TotpFactor; passkeys: PasskeyFactor },
) {
  const { db, now, rp, attempts, perAccount, stepUpPerAccountAndIp, keys } = ctx
  const { totp, passkeys } = factors

  const checkStepUpProof: SecondFactorGate['checkStepUpProof'] = async (
    userId,
    sessionId,
    proof,
    ip,
  ) => {
    const reserved = await attempts.reserve(
      [stepUpPerAccountAndIp, `${userId} ${ip}`],
      [perAccount, userId],
    )
    const at = now()
    const ok = await db.transaction((tx) =>
      proof.totpCode !== undefined
        ? totp.consume(tx, userId, proof.totpCode, at)
        : proof.recoveryCode !== undefined
          ? consumeRecoveryCode(tx, keys, userId, proof.recoveryCode, at)
          : proof.passkey !== undefined
            ? passkeys.consume(
                tx,
                { userId, stepUpSessionId: sessionId },
                proof.passkey as unknown as AuthenticationResponseJSON,
                at,
              )
            : Promise.resolve(false),
    )
    if (ok) await attempts.release(reserved)
    return ok
  }

  return {
    checkStepUpProof,

    /** Request options for a step-up with a passkey: bound to this session, 5 minutes. */
    passkeyOptions: async (userId: string, sessionId: string) => {
      const at = now()
      const stored = await passkeys.stored(db, userId)
      if (stored.length === 0)
        throw new NotFound(
          /*i18n*/ { id: 'problem.no-passkey', message: 'This account has no passkey.' },
        )
      const options = await authenticationOptions(rp, stored)
      await passkeys.keepSessionChallenge({
        purpose: 'step-up',
        challenge: options.challenge,
        userId,
        sessionId,
        at,
      })
      return options
    },
  }
}
