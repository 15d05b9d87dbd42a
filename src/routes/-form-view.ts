import type { FormContext } from '../machines/forms/form.machine'

interface FormSnapshotLike {
  context: FormContext
  matches(state: 'submitting' | 'failure'): boolean
}

/** What a form view needs from its machine's snapshot (values typed as the form declares them). */
export function formViewOf<TValues>(snapshot: FormSnapshotLike) {
  return {
    values: snapshot.context.values as TValues,
    errors: snapshot.context.errors as Partial<Record<keyof TValues, string>>,
    submitting: snapshot.matches('submitting'),
    errorType: snapshot.matches('failure') ? snapshot.context.errorType : null,
  }
}
