/**
 * The forgot-password form (docs/product/screens.md#forgot-password-screen,
 * docs/product/validation.md#forgot-password, docs/product/errors.md#forgot-password-failure): the
 * customer enters their e-mail address and is sent a link to choose a new password, or sees a
 * general error. Email (required, an e-mail, min 3) asks the server for a reset link; success ends
 * the form so the reset countdown can show 'Check your email', failure shows the generic error.
 */
import { createFormMachine } from './form.machine'
import type { FormSchema } from './validation'

export interface ForgotPasswordValues {
  [field: string]: string
  email: string
}

export const forgotPasswordSchema: FormSchema<ForgotPasswordValues> = {
  email: { label: 'email', kind: 'email', required: true, min: 3 },
}

export const forgotPasswordFormMachine = createFormMachine<ForgotPasswordValues, undefined>({
  id: 'forgotPasswordForm',
  description: 'Request a password-reset link by e-mail',
  schema: forgotPasswordSchema,
  initialValues: { email: '' },
}).provide({
  // The reset countdown takes over when this form is done; nothing else follows its success.
  actions: { submitted: () => undefined },
})
