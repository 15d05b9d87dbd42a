/**
 * The path model of a form machine (src/machines/forms/form.machine.ts), shared by the machine
 * and UI tests: it fills the fields in order — first, where a field has one, with a value that
 * breaks a rule, then with a good one — submits at every point, and lets the server answer with
 * success or each failure the form tells apart.
 */
import type { AnyStateMachine, SnapshotFrom } from 'xstate'
import type { FormContext } from '../../src/machines/forms/form.machine'
import {
  validateField,
  type FieldValue,
  type FormSchema,
} from '../../src/machines/forms/validation'
import { createPathModel, type AnyEventObject, type PathModel } from './model-paths'

export interface FormFixture<TValues extends Record<string, FieldValue>> {
  schema: FormSchema<TValues>
  /** Values that keep every rule, as a customer would type them. */
  valid: TValues
  /** Per field, a non-empty value that breaks a rule (its message is then shown). */
  invalid: Partial<TValues>
  /** The submit actor's result on success. */
  output: unknown
  /**
   * The failures the screen tells apart, as the submit actor rejects with them; `fields` are the
   * server's reasons for named fields (FieldsRefused), shown under them while editing goes on.
   */
  failures: FormFailure[]
}

export interface FormFailure {
  errorType: string
  fields?: Record<string, string>
}

/** The server's reasons for `field` among the fixture's failures. */
export function serverReasonsFor(failures: readonly FormFailure[], field: string): string[] {
  return failures.flatMap((f) => (f.fields?.[field] !== undefined ? [f.fields[field]] : []))
}

type FormSnapshot = { value: unknown; context: FormContext; matches(v: string): boolean }

const isBlank = (v: FieldValue | undefined) =>
  v === undefined || v === '' || v === false || (Array.isArray(v) && v.length === 0)

export function formEvents<TValues extends Record<string, FieldValue>>(
  fixture: FormFixture<TValues>,
  snapshot: FormSnapshot,
): AnyEventObject[] {
  const fields = Object.keys(fixture.schema)
  const { values } = snapshot.context
  const broken = fields.find((field) => {
    const rules = fixture.schema[field]
    return rules !== undefined && validateField(rules, values[field] ?? '') !== undefined
  })
  const target = broken ?? fields[0] ?? ''
  const fills: AnyEventObject[] = [
    { type: 'field.change', field: target, value: fixture.valid[target] },
  ]
  const invalid = fixture.invalid[target]
  if (broken !== undefined && invalid !== undefined && isBlank(values[target])) {
    fills.push({ type: 'field.change', field: target, value: invalid })
  }
  return [
    { type: 'form.submit' },
    ...fills,
    { type: 'xstate.done.actor.submit', output: fixture.output },
    ...fixture.failures.map((error) => ({ type: 'xstate.error.actor.submit', error })),
  ]
}

/**
 * What distinguishes two form states for the customer: the state, each field empty, broken or
 * good, the messages shown, and the failure.
 */
export function serializeForm(
  schema: FormSchema<Record<string, FieldValue>>,
  snapshot: FormSnapshot,
): string {
  const { values, errors, errorType } = snapshot.context
  const status = Object.keys(schema).map((field) => {
    const value = values[field]
    if (isBlank(value)) return 'empty'
    const rules = schema[field]
    return rules && validateField(rules, value ?? '') !== undefined ? 'broken' : 'good'
  })
  return JSON.stringify([
    snapshot.value,
    status,
    errors,
    snapshot.matches('failure') ? errorType : null,
  ])
}

export function createFormPathModel<
  M extends AnyStateMachine,
  TValues extends Record<string, FieldValue>,
>(machine: M, fixture: FormFixture<TValues>): PathModel<M> {
  return createPathModel(machine, {
    events: (s: SnapshotFrom<M>) => formEvents(fixture, s as unknown as FormSnapshot),
    serializeState: (s: SnapshotFrom<M>) =>
      serializeForm(
        fixture.schema as FormSchema<Record<string, FieldValue>>,
        s as unknown as FormSnapshot,
      ),
  })
}

export const loginFixture = {
  valid: { email: 'ann@example.com', password: 'correct-horse' },
  invalid: { email: 'an', password: 'short' },
  output: { accessToken: 'access-1', refreshToken: 'refresh-1' },
  failures: [{ errorType: 'EMAIL_NOT_VERIFIED' }, { errorType: 'INVALID_CREDENTIALS' }],
}
export const registerFixture = {
  valid: { email: 'ann@example.com', password: 'correct-horse', acceptRules: true },
  invalid: { email: 'ann.example.com', password: 'short' },
  output: undefined,
  failures: [
    { errorType: 'VALIDATION_ERROR' },
    // A weak password (decision 081): the server's reason, under Password.
    { errorType: 'VALIDATION_ERROR', fields: { password: 'Too common: easy to guess' } },
  ],
}
export const forgotPasswordFixture = {
  valid: { email: 'ann@example.com' },
  invalid: { email: 'a@' },
  output: undefined,
  failures: [{ errorType: 'RATE_LIMITED' }],
}
export const newPasswordFixture = {
  valid: { password: 'new-horse-staple' },
  invalid: { password: 'short' },
  output: undefined,
  failures: [
    { errorType: 'INVALID_TOKEN' },
    // A weak password (decision 081): the server's reason, under Password; the link still works.
    { errorType: 'VALIDATION_ERROR', fields: { password: 'Must not contain your e-mail' } },
  ],
}
