/**
 * The shape every form of the product shares (docs/product/validation.md#general-form-rules,
 * docs/product/flows.md#form-chart, decision 006). A form is edited until it is submitted with
 * valid values, then waits for the server and ends in success (the route decides what follows) or
 * failure (the message stays until the next edit).
 */
import { assign, fromPromise, setup } from 'xstate'
import { errorTypeOf } from '../../api/api-call'
import { fromAbortablePromise } from '../abortable-promise'
import { serverReason } from './rule-message'
import {
  isFormValid,
  validateForm,
  type FieldErrors,
  type FieldValue,
  type FormSchema,
} from './validation'

export type FormValues = Record<string, FieldValue>

export interface FormContext<TResult = unknown> {
  values: FormValues
  /** Messages shown under the fields, as codes; a field's message clears when it is edited. */
  errors: FieldErrors<FormValues>
  /** The server's `errorType` (or a transport failure) of the last failed submit. */
  errorType: string | null
  /** What the server answered the submit that succeeded; null until then. */
  result: TResult | null
}

/** What a parent may start a form with: values it already knows (some fields or all). */
export interface FormInput {
  values?: FormValues
}

/** A finished form's output, for a parent that invokes it: what was sent and what came back. */
export interface FormOutput<TResult> {
  values: FormValues
  result: TResult | null
}

export type FormEvent =
  { type: 'field.change'; field: string; value: FieldValue } | { type: 'form.submit' }

export interface FormDefinition<TValues extends FormValues> {
  /** The machine's id, also the prefix of its errors ("loginForm: submit not provided"). */
  id: string
  description: string
  schema: FormSchema<TValues>
  initialValues: TValues
  /**
   * The server may refuse some fields with a reason of its own (a weak password): the submit
   * actor then fails with `FieldsRefused`, and the reasons show under those fields while the
   * customer goes on editing, as a rule's message does.
   */
  fieldsRefusedByServer?: boolean
}

/**
 * A submit's failure that names fields: the server's reason for each (keyed by the form's own
 * field names). The submit actor builds it from the API's answer.
 */
export class FieldsRefused extends Error {
  override readonly name = 'FieldsRefused'
  constructor(
    readonly errorType: string,
    readonly fields: Readonly<Record<string, string>>,
  ) {
    super(`the server refused ${Object.keys(fields).join(', ')}`)
  }
}

/**
 * The reasons a failure gives for this form's own fields, each kept as the server's reason (the
 * product cannot know its words in advance); empty when it names none.
 */
function refusedFieldsOf(error: unknown, schema: FormSchema<FormValues>): FieldErrors<FormValues> {
  if (typeof error !== 'object' || error === null || !('fields' in error)) return {}
  const { fields } = error as { fields: unknown }
  if (typeof fields !== 'object' || fields === null) return {}
  const errors: FieldErrors<FormValues> = {}
  for (const [field, text] of Object.entries(fields)) {
    if (field in schema && typeof text === 'string' && text !== '')
      errors[field] = serverReason(field, text)
  }
  return errors
}

/**
 * Builds one form's machine. The values are typed per form at the edges (TValues); inside, the
 * machine treats them as plain field values, because XState's types cannot follow a generic
 * event union.
 */
export function createFormMachine<TValues extends FormValues, TOutput>(
  definition: FormDefinition<TValues>,
) {
  const { id, initialValues } = definition
  const schema = definition.schema as FormSchema<FormValues>
  return setup({
    types: {} as {
      context: FormContext<TOutput>
      events: FormEvent
      // `void`, not `undefined`: XState's setup drops `undefined` and would make the input required.
      // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- see above
      input: FormInput | void
      output: FormOutput<TOutput>
    },
    actors: {
      submit: fromPromise<TOutput, FormValues>(() => {
        throw new Error(`${id}: the submit actor was not provided`)
      }),
    },
    actions: {
      setValue: assign(({ context, event }) => {
        if (event.type !== 'field.change') return {}
        const errors = { ...context.errors }
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the edited field's message goes
        delete errors[event.field]
        return { values: { ...context.values, [event.field]: event.value }, errors }
      }),
      showErrors: assign(({ context }) => ({ errors: validateForm(schema, context.values) })),
      clearErrors: assign({ errors: {}, errorType: null }),
      keepResult: assign((_, params: { output: TOutput }) => ({ result: params.output })),
      rememberFailure: assign((_, params: { error: unknown }) => ({
        errorType: errorTypeOf(params.error),
      })),
      showRefusedFields: assign((_, params: { error: unknown }) => ({
        errors: refusedFieldsOf(params.error, schema),
      })),
      /** What happens after a successful submit (navigate, sign in); the route provides it. */
      submitted: (_, _params: { output: TOutput }) => {
        throw new Error(`${id}: the submitted action was not provided`)
      },
    },
    guards: {
      isValid: ({ context }) => isFormValid(schema, context.values),
      refusesFields: (_, params: { error: unknown }) =>
        Object.keys(refusedFieldsOf(params.error, schema)).length > 0,
    },
  }).createMachine({
    id,
    description: definition.description,
    context: ({ input }) => ({
      values: { ...initialValues, ...input?.values },
      errors: {},
      errorType: null,
      result: null,
    }),
    initial: 'editing',
    states: {
      editing: {
        description:
          'The customer fills the fields; a submit with broken rules shows their messages.',
        on: {
          'field.change': { actions: 'setValue' },
          'form.submit': [
            { guard: 'isValid', target: 'submitting', actions: 'clearErrors' },
            { actions: 'showErrors' },
          ],
        },
      },
      submitting: {
        description: 'The values are with the server; the submit button is disabled.',
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => context.values,
          onDone: {
            target: 'success',
            actions: [
              { type: 'keepResult', params: ({ event }) => ({ output: event.output }) },
              { type: 'submitted', params: ({ event }) => ({ output: event.output }) },
            ],
          },
          onError: [
            // Only in forms whose server names fields: elsewhere the chart has no such edge.
            ...(definition.fieldsRefusedByServer
              ? [
                  {
                    guard: {
                      type: 'refusesFields' as const,
                      params: ({ event }: { event: { error: unknown } }) => ({
                        error: event.error,
                      }),
                    },
                    target: 'editing' as const,
                    actions: {
                      type: 'showRefusedFields' as const,
                      params: ({ event }: { event: { error: unknown } }) => ({
                        error: event.error,
                      }),
                    },
                    description: 'The server refused named fields: their reasons show under them.',
                  },
                ]
              : []),
            {
              target: 'failure',
              actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
            },
          ],
        },
      },
      failure: {
        description: 'The server refused or could not be reached; the error shows until an edit.',
        on: {
          'field.change': { target: 'editing', actions: 'setValue' },
          'form.submit': { target: 'submitting', actions: 'clearErrors' },
        },
      },
      success: {
        type: 'final',
        description: 'The server accepted the form; what follows is the route’s business.',
      },
    },
    output: ({ context }) => ({ values: context.values, result: context.result }),
  })
}

export type FormMachine<TValues extends FormValues, TOutput> = ReturnType<
  typeof createFormMachine<TValues, TOutput>
>

/**
 * A form's submit actor from a typed function. The machine holds the values as plain field
 * values; they only ever come from the form's own initial values and its fields' edits, so they
 * have the form's shape.
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- TValues lets each form's actor read its own field names
export function submitWith<TValues extends FormValues, TOutput>(
  send: (values: TValues, signal: AbortSignal) => Promise<TOutput>,
) {
  return fromAbortablePromise<TOutput, FormValues>(({ input, signal }) =>
    send(input as TValues, signal),
  )
}
