/**
 * The path model of a form machine (src/machines/forms/form.machine.ts), shared by the machine
 * and UI tests: the samples of src/flows/fixtures/forms.ts, and what tells two form states apart
 * for the customer.
 */
import type { AnyStateMachine, SnapshotFrom } from 'xstate'
import {
  formEvents,
  isBlank,
  type FormFailure,
  type FormFixture,
  type FormSnapshot,
} from '../../src/flows/fixtures/forms'
import {
  validateField,
  type FieldValue,
  type FormSchema,
} from '../../src/machines/forms/validation'
import { createPathModel, type PathModel } from './model-paths'

/** The server's reasons for `field` among the fixture's failures. */
export function serverReasonsFor(failures: readonly FormFailure[], field: string): string[] {
  return failures.flatMap((f) => (f.fields?.[field] !== undefined ? [f.fields[field]] : []))
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
