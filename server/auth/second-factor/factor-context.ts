/**
 * What the second factors' modules share (docs/decisions/085-087): their dependencies, the attempt
 * limits every proof is counted against, and what a change of factors does besides the change.
 */
import type { components } from '../../../openapi/main.gen.ts'
import type { Database, Queryable } from '../../db/database.ts'
import { InvalidInput } from '../../domain-errors.ts'
import type { NamedFactor } from '../../mail/templates.ts'
import { createAttemptLimits, type Limit } from '../../infra/attempt-limits.ts'
import type { FinishLogin } from '../session-start.ts'
import { endOtherSessions, type Sessions } from '../sessions.ts'
import type { FactorKeys } from './factor-keys.ts'
import { relyingPartyOf } from './passkeys.ts'
import type { Sealer } from './sealing.ts'

export type Schemas = components['schemas']

export interface SecondFactorLimits {
  /** Proofs tried against one login challenge (its whole 5-minute life). */
  proofsPerChallenge: number
  /** Wrong codes and passkeys for one account in 15 minutes, whatever the challenge. */
  failuresPerAccount: number
  /** Wrong step-up codes for one account from one IP in 15 minutes. */
  stepUpFailuresPerAccountAndIp: number
}
export const defaultSecondFactorLimits: SecondFactorLimits = {
  proofsPerChallenge: 5,
  failuresPerAccount: 10,
  stepUpFailuresPerAccountAndIp: 5,
}

export interface SecondFactorDeps {
  db: Database
  now: () => Date
  publicUrl: string
  sealer: Sealer
  /** The second factors' own key: recovery codes are stored keyed under it. */
  keys: FactorKeys
  /** The security notices (server/auth/sessions.ts). */
  sessions: Pick<Sessions, 'queueSecurityNotice'>
  /** Starts the session after a right proof (server/auth/session-start.ts). */
  finishLogin: FinishLogin
  /** Called after a transaction that queued jobs (e-mail) has committed: kicks the job runner. */
  jobsQueued(): void
  limits?: SecondFactorLimits
}

/** A login challenge's life, and a WebAuthn challenge's. */
export const challengeSeconds = 5 * 60

export const later = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000)

export const fieldError = (field: string, code: string, message: string) =>
  new InvalidInput([{ field, code, message }])

export function factorContext(deps: SecondFactorDeps) {
  const limits = deps.limits ?? defaultSecondFactorLimits
  const perChallenge: Limit = {
    scope: 'second-factor.challenge',
    max: limits.proofsPerChallenge,
    windowSeconds: challengeSeconds,
  }
  const perAccount: Limit = {
    scope: 'second-factor.account',
    max: limits.failuresPerAccount,
    windowSeconds: 15 * 60,
  }
  /** The step-up's rule in the contract: 5 wrong answers for one account from one IP. */
  const stepUpPerAccountAndIp: Limit = {
    scope: 'second-factor.step-up',
    max: limits.stepUpFailuresPerAccountAndIp,
    windowSeconds: 15 * 60,
  }
  return {
    ...deps,
    rp: relyingPartyOf(deps.publicUrl),
    attempts: createAttemptLimits(deps.db, deps.now),
    perChallenge,
    perAccount,
    stepUpPerAccountAndIp,

    /** A change of factors: the step-up was checked; end the others and queue the notice. */
    async afterFactorChange(
      tx: Queryable,
      input: {
        userId: string
        sessionId: string
        kind: 'factor-added' | 'factor-removed'
        factor: NamedFactor
        at: Date
      },
    ): Promise<void> {
      await endOtherSessions(tx, input.userId, input.sessionId, input.at, 'factor-change')
      await deps.sessions.queueSecurityNotice(tx, {
        userId: input.userId,
        sessionId: input.sessionId,
        kind: input.kind,
        factor: input.factor,
        now: input.at,
      })
    },
  }
}

export type FactorContext = ReturnType<typeof factorContext>
