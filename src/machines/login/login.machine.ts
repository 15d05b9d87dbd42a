/**
 * Logging in (docs/product/flows.md#login, docs/product/screens.md#log-in-form,
 * docs/product/flows.md#login-success, docs/product/errors.md#login-errors,
 * docs/product/account-security.md#login-second-step): the customer enters e-mail and password and,
 * when the account has a second step, confirms with a passkey, an authenticator-app code or a
 * recovery code; waiting too long at that step sends them back to the password. The password step
 * is the log-in form, a child machine with its own texts and errors; an account without a factor is
 * signed in by its answer. An account with one answers a challenge instead, and the secondFactor
 * step asks for a passkey, an authenticator-app code or a recovery code; an expired challenge sends
 * the customer back to the password.
 */
import { assign, fromPromise, setup } from 'xstate'
import { errorTypeOf } from '../../api/api-call'
import type { components } from '../../../openapi/main.gen'
import {
  loginFormMachine,
  type LoginResult,
  type SecondFactorChallenge,
  type TokenPair,
} from '../forms/login-form.machine'
import type { RuleMessage } from '../forms/rule-message'
import { codeProblem, normaliseCode, type CodeMethod } from './second-factor-code'

export type PasskeyRequestOptions = components['schemas']['PasskeyRequestOptions']
export type PasskeyAssertion = components['schemas']['PasskeyAssertion']

/** Exactly one proof: the contract's `SecondFactorProof` without its challenge token. */
export type SecondFactorProof =
  { totpCode: string } | { recoveryCode: string } | { passkey: PasskeyAssertion }

/** Why the last try of the second step did not sign in; the view says it in words. */
export type SecondFactorProblem =
  /** The server refused the code (401 INVALID_CREDENTIALS): shown under the field. */
  | 'wrong-code'
  /** The server refused the passkey's answer (401 INVALID_CREDENTIALS). */
  | 'wrong-passkey'
  /** The browser's passkey prompt was cancelled, timed out or failed. */
  | 'passkey-failed'
  /** 429: too many wrong proofs for this challenge or this account. */
  | 'rate-limited'
  /** Anything else: no answer, 503, a refused request. */
  | 'other'

export interface LoginContext {
  /** The e-mail the password step was sent with: it is filled in again after an expiry. */
  email: string
  /** The server's challenge while the second step runs. */
  challenge: SecondFactorChallenge | null
  /** Which code the field takes; null when the account has passkeys only. */
  method: CodeMethod | null
  code: string
  /** The field's own message, as a code: the code cannot be right ('Required field', 'Enter the 6 digits your app shows'). */
  codeError: RuleMessage | null
  /** The proof on its way to the server. */
  proof: SecondFactorProof | null
  problem: SecondFactorProblem | null
  /** The password step shows that the last challenge expired. */
  expired: boolean
}

export type LoginEvent =
  | { type: 'code.change'; value: string }
  | { type: 'code.submit' }
  /** Between the authenticator app's code and a recovery code. */
  | { type: 'method.switch' }
  | { type: 'passkey.start' }
  /** 'Back to log in': the password step again. */
  | { type: 'login.restart' }

export const isChallenge = (result: LoginResult | null): result is SecondFactorChallenge =>
  result !== null && 'challengeToken' in result

/** The tokens of a password step's answer (the isChallenge guard has taken the challenges). */
function tokensOf(result: LoginResult | null): TokenPair {
  // An empty pair is refused by the auth machine's own guard; `login` never answers one.
  return result !== null && 'accessToken' in result ? result : { accessToken: '', refreshToken: '' }
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '')

/** The codes the account takes, the authenticator app's first. */
export function codeMethodsOf(challenge: SecondFactorChallenge | null): CodeMethod[] {
  return (challenge?.methods ?? []).filter(
    (m): m is CodeMethod => m === 'totp' || m === 'recovery-code',
  )
}

/** The account has a passkey and the challenge carries the options to ask for it. */
export function passkeyOffered(challenge: SecondFactorChallenge | null): boolean {
  return challenge?.methods.includes('passkey') === true && challenge.passkeyOptions !== undefined
}

/** What the second step starts with: the authenticator app's code when the account has one. */
function secondStepFor(challenge: SecondFactorChallenge, email: string): Partial<LoginContext> {
  return {
    email,
    challenge,
    method: codeMethodsOf(challenge)[0] ?? null,
    code: '',
    codeError: null,
    proof: null,
    problem: null,
    expired: false,
  }
}

const noSecondStep = {
  challenge: null,
  method: null,
  code: '',
  codeError: null,
  proof: null,
  problem: null,
} satisfies Partial<LoginContext>

function notProvided(name: string): never {
  throw new Error(`login: ${name} was not provided`)
}

export const loginMachine = setup({
  types: {} as {
    context: LoginContext
    events: LoginEvent
    children: { passwordStep: 'passwordStep' }
  },
  actors: {
    /** The log-in form; the route provides its submit actor (POST /api/auth/login). */
    passwordStep: loginFormMachine,
    /** The browser's passkey prompt (startAuthentication) with the challenge's options. */
    getPasskeyAssertion: fromPromise<
      PasskeyAssertion,
      { options: PasskeyRequestOptions | undefined }
    >(() => notProvided('getPasskeyAssertion')),
    /** POST /api/auth/login/second-factor with the challenge token and one proof. */
    verifySecondFactor: fromPromise<
      TokenPair,
      { challengeToken: string; proof: SecondFactorProof | null }
    >(() => notProvided('verifySecondFactor')),
  },
  actions: {
    startSecondFactor: assign((_, params: { result: LoginResult | null; email: string }) =>
      isChallenge(params.result) ? secondStepFor(params.result, params.email) : {},
    ),
    setCode: assign(({ context }, params: { value: string }) => ({
      code: context.method ? normaliseCode(context.method, params.value) : '',
      codeError: null,
      problem: null,
    })),
    showCodeError: assign(({ context }) => ({
      codeError: context.method ? (codeProblem(context.method, context.code) ?? null) : null,
    })),
    switchMethod: assign(({ context }) => ({
      method: context.method === 'totp' ? ('recovery-code' as const) : ('totp' as const),
      code: '',
      codeError: null,
      problem: null,
    })),
    clearProblems: assign({ codeError: null, problem: null }),
    proveWithCode: assign(({ context }) => ({
      proof:
        context.method === 'totp' ? { totpCode: context.code } : { recoveryCode: context.code },
    })),
    proveWithPasskey: assign((_, params: { assertion: PasskeyAssertion }) => ({
      proof: { passkey: params.assertion },
    })),
    passkeyFailed: assign({ problem: 'passkey-failed', proof: null }),
    /** The code stays in the field for correction; the view says what went wrong. */
    rememberProblem: assign(({ context }, params: { error: unknown }) => {
      const errorType = errorTypeOf(params.error)
      const problem: SecondFactorProblem =
        errorType === 'INVALID_CREDENTIALS'
          ? context.proof && 'passkey' in context.proof
            ? 'wrong-passkey'
            : 'wrong-code'
          : errorType === 'RATE_LIMITED'
            ? 'rate-limited'
            : 'other'
      return { problem, proof: null }
    }),
    expire: assign({ ...noSecondStep, expired: true }),
    restart: assign({ ...noSecondStep, expired: false }),
    /**
     * Hands the tokens to the auth machine, which stores them and goes to /app
     * (docs/product/flows.md#login-success).
     */
    signIn: (_, _params: TokenPair) => {
      notProvided('signIn')
    },
  },
  guards: {
    isChallenge: (_, params: { result: LoginResult | null }) => isChallenge(params.result),
    hasPasskey: ({ context }) => passkeyOffered(context.challenge),
    hasCodeField: ({ context }) => context.method !== null,
    hasBothCodes: ({ context }) => codeMethodsOf(context.challenge).length === 2,
    isCodeValid: ({ context }) =>
      context.method !== null && codeProblem(context.method, context.code) === undefined,
    /** 401 INVALID_TOKEN: the challenge is unknown, used up or older than 5 minutes. */
    isChallengeGone: (_, params: { error: unknown }) =>
      errorTypeOf(params.error) === 'INVALID_TOKEN',
  },
}).createMachine({
  id: 'login',
  description: 'Log in: the password, then the second factor when the account has one',
  context: {
    email: '',
    ...noSecondStep,
    expired: false,
  },
  initial: 'password',
  states: {
    password: {
      description:
        'The log-in form (a child machine) checks e-mail and password; after an expiry it says so.',
      invoke: {
        id: 'passwordStep',
        src: 'passwordStep',
        input: ({ context }) => ({ values: { email: context.email, password: '' } }),
        onDone: [
          {
            guard: {
              type: 'isChallenge',
              params: ({ event }) => ({ result: event.output.result }),
            },
            target: 'secondFactor',
            actions: {
              type: 'startSecondFactor',
              params: ({ event }) => ({
                result: event.output.result,
                email: textOf(event.output.values.email),
              }),
            },
          },
          {
            target: 'signedIn',
            actions: { type: 'signIn', params: ({ event }) => tokensOf(event.output.result) },
          },
        ],
      },
    },
    secondFactor: {
      description: 'The password was right and the account asks for its second factor.',
      initial: 'entering',
      on: { 'login.restart': { target: 'password', actions: 'restart' } },
      states: {
        entering: {
          description:
            "The code field (app or recovery code) and, with a passkey, 'Use passkey'; the last problem shows.",
          on: {
            'code.change': { actions: { type: 'setCode', params: ({ event }) => event } },
            'code.submit': [
              {
                guard: 'isCodeValid',
                target: 'verifying',
                actions: ['clearProblems', 'proveWithCode'],
              },
              { guard: 'hasCodeField', actions: 'showCodeError' },
            ],
            'method.switch': { guard: 'hasBothCodes', actions: 'switchMethod' },
            'passkey.start': {
              guard: 'hasPasskey',
              target: 'askingPasskey',
              actions: 'clearProblems',
            },
          },
        },
        askingPasskey: {
          description: "The browser's passkey prompt is open with the challenge's options.",
          invoke: {
            id: 'getPasskeyAssertion',
            src: 'getPasskeyAssertion',
            input: ({ context }) => ({ options: context.challenge?.passkeyOptions }),
            onDone: {
              target: 'verifying',
              actions: {
                type: 'proveWithPasskey',
                params: ({ event }) => ({ assertion: event.output }),
              },
            },
            onError: { target: 'entering', actions: 'passkeyFailed' },
          },
        },
        verifying: {
          description: 'The proof is with the server; the buttons are disabled.',
          invoke: {
            id: 'verifySecondFactor',
            src: 'verifySecondFactor',
            input: ({ context }) => ({
              challengeToken: context.challenge?.challengeToken ?? '',
              proof: context.proof,
            }),
            onDone: {
              target: '#login.signedIn',
              actions: { type: 'signIn', params: ({ event }) => event.output },
            },
            onError: [
              {
                guard: { type: 'isChallengeGone', params: ({ event }) => ({ error: event.error }) },
                target: '#login.password',
                actions: 'expire',
              },
              {
                target: 'entering',
                actions: {
                  type: 'rememberProblem',
                  params: ({ event }) => ({ error: event.error }),
                },
              },
            ],
          },
        },
      },
    },
    signedIn: {
      type: 'final',
      description: 'The tokens went to the auth machine, which stores them and goes to /app.',
    },
  },
})

export type LoginMachine = typeof loginMachine
