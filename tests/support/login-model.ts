/**
 * The login flow's path model (src/machines/login/login.machine.ts), shared by the machine and UI
 * tests: the samples of src/flows/fixtures/login.ts, what tells two login states apart, and how
 * the samples read in a path name.
 */
import type { SnapshotFrom } from 'xstate'
import type { LoginMachine } from '../../src/machines/login/login.machine'
import { codeStatusOf, loginEvents } from '../../src/flows/fixtures/login'
import { createPathModel } from './model-paths'

type Snapshot = SnapshotFrom<LoginMachine>

/** What tells two login states apart for the customer. */
export function serializeLogin(s: Snapshot): string {
  const { method, code, codeError, problem, expired, proof } = s.context
  const proofKind = proof ? Object.keys(proof)[0] : null
  return JSON.stringify([
    s.value,
    method,
    codeStatusOf(method, code),
    codeError,
    problem,
    expired,
    s.matches({ secondFactor: 'verifying' }) ? proofKind : null,
  ])
}

export function createLoginPathModel(machine: LoginMachine) {
  return createPathModel(machine, {
    events: loginEvents,
    serializeState: serializeLogin,
    serializeEvent: (e) => {
      if (e.type === 'xstate.done.actor.passwordStep') {
        const { result } = (e as unknown as { output: { result: object } }).output
        return `${e.type}(${'challengeToken' in result ? 'challenge' : 'tokens'})`
      }
      if (e.type === 'xstate.error.actor.verifySecondFactor')
        return `${e.type}(${(e as unknown as { error: { errorType: string } }).error.errorType})`
      if (e.type.startsWith('xstate.')) return e.type
      return 'value' in e ? `${e.type}(${String(e.value)})` : e.type
    },
  })
}
