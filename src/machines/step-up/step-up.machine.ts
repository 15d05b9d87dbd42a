import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type AnyActorRef,
  type SnapshotFrom,
} from 'xstate'
import { ApiError, errorTypeOf } from '../../api/api-call'
import type { components } from '../../../openapi/main.gen'
import { codeProblem, normaliseCode, type CodeMethod } from '../login/second-factor-code'
import type { PasskeyAssertion } from '../passkeys/passkey-assertion'
import { promptProblemOf } from '../passkeys/passkey-prompt'
import type {
  StepUpFactorsReport,
  StepUpOutcome,
  StepUpProtocolEvent,
} from '../security/security-protocol'

/** What the step-up call sends: the contract's StepUpRequest (the password, and one proof). */
export type StepUpRequest = components['schemas']['StepUpRequest']

/** What the account has, as the Security section's cards read it (GET /api/account/security). */
export interface StepUpFactors {
  totp: boolean
  passkey: boolean
  /** Recovery codes are left to use (they come with the authenticator app). */
  recoveryCodes: boolean
}

/**
 * The proof of the second factor the dialog asks for with the password: a code from the
 * authenticator app, a recovery code, or the passkey. An account without a factor has none.
 */
export type StepUpProof = CodeMethod | 'passkey'

/** Why a field shows a message before anything is sent: nothing typed, or not a code's shape. */
export type StepUpFieldProblem = 'required' | 'format'

/**
 * Why the dialog shows a message after a try: a wrong password or proof (401; the server does not
 * say which), too many attempts (429), anything else, or a passkey prompt that was closed (or timed
 * out) or failed.
 */
export type StepUpProblem =
  'wrong' | 'rateLimited' | 'failed' | 'passkeyCancelled' | 'passkeyFailed'

export interface StepUpContext {
  /** What the cards last said the account has; the next dialog asks for it. */
  account: StepUpFactors
  /** The changes that wait for the confirmation: each is told the outcome. */
  waiting: AnyActorRef[]
  /** What the account had when the dialog opened: the proofs it offers. */
  factors: StepUpFactors
  /** Null for an account without a second factor: the password alone. */
  proof: StepUpProof | null
  password: string
  /** The app's or the recovery code, as it is sent (digits only; no spaces). */
  code: string
  passwordProblem: StepUpFieldProblem | null
  codeProblem: StepUpFieldProblem | null
  /** The passkey's answer on its way to the server, with the password. */
  assertion: PasskeyAssertion | null
  problem: StepUpProblem | null
}

export type StepUpEvent =
  /** A sensitive change answered 403 STEP_UP_REQUIRED; what the cards read of the account. */
  | StepUpProtocolEvent
  | { type: 'password.change'; value: string }
  | { type: 'code.change'; value: string }
  /** Another of the account's proofs: the app's code, a recovery code or the passkey. */
  | { type: 'proof.switch'; proof: StepUpProof }
  | { type: 'form.submit' }
  | { type: 'stepUp.cancel' }

const noFactors: StepUpFactors = { totp: false, passkey: false, recoveryCodes: false }

/** The proofs an account can give, the authenticator app's code first. */
export function proofsOf(factors: StepUpFactors): StepUpProof[] {
  const proofs: StepUpProof[] = []
  if (factors.totp) proofs.push('totp')
  if (factors.recoveryCodes) proofs.push('recovery-code')
  if (factors.passkey) proofs.push('passkey')
  return proofs
}

/** The other proofs the dialog offers to switch to. */
export const switchesOf = (context: Pick<StepUpContext, 'factors' | 'proof'>) =>
  proofsOf(context.factors).filter((proof) => proof !== context.proof)

/** The password's rule before sending: something typed. */
export const passwordProblemOf = (password: string): StepUpFieldProblem | null =>
  password === '' ? 'required' : null

/** A code's rule before sending: six digits, or a recovery code's shape (the contract's patterns). */
export function codeProblemOf(proof: StepUpProof | null, code: string): StepUpFieldProblem | null {
  if (proof !== 'totp' && proof !== 'recovery-code') return null
  if (code === '') return 'required'
  return codeProblem(proof, code) === undefined ? null : 'format'
}

/** Everything the dialog can check itself is right. */
export const formReady = (context: Pick<StepUpContext, 'proof' | 'password' | 'code'>) =>
  passwordProblemOf(context.password) === null &&
  codeProblemOf(context.proof, context.code) === null

/** The body of POST /api/account/step-up: the password, and the proof when the account has one. */
export function requestOf(
  context: Pick<StepUpContext, 'proof' | 'password' | 'code' | 'assertion'>,
): StepUpRequest {
  const { password, proof, code, assertion } = context
  if (proof === 'totp') return { password, totpCode: code }
  if (proof === 'recovery-code') return { password, recoveryCode: code }
  if (proof === 'passkey' && assertion) return { password, passkey: assertion }
  return { password }
}

/**
 * A refused step-up as the customer reads it: wrong (401), too many attempts (429), or other (a
 * 400 too: the dialog checks the shapes, so one means the account's factors changed meanwhile).
 */
export function problemOf(error: unknown): StepUpProblem {
  const errorType = errorTypeOf(error)
  if (errorType === 'INVALID_CREDENTIALS') return 'wrong'
  if (errorType === 'RATE_LIMITED') return 'rateLimited'
  return 'failed'
}

/** The passkey step's failure: the options call's refusal, or the browser prompt's. */
export function passkeyProblemOf(error: unknown): StepUpProblem {
  if (error instanceof ApiError) return problemOf(error)
  return promptProblemOf(error) === 'cancelled' ? 'passkeyCancelled' : 'passkeyFailed'
}

/** The dialog's own fields, as they are while it is closed. */
const closedDialog = {
  factors: noFactors,
  proof: null,
  password: '',
  code: '',
  passwordProblem: null,
  codeProblem: null,
  assertion: null,
  problem: null,
} satisfies Omit<StepUpContext, 'account' | 'waiting'>

/** A card's report merged into what the account has. */
function accountAfter(account: StepUpFactors, report: StepUpFactorsReport): StepUpFactors {
  return {
    totp: report.hasTotp ?? account.totp,
    recoveryCodes: report.hasRecoveryCodes ?? account.recoveryCodes,
    passkey: report.hasPasskey ?? account.passkey,
  }
}

/**
 * The 'Confirm it's you' dialog, a step-up (docs/product/account-security.md#step-up,
 * docs/product/account-security.md#step-up-dialog): before a sensitive change the customer types
 * their password and, when the account has a second factor, proves it too (a code from the
 * authenticator app, a recovery code, or the passkey), and the change then goes ahead by itself. A
 * sensitive change that answers 403 STEP_UP_REQUIRED asks for it (`stepUp.request`, the protocol of
 * step-up-protocol.ts) and it opens with what the cards said the account has; Confirm checks the
 * fields, runs the passkey prompt (options from the server, then the browser) when the proof is the
 * passkey, and sends the password with the proof. Its outcome goes to every change that waits: one
 * confirmation serves them all, as it does on the server.
 */
export const stepUpMachine = setup({
  types: {} as { context: StepUpContext; events: StepUpEvent },
  actors: {
    /** POST /api/account/step-up/passkey-options, then the browser's passkey prompt. */
    askPasskey: fromPromise<PasskeyAssertion>(() => {
      throw new Error('stepUp: the askPasskey actor was not provided')
    }),
    /** POST /api/account/step-up. */
    checkStepUp: fromPromise<unknown, StepUpRequest>(() => {
      throw new Error('stepUp: the checkStepUp actor was not provided')
    }),
  },
  actions: {
    learnAccount: assign(({ context }, params: { report: StepUpFactorsReport }) => ({
      account: accountAfter(context.account, params.report),
    })),
    addWaiting: assign(({ context }, params: { requester: AnyActorRef }) => ({
      waiting: context.waiting.includes(params.requester)
        ? context.waiting
        : [...context.waiting, params.requester],
    })),
    open: assign(({ context }) => ({
      ...closedDialog,
      factors: context.account,
      proof: proofsOf(context.account)[0] ?? null,
    })),
    setPassword: assign((_, params: { value: string }) => ({
      password: params.value,
      passwordProblem: null,
      problem: null,
    })),
    setCode: assign(({ context }, params: { value: string }) => ({
      code:
        context.proof === 'totp' || context.proof === 'recovery-code'
          ? normaliseCode(context.proof, params.value)
          : '',
      codeProblem: null,
      problem: null,
    })),
    /** Another proof; the password stays. */
    switchProof: assign((_, params: { proof: StepUpProof }) => ({
      proof: params.proof,
      code: '',
      codeProblem: null,
      problem: null,
    })),
    showChecks: assign(({ context }) => ({
      passwordProblem: passwordProblemOf(context.password),
      codeProblem: codeProblemOf(context.proof, context.code),
      problem: null,
    })),
    clearProblem: assign({ problem: null }),
    keepAssertion: assign((_, params: { assertion: PasskeyAssertion }) => ({
      assertion: params.assertion,
    })),
    rememberPasskeyFailure: assign((_, params: { error: unknown }) => ({
      problem: passkeyProblemOf(params.error),
    })),
    /** The fields stay for a correction; a passkey answer is used once. */
    rememberRefusal: assign((_, params: { error: unknown }) => ({
      problem: problemOf(params.error),
      assertion: null,
    })),
    /** Nothing typed stays in memory once the dialog has closed. */
    forget: assign(closedDialog),
    /** Every waiting change goes on (`stepUp.confirmed`) or is dropped (`stepUp.cancelled`). */
    answer: enqueueActions(({ context, enqueue }, params: StepUpOutcome) => {
      for (const requester of context.waiting) enqueue.sendTo(requester, params)
      enqueue.assign({ waiting: [] })
    }),
  },
  guards: {
    asksCode: ({ context }) => context.proof === 'totp' || context.proof === 'recovery-code',
    offers: ({ context }, params: { proof: StepUpProof }) =>
      switchesOf(context).includes(params.proof),
    readyForPasskey: ({ context }) => context.proof === 'passkey' && formReady(context),
    formReady: ({ context }) => formReady(context),
  },
}).createMachine({
  id: 'stepUp',
  description: "'Confirm it's you': the password, and the second factor, before a sensitive change",
  context: { ...closedDialog, account: noFactors, waiting: [] },
  initial: 'closed',
  on: {
    'stepUp.factors': {
      actions: { type: 'learnAccount', params: ({ event }) => ({ report: event }) },
    },
  },
  states: {
    closed: {
      description: 'No change is waiting for a confirmation.',
      on: {
        'stepUp.request': {
          target: 'open',
          actions: [
            { type: 'addWaiting', params: ({ event }) => ({ requester: event.requester }) },
            'open',
          ],
        },
      },
    },
    open: {
      description: 'The dialog shows; Cancel drops every waiting change.',
      initial: 'editing',
      on: {
        /** Another change needs it too: the one confirmation serves both. */
        'stepUp.request': {
          actions: { type: 'addWaiting', params: ({ event }) => ({ requester: event.requester }) },
        },
        'stepUp.cancel': {
          target: 'closed',
          actions: ['forget', { type: 'answer', params: { type: 'stepUp.cancelled' } }],
        },
      },
      states: {
        editing: {
          description:
            'The customer types the password and the code, or switches to another proof.',
          on: {
            'password.change': {
              actions: { type: 'setPassword', params: ({ event }) => ({ value: event.value }) },
            },
            'code.change': {
              guard: 'asksCode',
              actions: { type: 'setCode', params: ({ event }) => ({ value: event.value }) },
            },
            'proof.switch': {
              guard: { type: 'offers', params: ({ event }) => ({ proof: event.proof }) },
              actions: { type: 'switchProof', params: ({ event }) => ({ proof: event.proof }) },
            },
            'form.submit': [
              { guard: 'readyForPasskey', target: 'askingPasskey', actions: 'clearProblem' },
              { guard: 'formReady', target: 'checking', actions: 'clearProblem' },
              { actions: 'showChecks' },
            ],
          },
        },
        askingPasskey: {
          description: "The server's passkey challenge, then the browser's prompt.",
          invoke: {
            id: 'askPasskey',
            src: 'askPasskey',
            onDone: {
              target: 'checking',
              actions: {
                type: 'keepAssertion',
                params: ({ event }) => ({ assertion: event.output }),
              },
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'rememberPasskeyFailure',
                params: ({ event }) => ({ error: event.error }),
              },
            },
          },
        },
        checking: {
          description: 'The password and the proof are with the server; Confirm is disabled.',
          invoke: {
            id: 'checkStepUp',
            src: 'checkStepUp',
            input: ({ context }) => requestOf(context),
            onDone: {
              target: '#stepUp.closed',
              actions: ['forget', { type: 'answer', params: { type: 'stepUp.confirmed' } }],
            },
            onError: {
              target: 'editing',
              actions: {
                type: 'rememberRefusal',
                params: ({ event }) => ({ error: event.error }),
              },
            },
          },
        },
      },
    },
  },
})

export type StepUpMachine = typeof stepUpMachine
export type StepUpSnapshot = SnapshotFrom<StepUpMachine>

/** What the dialog shows, read from the chart. */
export function selectStepUpView(snapshot: StepUpSnapshot) {
  const { context } = snapshot
  const checking = snapshot.matches({ open: 'checking' })
  const prompting = snapshot.matches({ open: 'askingPasskey' })
  return {
    open: snapshot.matches('open'),
    checking,
    prompting,
    busy: checking || prompting,
    proof: context.proof,
    switches: switchesOf(context),
    password: context.password,
    code: context.code,
    passwordProblem: context.passwordProblem,
    codeProblem: context.codeProblem,
    problem: context.problem,
  }
}

export type StepUpView = ReturnType<typeof selectStepUpView>
