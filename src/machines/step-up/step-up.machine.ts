import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { errorTypeOf } from '../../api/api-error'

/** How the customer confirms: the account's password, or a code from the authenticator app. */
export type StepUpMethod = 'password' | 'code'

/** What the step-up call sends (the contract's StepUpRequest: exactly one of the two). */
export type StepUpAnswer = { password: string } | { totpCode: string }

/**
 * Why the dialog shows a message: nothing typed, not six digits, a wrong answer, too many
 * attempts (429), or anything else.
 */
export type StepUpProblem = 'required' | 'codeFormat' | 'wrong' | 'rateLimited' | 'failed'

export interface StepUpContext {
  hasTotp: boolean
  method: StepUpMethod
  answer: string
  problem: StepUpProblem | null
}

export type StepUpEvent =
  /** A sensitive change answered 403 STEP_UP_REQUIRED; `hasTotp` offers the app's code. */
  | { type: 'stepUp.open'; hasTotp: boolean }
  | { type: 'answer.change'; value: string }
  /** Password ↔ authenticator code (only when the account has an app). */
  | { type: 'method.switch' }
  | { type: 'form.submit' }
  | { type: 'stepUp.cancel' }

/** A code as typed ('123 456') as it is sent ('123456'). */
export const codeOf = (answer: string) => answer.replace(/\s+/g, '')

export function answerOf(context: Pick<StepUpContext, 'method' | 'answer'>): StepUpAnswer {
  return context.method === 'code'
    ? { totpCode: codeOf(context.answer) }
    : { password: context.answer }
}

/** The rule the dialog checks before sending: something typed, and a code of six digits. */
export function answerProblem(context: Pick<StepUpContext, 'method' | 'answer'>) {
  if (context.answer === '') return 'required' as const
  if (context.method === 'code' && !/^[0-9]{6}$/.test(codeOf(context.answer)))
    return 'codeFormat' as const
  return null
}

/** A refused step-up as the customer reads it: wrong (401), too many attempts (429), or other. */
export function problemOf(error: unknown): StepUpProblem {
  const errorType = errorTypeOf(error)
  if (errorType === 'INVALID_CREDENTIALS' || errorType === 'VALIDATION_ERROR') return 'wrong'
  if (errorType === 'RATE_LIMITED') return 'rateLimited'
  return 'failed'
}

const closedContext = (hasTotp: boolean): StepUpContext => ({
  hasTotp,
  method: 'password',
  answer: '',
  problem: null,
})

/**
 * The 'Confirm it's you' dialog, a step-up (docs/product/account-security.md#step-up,
 * docs/product/account-security.md#step-up-dialog): before a sensitive change the customer types
 * their password or a code from the authenticator app, and the change then goes ahead by itself. A
 * sensitive change that answers 403 STEP_UP_REQUIRED opens it; the password, or a code from the
 * authenticator app, is checked, and on success the waiting change goes on by itself.
 */
export const stepUpMachine = setup({
  types: {} as { context: StepUpContext; events: StepUpEvent },
  actors: {
    /** POST /api/account/step-up. */
    checkStepUp: fromPromise<unknown, StepUpAnswer>(() => {
      throw new Error('stepUp: the checkStepUp actor was not provided')
    }),
  },
  actions: {
    open: assign((_, params: { hasTotp: boolean }) => closedContext(params.hasTotp)),
    setAnswer: assign((_, params: { value: string }) => ({ answer: params.value, problem: null })),
    switchMethod: assign(({ context }) => ({
      method: context.method === 'password' ? ('code' as const) : ('password' as const),
      answer: '',
      problem: null,
    })),
    showProblem: assign(({ context }) => ({ problem: answerProblem(context) })),
    rememberRefusal: assign((_, params: { error: unknown }) => ({
      problem: problemOf(params.error),
    })),
    /** Nothing typed stays in memory once the dialog has closed. */
    forget: assign(({ context }) => closedContext(context.hasTotp)),
    /** The waiting change goes on; the route provides it. */
    confirmed: () => {
      throw new Error('stepUp: the confirmed action was not provided')
    },
    /** The waiting change is dropped; the route provides it. */
    cancelled: () => {
      throw new Error('stepUp: the cancelled action was not provided')
    },
  },
  guards: {
    hasTotp: ({ context }) => context.hasTotp,
    answerReady: ({ context }) => answerProblem(context) === null,
  },
}).createMachine({
  id: 'stepUp',
  description: "'Confirm it's you': the password or an app code before a sensitive change",
  context: closedContext(false),
  initial: 'closed',
  states: {
    closed: {
      description: 'No change is waiting for a confirmation.',
      on: {
        'stepUp.open': {
          target: 'open',
          actions: { type: 'open', params: ({ event }) => ({ hasTotp: event.hasTotp }) },
        },
      },
    },
    open: {
      description: 'The dialog shows; Cancel drops the waiting change.',
      initial: 'editing',
      on: { 'stepUp.cancel': { target: 'closed', actions: ['forget', 'cancelled'] } },
      states: {
        editing: {
          description: 'The customer types the password, or switches to an app code.',
          on: {
            'answer.change': {
              actions: { type: 'setAnswer', params: ({ event }) => ({ value: event.value }) },
            },
            'method.switch': { guard: 'hasTotp', actions: 'switchMethod' },
            'form.submit': [
              { guard: 'answerReady', target: 'checking' },
              { actions: 'showProblem' },
            ],
          },
        },
        checking: {
          description: 'The answer is with the server; Confirm is disabled.',
          invoke: {
            id: 'checkStepUp',
            src: 'checkStepUp',
            input: ({ context }) => answerOf(context),
            onDone: { target: '#stepUp.closed', actions: ['forget', 'confirmed'] },
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
  return {
    open: snapshot.matches('open'),
    checking: snapshot.matches({ open: 'checking' }),
    hasTotp: context.hasTotp,
    method: context.method,
    answer: context.answer,
    problem: context.problem,
  }
}

export type StepUpView = ReturnType<typeof selectStepUpView>
