import { assign, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate'
import { errorTypeOf, statusOf } from '../../api/api-call'
import type { components } from '../../../openapi/main.gen'
import * as protocol from '../security/security-protocol'

type Schemas = components['schemas']
export type TotpEnrolment = Schemas['TotpEnrolment']

/** What the security overview says about the app. */
export interface TotpStatus {
  enabled: boolean
  recoveryCodesLeft: number
}

/** Why the code field shows a message. */
export type CodeProblem = 'required' | 'format' | 'wrong' | 'rateLimited' | 'failed'

export type AppNotice = 'enabled' | 'removed'

export interface AuthenticatorAppContext extends TotpStatus, protocol.StepUpAware {
  enrolment: TotpEnrolment | null
  code: string
  codeProblem: CodeProblem | null
  /** The ten recovery codes, held only until the customer says they are saved. */
  recoveryCodes: string[]
  notice: AppNotice | null
  /** The error type of the last change that did not happen. */
  failure: string | null
}

export type AuthenticatorAppEvent =
  | { type: 'totp.reload' }
  | { type: 'totp.setUp' }
  | { type: 'code.change'; value: string }
  | { type: 'code.submit' }
  | { type: 'setUp.cancel' }
  | { type: 'codes.copy' }
  | { type: 'codes.saved' }
  | { type: 'totp.remove' }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | protocol.StepUpOutcome

/** A code as typed ('492 039') as it is sent ('492039'). */
export const totpCodeOf = (typed: string) => typed.replace(/\s+/g, '')

export function codeProblem(typed: string): CodeProblem | null {
  const code = totpCodeOf(typed)
  if (code === '') return 'required'
  return /^[0-9]{6}$/.test(code) ? null : 'format'
}

/** A refused confirmation: a wrong (or stale) code is 400 naming /code; 429 is the code limit. */
export function refusedCodeProblem(error: unknown): CodeProblem {
  const errorType = errorTypeOf(error)
  if (errorType === 'VALIDATION_ERROR') return 'wrong'
  if (errorType === 'RATE_LIMITED') return 'rateLimited'
  return 'failed'
}

const empty: AuthenticatorAppContext = {
  enabled: false,
  recoveryCodesLeft: 0,
  enrolment: null,
  code: '',
  codeProblem: null,
  recoveryCodes: [],
  ...protocol.freshChange,
  notice: null,
  failure: null,
}

const messagesCleared = { notice: null, failure: null }

/**
 * The authenticator app, a second step at log-in
 * (docs/product/account-security.md#authenticator-app,
 * docs/product/account-security.md#recovery-codes,
 * docs/product/account-security.md#authenticator-app-card): the customer scans a QR code with an
 * app on their phone, confirms with the code the app shows and keeps ten recovery codes shown only
 * once, or removes the app again. Technically it is TOTP: 'Set up' gets a new secret (a step-up
 * first when the server asks), shown as a QR code and as Base32; a code from the app confirms it,
 * and the ten recovery codes show once until 'I have saved them'. 'Remove' asks for a confirmation
 * (and a step-up).
 */
export const authenticatorAppMachine = setup({
  types: {} as { context: AuthenticatorAppContext; events: AuthenticatorAppEvent },
  actors: {
    /** GET /api/account/security: whether an app is set up. */
    loadTotp: fromPromise<TotpStatus>(() => {
      throw new Error('authenticatorApp: the loadTotp actor was not provided')
    }),
    /** POST /api/account/totp/enrolment. */
    startTotpEnrolment: fromPromise<TotpEnrolment>(() => {
      throw new Error('authenticatorApp: the startTotpEnrolment actor was not provided')
    }),
    /** POST /api/account/totp: the ten recovery codes. */
    confirmTotp: fromPromise<string[], { code: string }>(() => {
      throw new Error('authenticatorApp: the confirmTotp actor was not provided')
    }),
    /** DELETE /api/account/totp. */
    removeTotp: fromPromise<unknown>(() => {
      throw new Error('authenticatorApp: the removeTotp actor was not provided')
    }),
    /** The recovery codes to the clipboard. */
    copyCodes: fromPromise<unknown, { codes: string[] }>(() => {
      throw new Error('authenticatorApp: the copyCodes actor was not provided')
    }),
  },
  actions: {
    ...protocol.stepUpActions,
    ...protocol.sectionActions,
    adopt: assign((_, params: { status: TotpStatus }) => ({
      enabled: params.status.enabled,
      recoveryCodesLeft: params.status.recoveryCodesLeft,
    })),
    startChange: assign({ ...protocol.freshChange, ...messagesCleared }),
    keepEnrolment: assign((_, params: { enrolment: TotpEnrolment }) => ({
      enrolment: params.enrolment,
      code: '',
      codeProblem: null,
      ...protocol.freshChange,
    })),
    setCode: assign((_, params: { value: string }) => ({ code: params.value, codeProblem: null })),
    clearCodeProblem: assign({ codeProblem: null }),
    showCodeProblem: assign(({ context }) => ({ codeProblem: codeProblem(context.code) })),
    codeRefused: assign((_, params: { error: unknown }) => ({
      codeProblem: refusedCodeProblem(params.error),
    })),
    showRecoveryCodes: assign((_, params: { codes: string[] }) => ({
      recoveryCodes: params.codes,
      enrolment: null,
      code: '',
      enabled: true,
      recoveryCodesLeft: params.codes.length,
    })),
    forgetRecoveryCodes: assign({ recoveryCodes: [], notice: 'enabled' as const }),
    dropEnrolment: assign({ enrolment: null, code: '', codeProblem: null }),
    removed: assign({ enabled: false, recoveryCodesLeft: 0, notice: 'removed' as const }),
    fail: assign((_, params: { error: unknown }) => ({
      failure: errorTypeOf(params.error),
    })),
    clearMessages: assign(messagesCleared),
    /** The step-up asks for the app's code (or a recovery code) while the app is on. */
    reportFactors: sendTo(protocol.stepUpIn, ({ context }) => ({
      type: 'stepUp.factors',
      hasTotp: context.enabled,
      hasRecoveryCodes: context.enabled && context.recoveryCodesLeft > 0,
    })),
  },
  guards: {
    ...protocol.stepUpGuards,
    isEnabled: (_, params: { status: TotpStatus }) => params.status.enabled,
    /** 409: an app was set up meanwhile (another tab); 404: it was removed meanwhile. */
    changedElsewhere: (_, params: { error: unknown }) =>
      statusOf(params.error) === 409 || statusOf(params.error) === 404,
    codeReady: ({ context }) => codeProblem(context.code) === null,
  },
}).createMachine({
  id: 'authenticatorApp',
  description: 'The authenticator app (TOTP): set up with a QR code, recovery codes, remove',
  context: empty,
  initial: 'loading',
  states: {
    loading: {
      description: 'Whether an app is set up is being read.',
      invoke: {
        id: 'loadTotp',
        src: 'loadTotp',
        onDone: [
          {
            guard: { type: 'isEnabled', params: ({ event }) => ({ status: event.output }) },
            target: 'on',
            actions: [
              { type: 'adopt', params: ({ event }) => ({ status: event.output }) },
              'reportFactors',
            ],
          },
          {
            target: 'off',
            actions: [
              { type: 'adopt', params: ({ event }) => ({ status: event.output }) },
              'reportFactors',
            ],
          },
        ],
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: "Whether an app is set up could not be read: a message and 'Try again'.",
      on: { 'totp.reload': { target: 'loading', actions: 'clearMessages' } },
    },
    off: {
      description: "No app is set up: 'Set up'.",
      on: {
        'totp.setUp': { target: 'settingUp', actions: 'startChange' },
      },
    },
    settingUp: {
      description: 'An app is being set up: a secret, a code from the app, the recovery codes.',
      initial: 'starting',
      states: {
        starting: {
          description: 'The server makes a new secret.',
          invoke: {
            id: 'startTotpEnrolment',
            src: 'startTotpEnrolment',
            onDone: {
              target: 'scanning',
              actions: {
                type: 'keepEnrolment',
                params: ({ event }) => ({ enrolment: event.output }),
              },
            },
            onError: [
              protocol.askStepUp('confirmingStart'),
              {
                guard: {
                  type: 'changedElsewhere',
                  params: ({ event }) => ({ error: event.error }),
                },
                target: '#authenticatorApp.loading',
              },
              {
                target: '#authenticatorApp.off',
                actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        confirmingStart: {
          description:
            "'Confirm it's you' is open; a confirmation asks for the secret again, once.",
          on: {
            'stepUp.confirmed': 'starting',
            'stepUp.cancelled': '#authenticatorApp.off',
          },
        },
        scanning: {
          description: 'The QR code and the grouped secret; the customer types the app’s code.',
          on: {
            'code.change': {
              actions: { type: 'setCode', params: ({ event }) => ({ value: event.value }) },
            },
            'code.submit': [
              { guard: 'codeReady', target: 'verifying', actions: 'clearCodeProblem' },
              { actions: 'showCodeProblem' },
            ],
            'setUp.cancel': { target: '#authenticatorApp.off', actions: 'dropEnrolment' },
          },
        },
        verifying: {
          description: 'The code is with the server.',
          invoke: {
            id: 'confirmTotp',
            src: 'confirmTotp',
            input: ({ context }) => ({ code: totpCodeOf(context.code) }),
            onDone: {
              target: '#authenticatorApp.showingCodes',
              actions: [
                { type: 'showRecoveryCodes', params: ({ event }) => ({ codes: event.output }) },
                'reportFactors',
                'securityChanged',
              ],
            },
            onError: [
              protocol.askStepUp('confirmingCode'),
              {
                target: 'scanning',
                actions: { type: 'codeRefused', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        confirmingCode: {
          description: "'Confirm it's you' is open; a confirmation sends the code again, once.",
          on: {
            'stepUp.confirmed': 'verifying',
            'stepUp.cancelled': 'scanning',
          },
        },
      },
    },
    showingCodes: {
      description: "The ten recovery codes, shown this once, with 'Copy' and 'I have saved them'.",
      initial: 'shown',
      on: {
        'codes.saved': { target: 'on', actions: 'forgetRecoveryCodes' },
      },
      states: {
        shown: {
          description: 'The codes show.',
          on: { 'codes.copy': 'copying' },
        },
        copying: {
          description: 'The codes go to the clipboard.',
          invoke: {
            id: 'copyCodes',
            src: 'copyCodes',
            input: ({ context }) => ({ codes: context.recoveryCodes }),
            onDone: 'copied',
            onError: 'copyFailed',
          },
        },
        copied: {
          description: "'Copied' shows.",
          on: { 'codes.copy': 'copying' },
        },
        copyFailed: {
          description: 'The clipboard refused: the customer copies the codes by hand.',
          on: { 'codes.copy': 'copying' },
        },
      },
    },
    on: {
      description: "An app is set up: 'Remove'.",
      on: {
        'totp.remove': { target: 'removal', actions: 'startChange' },
      },
    },
    removal: {
      description: 'The app is being removed.',
      initial: 'asking',
      states: {
        asking: {
          description: 'Remove the app? The customer confirms or keeps it.',
          on: {
            'remove.confirm': 'removing',
            'remove.cancel': '#authenticatorApp.on',
          },
        },
        removing: {
          description: 'The server removes the app and its recovery codes.',
          invoke: {
            id: 'removeTotp',
            src: 'removeTotp',
            onDone: {
              target: '#authenticatorApp.off',
              actions: ['removed', 'reportFactors', 'securityChanged'],
            },
            onError: [
              protocol.askStepUp('confirming'),
              {
                guard: {
                  type: 'changedElsewhere',
                  params: ({ event }) => ({ error: event.error }),
                },
                target: '#authenticatorApp.loading',
              },
              {
                target: '#authenticatorApp.on',
                actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        confirming: {
          description: "'Confirm it's you' is open; a confirmation removes the app again, once.",
          on: {
            'stepUp.confirmed': 'removing',
            'stepUp.cancelled': '#authenticatorApp.on',
          },
        },
      },
    },
  },
})

export type AuthenticatorAppMachine = typeof authenticatorAppMachine
export type AuthenticatorAppSnapshot = SnapshotFrom<AuthenticatorAppMachine>

/** What the authenticator-app card shows, read from the chart. */
export function selectAuthenticatorAppView(snapshot: AuthenticatorAppSnapshot) {
  const { context } = snapshot
  const settingUp = snapshot.matches('settingUp')
  return {
    phase: snapshot.matches('loading')
      ? ('loading' as const)
      : snapshot.matches('loadFailed')
        ? ('loadFailed' as const)
        : ('ready' as const),
    enabled: context.enabled,
    recoveryCodesLeft: context.recoveryCodesLeft,
    starting:
      snapshot.matches({ settingUp: 'starting' }) ||
      snapshot.matches({ settingUp: 'confirmingStart' }),
    /** The secret shows from the moment it arrives until the set-up ends. */
    enrolment: settingUp ? context.enrolment : null,
    code: context.code,
    codeProblem: context.codeProblem,
    verifying:
      snapshot.matches({ settingUp: 'verifying' }) ||
      snapshot.matches({ settingUp: 'confirmingCode' }),
    recoveryCodes: snapshot.matches('showingCodes') ? context.recoveryCodes : null,
    copy: snapshot.matches({ showingCodes: 'copied' })
      ? ('copied' as const)
      : snapshot.matches({ showingCodes: 'copyFailed' })
        ? ('failed' as const)
        : snapshot.matches({ showingCodes: 'copying' })
          ? ('copying' as const)
          : null,
    confirmingRemoval: snapshot.matches({ removal: 'asking' }),
    removing:
      snapshot.matches({ removal: 'removing' }) || snapshot.matches({ removal: 'confirming' }),
    notice: snapshot.matches('on') || snapshot.matches('off') ? context.notice : null,
    failure: snapshot.matches('on') || snapshot.matches('off') ? context.failure : null,
  }
}

export type AuthenticatorAppView = ReturnType<typeof selectAuthenticatorAppView>
