import type { FieldErrors } from '../machines/forms/validation'
/** What every form view receives: the values, the messages, the phase, and the two callbacks. */
export interface FormViewProps<TValues extends Record<string, string | boolean>> {
  values: TValues
  errors: FieldErrors<TValues>
  /** The values are with the server: the submit button is disabled. */
  submitting: boolean
  /** Set after a failed submit: the server's `errorType` (the view picks its text from it). */
  errorType: string | null
  onChange: <K extends keyof TValues & string>(field: K, value: TValues[K]) => void
  onSubmit: () => void
}

/**
 * The generic failure text of the login, forgot-password and new-password forms
 * (docs/product/errors.md#error-catalogue).
 */
export const GENERIC_ERROR = 'Error. Please try again or contact support'

export function submitHandler(onSubmit: () => void) {
  return (event: { preventDefault(): void }) => {
    event.preventDefault()
    onSubmit()
  }
}
