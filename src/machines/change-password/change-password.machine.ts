import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { errorTypeOf, fieldMessageOf } from '../../api/api-call'
import { serverReason, type RuleMessage } from '../forms/rule-message'
import { validateField, type FieldRules } from '../forms/validation'
import * as protocol from '../security/security-protocol'

/**
 * The contract's NewPassword (6 to 128) with its messages
 * (docs/product/validation.md#change-password).
 */
export const newPasswordRules: FieldRules = {
  label: 'newPassword',
  kind: 'text',
  required: true,
  min: 6,
  max: 128,
}

export interface ChangePasswordContext extends protocol.StepUpAware {
  password: string
  /** The rule's message, or the server's reason (a weak password), under the field, as a code. */
  problem: RuleMessage | null
  /** The error type of the last change that did not happen. */
  failure: string | null
}

export type ChangePasswordEvent =
  { type: 'password.change'; value: string } | { type: 'form.submit' } | protocol.StepUpOutcome

const ruleProblem = (password: string) => validateField(newPasswordRules, password) ?? null

/**
 * Changing the password (docs/product/account-security.md#password-change,
 * docs/product/validation.md#change-password, docs/product/account-security.md#step-up): the
 * customer types a new password, confirms it's them when asked, and every other device is signed
 * out. The new password follows the registration's rules; the server's reason for a weak one shows
 * under the field and the input stays. A step-up comes first when the server asks for one. Every
 * other session ends.
 */
export const changePasswordMachine = setup({
  types: {} as { context: ChangePasswordContext; events: ChangePasswordEvent },
  actors: {
    /** PUT /api/account/password. */
    changePassword: fromPromise<unknown, { newPassword: string }>(() => {
      throw new Error('changePassword: the changePassword actor was not provided')
    }),
  },
  actions: {
    ...protocol.stepUpActions,
    ...protocol.sectionActions,
    setPassword: assign((_, params: { value: string }) => ({
      password: params.value,
      problem: null,
      failure: null,
    })),
    showProblem: assign(({ context }) => ({ problem: ruleProblem(context.password) })),
    startChange: assign({ ...protocol.freshChange, problem: null, failure: null }),
    /** The server named the field: its reason (weak, common, the e-mail) shows under it. */
    refused: assign((_, params: { error: unknown }) => {
      const reason = fieldMessageOf(params.error, '/newPassword')
      return { problem: reason === undefined ? null : serverReason('newPassword', reason) }
    }),
    fail: assign((_, params: { error: unknown }) => ({
      failure: errorTypeOf(params.error),
    })),
    forget: assign({ password: '', problem: null, failure: null }),
  },
  guards: {
    ...protocol.stepUpGuards,
    valid: ({ context }) => ruleProblem(context.password) === null,
    namesPassword: (_, params: { error: unknown }) =>
      fieldMessageOf(params.error, '/newPassword') !== undefined,
  },
}).createMachine({
  id: 'changePassword',
  description: 'Change the password: a new one, a step-up, every other session ends',
  context: { password: '', problem: null, ...protocol.freshChange, failure: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The customer types a new password; a broken rule shows on submit.',
      on: {
        'password.change': {
          actions: { type: 'setPassword', params: ({ event }) => ({ value: event.value }) },
        },
        'form.submit': [
          { guard: 'valid', target: 'submitting', actions: 'startChange' },
          { actions: 'showProblem' },
        ],
      },
    },
    submitting: {
      description: 'The new password is with the server; the button is disabled.',
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ newPassword: context.password }),
        onDone: { target: 'changed', actions: ['forget', 'securityChanged'] },
        onError: [
          protocol.askStepUp('confirming'),
          {
            guard: { type: 'namesPassword', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    confirming: {
      description: "'Confirm it's you' is open; a confirmation sends the password again, once.",
      on: {
        'stepUp.confirmed': 'submitting',
        'stepUp.cancelled': 'editing',
      },
    },
    failed: {
      description: 'The change did not happen: a message; the input stays.',
      on: {
        'password.change': {
          target: 'editing',
          actions: { type: 'setPassword', params: ({ event }) => ({ value: event.value }) },
        },
        // The password kept here passed the rules when it was sent.
        'form.submit': { target: 'submitting', actions: 'startChange' },
      },
    },
    changed: {
      description: "'Your password has been changed.' shows; the field is empty again.",
      on: {
        'password.change': {
          target: 'editing',
          actions: { type: 'setPassword', params: ({ event }) => ({ value: event.value }) },
        },
      },
    },
  },
})

export type ChangePasswordMachine = typeof changePasswordMachine
export type ChangePasswordSnapshot = SnapshotFrom<ChangePasswordMachine>

/** What the password card shows, read from the chart. */
export function selectChangePasswordView(snapshot: ChangePasswordSnapshot) {
  const { context } = snapshot
  return {
    password: context.password,
    problem: context.problem,
    submitting: snapshot.matches('submitting') || snapshot.matches('confirming'),
    changed: snapshot.matches('changed'),
    failure: snapshot.matches('failed') ? context.failure : null,
  }
}

export type ChangePasswordView = ReturnType<typeof selectChangePasswordView>
