/**
 * The login flow's path model (src/machines/login/login.machine.ts), shared by the machine and UI
 * tests: the password step answers tokens or a challenge with every method; the second step is
 * driven with an empty, a malformed and a well-formed code of each kind, the passkey prompt
 * succeeds or is cancelled, and the server answers every way the screen tells apart.
 */
import type { SnapshotFrom } from 'xstate'
import type { SecondFactorChallenge, TokenPair } from '../../src/machines/forms/login-form.machine'
import type { LoginMachine, PasskeyAssertion } from '../../src/machines/login/login.machine'
import { codeProblem, type CodeMethod } from '../../src/machines/login/second-factor-code'
import { createPathModel, type AnyEventObject } from './model-paths'

type Snapshot = SnapshotFrom<LoginMachine>

export const credentials = { email: 'ann@example.com', password: 'correct-horse' }
/** An account without a factor: the password step's answer is the session. */
export const passwordTokens: TokenPair = { accessToken: 'access-pw', refreshToken: 'refresh-pw' }
/** The session the second step's answer starts. */
export const secondFactorTokens: TokenPair = {
  accessToken: 'access-2f',
  refreshToken: 'refresh-2f',
}

export const challenge: SecondFactorChallenge = {
  challengeToken: 'sf_3kD9sLq0Vb7xYw2NcR5tZa1mEo8uPh4J',
  methods: ['passkey', 'totp', 'recovery-code'],
  passkeyOptions: {
    challenge: 'Y2hhbGxlbmdlLWZyb20tdGhlLXNlcnZlcg',
    rpId: 'localhost',
    timeout: 60000,
    userVerification: 'preferred',
    allowCredentials: [{ id: 'cGFzc2tleS0x', type: 'public-key', transports: ['internal'] }],
  },
}

/** The authenticator's answer, in the contract's shape. */
export const assertion: PasskeyAssertion = {
  id: 'cGFzc2tleS0x',
  rawId: 'cGFzc2tleS0x',
  type: 'public-key',
  authenticatorAttachment: 'platform',
  response: {
    clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
    authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2M',
    signature: 'MEUCIQDs',
    userHandle: 'dXNlci0x',
  },
  clientExtensionResults: {},
}

/** Per kind of code: one the server may check, and one the field refuses. */
export const codes: Record<CodeMethod, { good: string; broken: string }> = {
  totp: { good: '492039', broken: '4920' },
  'recovery-code': { good: 'ABCDE-12345', broken: 'ABC' },
}

/** The second step's refusals, as the contract answers them (errorType and status). */
export const refusals = {
  expired: { errorType: 'INVALID_TOKEN', status: 401 },
  wrong: { errorType: 'INVALID_CREDENTIALS', status: 401 },
  rateLimited: { errorType: 'RATE_LIMITED', status: 429 },
  unavailable: { errorType: 'OTHER_ERROR', status: 503 },
} as const

type CodeStatus = 'empty' | 'broken' | 'good'

export function codeStatusOf(method: CodeMethod | null, code: string): CodeStatus {
  if (code === '' || method === null) return 'empty'
  return codeProblem(method, code) === undefined ? 'good' : 'broken'
}

/**
 * The events each state offers. The graph stays small because edits move forward (empty, broken,
 * good; and a good code again after the server refused one), a code is submitted once per
 * message, the passkey and 'Back to log in' are offered from a fresh app-code field and from the
 * open prompt (and the passkey again after its prompt failed), and the switch from a fresh field.
 */
export function loginEvents(s: Snapshot): AnyEventObject[] {
  const { method, code, problem, codeError } = s.context
  const status = codeStatusOf(method, code)
  const fresh = status === 'empty' && problem === null && codeError === null
  const events: AnyEventObject[] = [
    {
      type: 'xstate.done.actor.passwordStep',
      output: { values: credentials, result: passwordTokens },
    },
    { type: 'xstate.done.actor.passwordStep', output: { values: credentials, result: challenge } },
  ]
  if (s.matches({ secondFactor: 'entering' }) && method) {
    // A second submit of a code whose message shows changes nothing: not offered.
    if (codeError === null) events.push({ type: 'code.submit' })
    if (status === 'empty' && codeError === null)
      events.push({ type: 'code.change', value: codes[method].broken })
    if (status !== 'good' || problem !== null)
      events.push({ type: 'code.change', value: codes[method].good })
    if (fresh) events.push({ type: 'method.switch' })
    if (fresh && method === 'totp')
      events.push({ type: 'passkey.start' }, { type: 'login.restart' })
    if (problem === 'passkey-failed') events.push({ type: 'passkey.start' })
  }
  if (s.matches({ secondFactor: 'askingPasskey' })) {
    events.push(
      { type: 'xstate.done.actor.getPasskeyAssertion', output: assertion },
      {
        type: 'xstate.error.actor.getPasskeyAssertion',
        error: new DOMException(
          'The operation either timed out or was not allowed.',
          'NotAllowedError',
        ),
      },
      { type: 'login.restart' },
    )
  }
  if (s.matches({ secondFactor: 'verifying' })) {
    events.push(
      { type: 'xstate.done.actor.verifySecondFactor', output: secondFactorTokens },
      ...Object.values(refusals).map((error) => ({
        type: 'xstate.error.actor.verifySecondFactor',
        error,
      })),
    )
  }
  return events
}

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
