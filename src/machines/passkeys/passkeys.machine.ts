import { assign, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate'
import { errorTypeOf, fieldMessageOf, statusOf } from '../../api/api-call'
import type { components } from '../../../openapi/main.gen'
import * as protocol from '../security/security-protocol'
import { serverReason, type AccountRuleMessage, type RuleMessage } from '../forms/rule-message'
import { PasskeyPromptFailed } from './passkey-prompt'

type Schemas = components['schemas']
export type Passkey = Schemas['Passkey']
export type PasskeyCreationOptions = Schemas['PasskeyCreationOptions']
export type PasskeyAttestation = Schemas['PasskeyAttestation']

/** The contract's PasskeyName: 1 to 64 characters, not blank (sent trimmed). */
export const PASSKEY_NAME_MAX = 64

export type PasskeyNotice = 'added' | 'renamed' | 'removed'

/**
 * Why the last change did not happen: the browser prompt's problem, 'rejected' (the server did
 * not accept the authenticator's answer), or the call's error type.
 */
export type PasskeyFailure = string

export interface PasskeysContext extends protocol.StepUpAware {
  passkeys: Passkey[]
  /** The passkey being renamed or removed. */
  selected: string | null
  draft: string
  /** The name's message under its field, as a code. */
  nameProblem: AccountRuleMessage | null
  options: PasskeyCreationOptions | null
  credential: PasskeyAttestation | null
  notice: PasskeyNotice | null
  failure: PasskeyFailure | null
}

export type PasskeysEvent =
  | { type: 'passkeys.reload' }
  | { type: 'passkey.add' }
  | { type: 'passkey.rename'; id: string }
  | { type: 'name.change'; value: string }
  | { type: 'rename.save' }
  | { type: 'rename.cancel' }
  | { type: 'passkey.remove'; id: string }
  | { type: 'remove.confirm' }
  | { type: 'remove.cancel' }
  | protocol.StepUpOutcome

/**
 * The name rule (docs/product/validation.md#passkey-name): 'Required field', 'Max 64 characters'.
 */
export function passkeyNameProblem(draft: string): RuleMessage | null {
  const name = draft.trim()
  if (name === '') return { rule: 'required' }
  if (name.length > PASSKEY_NAME_MAX) return { rule: 'max', count: PASSKEY_NAME_MAX }
  return null
}

/** The server's reason for the name, or 'The name could not be saved. Please try again.' */
function nameRefusal(error: unknown): AccountRuleMessage {
  const reason = fieldMessageOf(error, '/name')
  return reason === undefined ? { rule: 'name-not-saved' } : serverReason('name', reason)
}

function failureOf(error: unknown): PasskeyFailure {
  if (error instanceof PasskeyPromptFailed) return error.problem
  if (fieldMessageOf(error, '/credential') !== undefined) return 'rejected'
  return errorTypeOf(error)
}

const messagesCleared = { notice: null, failure: null }

/**
 * Passkeys (docs/product/account-security.md#passkeys,
 * docs/product/account-security.md#passkeys-card): the customer sees the passkeys that can sign
 * them in, adds one with the browser's prompt, and renames or removes one, confirming it's them
 * when asked. The list shows the customer's passkeys with their dates. 'Add a passkey' gets
 * creation options (a step-up first when the server asks), runs the browser's prompt and stores the
 * answer; a passkey can be renamed in place, or removed after a confirmation (and a step-up). A
 * change re-reads the list.
 */
export const passkeysMachine = setup({
  types: {} as { context: PasskeysContext; events: PasskeysEvent },
  actors: {
    /** GET /api/account/security: the passkeys, oldest first. */
    loadPasskeys: fromPromise<Passkey[]>(() => {
      throw new Error('passkeys: the loadPasskeys actor was not provided')
    }),
    /** POST /api/account/passkeys/registration-options. */
    passkeyOptions: fromPromise<PasskeyCreationOptions>(() => {
      throw new Error('passkeys: the passkeyOptions actor was not provided')
    }),
    /** The browser's prompt (navigator.credentials.create); rejects with PasskeyPromptFailed. */
    createPasskey: fromPromise<PasskeyAttestation, PasskeyCreationOptions>(() => {
      throw new Error('passkeys: the createPasskey actor was not provided')
    }),
    /** POST /api/account/passkeys. */
    addPasskey: fromPromise<Passkey, PasskeyAttestation>(() => {
      throw new Error('passkeys: the addPasskey actor was not provided')
    }),
    /** PATCH /api/account/passkeys/{passkeyId}. */
    renamePasskey: fromPromise<Passkey, { id: string; name: string }>(() => {
      throw new Error('passkeys: the renamePasskey actor was not provided')
    }),
    /** DELETE /api/account/passkeys/{passkeyId}. */
    removePasskey: fromPromise<unknown, { id: string }>(() => {
      throw new Error('passkeys: the removePasskey actor was not provided')
    }),
  },
  actions: {
    ...protocol.stepUpActions,
    ...protocol.sectionActions,
    adopt: assign((_, params: { passkeys: Passkey[] }) => ({ passkeys: params.passkeys })),
    startAdding: assign({ ...protocol.freshChange, ...messagesCleared }),
    keepOptions: assign((_, params: { options: PasskeyCreationOptions }) => ({
      options: params.options,
    })),
    keepCredential: assign((_, params: { credential: PasskeyAttestation }) => ({
      credential: params.credential,
    })),
    select: assign(({ context }, params: { id: string }) => ({
      selected: params.id,
      draft: context.passkeys.find((p) => p.id === params.id)?.name ?? '',
      nameProblem: null,
      ...protocol.freshChange,
      ...messagesCleared,
    })),
    setDraft: assign((_, params: { value: string }) => ({
      draft: params.value,
      nameProblem: null,
    })),
    showNameProblem: assign(({ context }) => ({ nameProblem: passkeyNameProblem(context.draft) })),
    renameRefused: assign((_, params: { error: unknown }) => ({
      nameProblem: nameRefusal(params.error),
    })),
    renamed: assign(({ context }, params: { passkey: Passkey }) => ({
      passkeys: context.passkeys.map((p) => (p.id === params.passkey.id ? params.passkey : p)),
      selected: null,
      notice: 'renamed' as const,
    })),
    notice: assign((_, params: { notice: PasskeyNotice }) => ({
      notice: params.notice,
      selected: null,
      options: null,
      credential: null,
    })),
    fail: assign((_, params: { error: unknown }) => ({
      failure: failureOf(params.error),
      selected: null,
      options: null,
      credential: null,
    })),
    deselect: assign({ selected: null, options: null, credential: null }),
    clearMessages: assign(messagesCleared),
    /** The step-up offers the passkey while the account has one. */
    reportFactors: sendTo(protocol.stepUpIn, ({ context }) => ({
      type: 'stepUp.factors',
      hasPasskey: context.passkeys.length > 0,
    })),
  },
  guards: {
    ...protocol.stepUpGuards,
    alreadyGone: (_, params: { error: unknown }) => statusOf(params.error) === 404,
    nameValid: ({ context }) => passkeyNameProblem(context.draft) === null,
    isKnown: ({ context }, params: { id: string }) =>
      context.passkeys.some((p) => p.id === params.id),
  },
}).createMachine({
  id: 'passkeys',
  description: 'The customer’s passkeys: list, add, rename, remove',
  context: {
    passkeys: [],
    selected: null,
    draft: '',
    nameProblem: null,
    options: null,
    credential: null,
    ...protocol.freshChange,
    notice: null,
    failure: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The passkeys are being read.',
      invoke: {
        id: 'loadPasskeys',
        src: 'loadPasskeys',
        onDone: {
          target: 'listed',
          actions: [
            { type: 'adopt', params: ({ event }) => ({ passkeys: event.output }) },
            'reportFactors',
          ],
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: "The passkeys could not be read: a message and 'Try again'.",
      on: { 'passkeys.reload': { target: 'loading', actions: 'clearMessages' } },
    },
    listed: {
      description: "The passkeys with their dates; 'Add a passkey', 'Rename' and 'Remove'.",
      on: {
        'passkey.add': { target: 'adding', actions: 'startAdding' },
        'passkey.rename': {
          guard: { type: 'isKnown', params: ({ event }) => ({ id: event.id }) },
          target: 'renaming',
          actions: { type: 'select', params: ({ event }) => ({ id: event.id }) },
        },
        'passkey.remove': {
          guard: { type: 'isKnown', params: ({ event }) => ({ id: event.id }) },
          target: 'removal',
          actions: { type: 'select', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    adding: {
      description: 'A passkey is being added: options, the browser’s prompt, then the server.',
      initial: 'requesting',
      states: {
        requesting: {
          description: 'The server prepares the creation options.',
          invoke: {
            id: 'passkeyOptions',
            src: 'passkeyOptions',
            onDone: {
              target: 'prompting',
              actions: { type: 'keepOptions', params: ({ event }) => ({ options: event.output }) },
            },
            onError: [
              protocol.askStepUp('confirming'),
              {
                target: '#passkeys.listed',
                actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        prompting: {
          description: 'The browser asks the customer to create a passkey.',
          invoke: {
            id: 'createPasskey',
            src: 'createPasskey',
            input: ({ context }) => context.options as PasskeyCreationOptions,
            onDone: {
              target: 'saving',
              actions: {
                type: 'keepCredential',
                params: ({ event }) => ({ credential: event.output }),
              },
            },
            onError: {
              target: '#passkeys.listed',
              actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        saving: {
          description: 'The server checks and stores the new passkey.',
          invoke: {
            id: 'addPasskey',
            src: 'addPasskey',
            input: ({ context }) => context.credential as PasskeyAttestation,
            onDone: {
              target: '#passkeys.loading',
              actions: [{ type: 'notice', params: { notice: 'added' } }, 'securityChanged'],
            },
            onError: [
              protocol.askStepUp('confirming'),
              {
                target: '#passkeys.listed',
                actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        confirming: {
          description: "'Confirm it's you' is open; a confirmation starts the adding again, once.",
          on: {
            'stepUp.confirmed': 'requesting',
            'stepUp.cancelled': { target: '#passkeys.listed', actions: 'deselect' },
          },
        },
      },
    },
    renaming: {
      description: 'A passkey’s name is edited in place.',
      initial: 'editing',
      states: {
        editing: {
          description: 'The name field shows; Save checks it is 1 to 64 characters, not blank.',
          on: {
            'name.change': {
              actions: { type: 'setDraft', params: ({ event }) => ({ value: event.value }) },
            },
            'rename.save': [
              { guard: 'nameValid', target: 'saving' },
              { actions: 'showNameProblem' },
            ],
            'rename.cancel': { target: '#passkeys.listed', actions: 'deselect' },
          },
        },
        saving: {
          description: 'The new name is with the server.',
          invoke: {
            id: 'renamePasskey',
            src: 'renamePasskey',
            input: ({ context }) => ({ id: context.selected ?? '', name: context.draft.trim() }),
            onDone: {
              target: '#passkeys.listed',
              actions: { type: 'renamed', params: ({ event }) => ({ passkey: event.output }) },
            },
            onError: {
              target: 'editing',
              actions: { type: 'renameRefused', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    removal: {
      description: 'A passkey is being removed.',
      initial: 'asking',
      states: {
        asking: {
          description: 'Remove this passkey? The customer confirms or keeps it.',
          on: {
            'remove.confirm': 'removing',
            'remove.cancel': { target: '#passkeys.listed', actions: 'deselect' },
          },
        },
        removing: {
          description: 'The server removes the passkey.',
          invoke: {
            id: 'removePasskey',
            src: 'removePasskey',
            input: ({ context }) => ({ id: context.selected ?? '' }),
            onDone: {
              target: '#passkeys.loading',
              actions: [{ type: 'notice', params: { notice: 'removed' } }, 'securityChanged'],
            },
            onError: [
              protocol.askStepUp('confirming'),
              {
                guard: { type: 'alreadyGone', params: ({ event }) => ({ error: event.error }) },
                target: '#passkeys.loading',
                actions: { type: 'notice', params: { notice: 'removed' } },
              },
              {
                target: '#passkeys.listed',
                actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        confirming: {
          description: "'Confirm it's you' is open; a confirmation removes it again, once.",
          on: {
            'stepUp.confirmed': 'removing',
            'stepUp.cancelled': { target: '#passkeys.listed', actions: 'deselect' },
          },
        },
      },
    },
  },
})

export type PasskeysMachine = typeof passkeysMachine
export type PasskeysSnapshot = SnapshotFrom<PasskeysMachine>

/** What the passkeys card shows, read from the chart. */
export function selectPasskeysView(snapshot: PasskeysSnapshot) {
  const { context } = snapshot
  return {
    phase: snapshot.matches('loadFailed')
      ? ('loadFailed' as const)
      : snapshot.matches('loading') && context.passkeys.length === 0
        ? ('loading' as const)
        : ('ready' as const),
    passkeys: context.passkeys,
    /** Nothing else can start while a change runs. */
    busy: !snapshot.matches('listed'),
    adding: snapshot.matches('adding'),
    prompting: snapshot.matches({ adding: 'prompting' }),
    renaming: snapshot.matches('renaming') ? context.selected : null,
    savingName: snapshot.matches({ renaming: 'saving' }),
    draft: context.draft,
    nameProblem: context.nameProblem,
    confirmingRemoval: snapshot.matches({ removal: 'asking' }) ? context.selected : null,
    removing: snapshot.matches('removal') ? context.selected : null,
    notice: snapshot.matches('listed') ? context.notice : null,
    failure: snapshot.matches('listed') ? context.failure : null,
  }
}

export type PasskeysView = ReturnType<typeof selectPasskeysView>
