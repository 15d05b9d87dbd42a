/**
 * Second factors: the customer's passkeys and authenticator app (with its recovery codes), the
 * login's second step, and the changes to them (docs/decisions/085-087). One module each —
 * totp-factor.ts, passkey-factor.ts, recovery-codes.ts, login-challenge.ts, step-up-proof.ts, with
 * their SQL — and this facade, which the handlers (server/http/factor-handlers.ts) and the account
 * service (through `gate`) use. Every change of a factor needs a step-up first, and in its
 * transaction ends the other sessions and queues the security notice.
 */
import type { SecondFactorGate } from '../sessions.ts'
import { factorContext, type Schemas, type SecondFactorDeps } from './factor-context.ts'
import { createLoginChallenges } from './login-challenge.ts'
import { createPasskeyFactor } from './passkey-factor.ts'
import { recoveryCodesLeft } from './recovery-codes.ts'
import { createStepUpProof } from './step-up-proof.ts'
import { createTotpFactor } from './totp-factor.ts'

export type SecurityOverview = Schemas['SecurityOverview']

export function createSecondFactors(deps: SecondFactorDeps) {
  const ctx = factorContext(deps)
  const { db, now } = ctx
  const totp = createTotpFactor(ctx)
  const passkeys = createPasskeyFactor(ctx)
  const login = createLoginChallenges(ctx, { totp, passkeys })
  const stepUp = createStepUpProof(ctx, { totp, passkeys })

  const gate: SecondFactorGate = {
    challengeFor: login.challengeFor,
    hasFactor: async (userId) => {
      const [row] = await db.query<{ any: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM passkeys WHERE user_id = $1)
             OR EXISTS (SELECT 1 FROM totp_factors WHERE user_id = $1) AS any`,
        [userId],
      )
      return row?.any ?? false
    },
    checkStepUpProof: stepUp.checkStepUpProof,
  }

  return {
    gate,
    loginSecondFactor: login.loginSecondFactor,

    overview: async (userId: string, sessionId: string): Promise<SecurityOverview> => {
      const at = now()
      const [list, hasTotp, left, until] = await Promise.all([
        passkeys.list(userId),
        totp.has(db, userId),
        recoveryCodesLeft(db, userId),
        // The step-up migration 006 keeps on the session (server/auth/sessions.ts sets it).
        db.query<{ step_up_until: Date | null }>(
          'SELECT step_up_until FROM refresh_families WHERE id = $1 AND revoked_at IS NULL',
          [sessionId],
        ),
      ])
      const stepUpUntil = until[0]?.step_up_until ? new Date(until[0].step_up_until) : undefined
      return {
        passkeys: list,
        totp: hasTotp,
        recoveryCodesLeft: left,
        stepUpUntil: stepUpUntil && stepUpUntil > at ? stepUpUntil.toISOString() : null,
      }
    },

    stepUpPasskeyOptions: stepUp.passkeyOptions,
    passkeyRegistrationOptions: passkeys.registrationOptions,
    addPasskey: passkeys.add,
    renamePasskey: passkeys.rename,
    removePasskey: passkeys.remove,
    startTotpEnrolment: totp.startEnrolment,
    confirmTotp: totp.confirm,
    removeTotp: totp.remove,
  }
}

export type SecondFactors = ReturnType<typeof createSecondFactors>
