/**
 * Choosing a new password from the reset e-mail (docs/product/screens.md#set-new-password-screen,
 * docs/product/validation.md#new-password, docs/product/api.md#new-password,
 * docs/product/errors.md#new-password-failure): the customer types a new password and is told it
 * was saved, or that the link is invalid or used; a password too weak is explained under the field.
 * Password (required, min 6) is sent with the link's token, and again as `confirmNewPassword`;
 * success leads to the success page, failure (an invalid or used link) shows the generic error; a
 * password the server finds weak shows its reason under Password instead (decision 081).
 */
import { createFormMachine } from './form.machine'
import type { FormSchema } from './validation'

export interface NewPasswordValues {
  [field: string]: string
  password: string
}

export const newPasswordSchema: FormSchema<NewPasswordValues> = {
  // 128 is the contract's limit (NewPassword); the form's own rule is the minimum of 6
  // (docs/product/validation.md#new-password).
  password: { label: 'password', kind: 'text', required: true, min: 6, max: 128 },
}

export const newPasswordFormMachine = createFormMachine<NewPasswordValues, undefined>({
  id: 'newPasswordForm',
  description: 'Choose a new password with the e-mailed reset link',
  schema: newPasswordSchema,
  initialValues: { password: '' },
  // A weak password: the server's reason shows under Password (docs/decisions/081).
  fieldsRefusedByServer: true,
})
