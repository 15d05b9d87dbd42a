/**
 * The sign-up form (docs/product/screens.md#sign-up-form, docs/product/flows.md#registration,
 * docs/product/validation.md#register): the customer enters e-mail and password, accepts the rules
 * and sees 'Registration successful', or 'Something went wrong.'; a password too weak is explained
 * under the field. Email (required, an e-mail), Password (required, min 6) and the accepted rules
 * go to the server; success leads to the 'Registration successful' page, failure shows 'Something
 * went wrong.'; a password the server finds weak shows its reason under Password instead (decision
 * 081).
 */
import { createFormMachine } from './form.machine'
import type { FormSchema } from './validation'

export interface RegisterValues {
  [field: string]: string | boolean
  email: string
  password: string
  acceptRules: boolean
}

export const registerSchema: FormSchema<RegisterValues> = {
  email: { label: 'email', kind: 'email', required: true },
  // 128 is the contract's limit (NewPassword); the form's own rule is the minimum of 6
  // (docs/product/validation.md#register).
  password: { label: 'password', kind: 'text', required: true, min: 6, max: 128 },
  acceptRules: { label: 'acceptRules', kind: 'checkbox', required: true },
}

export const registerFormMachine = createFormMachine<RegisterValues, undefined>({
  id: 'registerForm',
  description: 'Create an account with e-mail and password',
  schema: registerSchema,
  initialValues: { email: '', password: '', acceptRules: false },
  // A weak password: the server's reason shows under Password (docs/decisions/081).
  fieldsRefusedByServer: true,
})
