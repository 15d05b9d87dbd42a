import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { errorTypeOf } from '../../api/api-call'
import type { components } from '../../../openapi/main.gen'
import type { Locale } from '../../../domain/locale'
import { isFormValid, validateForm, type FormSchema } from '../forms/validation'
import { fieldErrorsOf, PROFILE_MAX_LENGTH, type ProfileFieldErrors } from './profile-errors'

export type Profile = components['schemas']['Profile']

/**
 * The editable fields: an update sends these four; email is read-only
 * (docs/product/data.md#profile).
 */
export interface ProfileValues {
  [field: string]: string
  firstName: string
  lastName: string
  phone: string
  country: string
}

/**
 * What Update sends: the four fields, and the language when the customer chose another than the
 * stored one (absent, it stays: docs/product/languages.md).
 */
export type ProfileUpdateInput = ProfileValues & { locale?: Locale }

/** The transient message shows for 3000 ms (docs/product/limits.md#transient-message). */
export const TRANSIENT_MESSAGE_MS = 3000

/**
 * The contract's lengths, so that a long value gets a field message
 * (docs/product/validation.md#profile).
 */
export const profileSchema: FormSchema<ProfileValues> = {
  firstName: { label: 'firstName', kind: 'text', max: PROFILE_MAX_LENGTH.firstName },
  lastName: { label: 'lastName', kind: 'text', max: PROFILE_MAX_LENGTH.lastName },
  phone: { label: 'phone', kind: 'text', max: PROFILE_MAX_LENGTH.phone },
  country: { label: 'country', kind: 'text', max: PROFILE_MAX_LENGTH.country },
}

export interface ProfileFormContext {
  values: ProfileValues
  email: string
  /** Rule messages, and after a refused update the server's messages, shown at their fields. */
  errors: ProfileFieldErrors
  /** The errorType of the last failed update. */
  errorType: string | null
  /** The language chosen in the form, and the one stored with the account. */
  locale: Locale
  storedLocale: Locale
}

export type ProfileFormEvent =
  | { type: 'field.change'; field: keyof ProfileValues & string; value: string }
  /** The Language control (docs/product/languages.md). */
  | { type: 'locale.change'; locale: Locale }
  | { type: 'form.submit' }
  /** 'Try again' after the profile could not be read. */
  | { type: 'profile.reload' }

const emptyValues: ProfileValues = { firstName: '', lastName: '', phone: '', country: '' }

const valuesOf = (profile: Profile): ProfileValues => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  phone: profile.phone,
  country: profile.country,
})

/**
 * The profile page (docs/product/screens.md#profile-page, docs/product/data.md#profile,
 * docs/product/flows.md#profile, docs/product/api.md#profile-calls): the customer sees their
 * details, edits them and presses Update, then reads 'Profile was updated' for 3 seconds, or what
 * is wrong at the field concerned. The profile is read, edited and sent with Update; success shows
 * 'Profile was updated' for 3 s (the transient message), a refusal shows its message and the
 * server's field errors at their fields.
 */
export const profileFormMachine = setup({
  types: {} as {
    context: ProfileFormContext
    events: ProfileFormEvent
  },
  actors: {
    /** GET /api/users/profile. */
    loadProfile: fromPromise<Profile>(() => {
      throw new Error('profileForm: the loadProfile actor was not provided')
    }),
    /** PUT /api/users/profile; rejects with an ApiError carrying the field errors. */
    saveProfile: fromPromise<Profile, ProfileUpdateInput>(() => {
      throw new Error('profileForm: the saveProfile actor was not provided')
    }),
  },
  actions: {
    adopt: assign((_, params: { profile: Profile }) => ({
      values: valuesOf(params.profile),
      email: params.profile.email,
      errors: {},
      errorType: null,
      locale: params.profile.locale,
      storedLocale: params.profile.locale,
    })),
    setLocale: assign((_, params: { locale: Locale }) => ({ locale: params.locale })),
    setValue: assign(({ context }, params: { field: string; value: string }) => {
      const errors: Record<string, unknown> = { ...context.errors }
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the edited field's message goes
      delete errors[params.field]
      return { values: { ...context.values, [params.field]: params.value }, errors }
    }),
    showErrors: assign(({ context }) => ({ errors: validateForm(profileSchema, context.values) })),
    clearErrors: assign({ errors: {}, errorType: null }),
    rememberFailure: assign((_, params: { error: unknown }) => ({
      errors: fieldErrorsOf(params.error),
      errorType: errorTypeOf(params.error),
    })),
    /**
     * The cached profile is refreshed (docs/product/api.md#profile-update); the route provides it.
     */
    profileSaved: (_, _params: { profile: Profile }) => {
      throw new Error('profileForm: the profileSaved action was not provided')
    },
  },
  guards: {
    isValid: ({ context }) => isFormValid(profileSchema, context.values),
  },
  delays: { transientMessage: TRANSIENT_MESSAGE_MS },
}).createMachine({
  id: 'profileForm',
  description: 'The customer’s profile: read, edit, Update',
  context: {
    values: emptyValues,
    email: '',
    errors: {},
    errorType: null,
    locale: 'en',
    storedLocale: 'en',
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The profile is being read.',
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: {
          target: 'editing',
          actions: { type: 'adopt', params: ({ event }) => ({ profile: event.output }) },
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: "The profile could not be read: a message and 'Try again'.",
      on: { 'profile.reload': 'loading' },
    },
    editing: {
      description: 'The customer edits the fields; a broken rule shows its message on Update.',
      on: {
        'field.change': {
          actions: {
            type: 'setValue',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'locale.change': {
          actions: { type: 'setLocale', params: ({ event }) => ({ locale: event.locale }) },
        },
        'form.submit': [
          { guard: 'isValid', target: 'submitting', actions: 'clearErrors' },
          { actions: 'showErrors' },
        ],
      },
    },
    submitting: {
      description: 'The update is with the server; Update is disabled.',
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }): ProfileUpdateInput =>
          context.locale === context.storedLocale
            ? context.values
            : { ...context.values, locale: context.locale },
        onDone: {
          target: 'saved',
          actions: [
            { type: 'adopt', params: ({ event }) => ({ profile: event.output }) },
            { type: 'profileSaved', params: ({ event }) => ({ profile: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saved: {
      description: "'Profile was updated' shows for 3 s (the transient message).",
      after: { transientMessage: 'editing' },
      on: {
        'field.change': {
          target: 'editing',
          actions: {
            type: 'setValue',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'locale.change': {
          target: 'editing',
          actions: { type: 'setLocale', params: ({ event }) => ({ locale: event.locale }) },
        },
        'form.submit': 'submitting',
      },
    },
    failed: {
      description: 'The update was refused: its message shows, and the server’s at the fields.',
      on: {
        'field.change': {
          target: 'editing',
          actions: {
            type: 'setValue',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'locale.change': {
          target: 'editing',
          actions: { type: 'setLocale', params: ({ event }) => ({ locale: event.locale }) },
        },
        'form.submit': { target: 'submitting', actions: 'clearErrors' },
      },
    },
  },
})

export type ProfileFormMachine = typeof profileFormMachine
export type ProfileFormSnapshot = SnapshotFrom<ProfileFormMachine>

/** What the profile page shows, read from the chart. */
export function selectProfileView(snapshot: ProfileFormSnapshot) {
  const { context } = snapshot
  return {
    phase: snapshot.matches('loading')
      ? ('loading' as const)
      : snapshot.matches('loadFailed')
        ? ('loadFailed' as const)
        : ('ready' as const),
    values: context.values,
    email: context.email,
    locale: context.locale,
    errors: context.errors,
    submitting: snapshot.matches('submitting'),
    saved: snapshot.matches('saved'),
    errorType: snapshot.matches('failed') ? context.errorType : null,
    hasFieldErrors: Object.keys(context.errors).length > 0,
  }
}

export type ProfileView = ReturnType<typeof selectProfileView>
