/**
 * The log-in form (docs/product/screens.md#log-in-form, docs/product/validation.md#login,
 * docs/product/errors.md#login-errors): the customer types e-mail and password; a wrong pair shows
 * a general error, an address not yet confirmed 'Email not verified'. Email (required, min 3) and
 * Password (required, min 6) go to the server; success ends the form with the server's answer (the
 * token pair, or a second-factor challenge) for the login flow, failure shows 'Email not verified'
 * or the generic error.
 */
import type { components } from '../../../openapi/main.gen'
import { createFormMachine } from './form.machine'
import type { FormSchema } from './validation'

export interface LoginValues {
  [field: string]: string
  email: string
  password: string
}

export type TokenPair = components['schemas']['TokenPair']
export type SecondFactorChallenge = components['schemas']['SecondFactorChallenge']
/** `login`'s answer: the tokens, or, for an account with a second factor, its challenge. */
export type LoginResult = components['schemas']['LoginResult']

export const loginSchema: FormSchema<LoginValues> = {
  email: { label: 'email', kind: 'text', required: true, min: 3 },
  password: { label: 'password', kind: 'text', required: true, min: 6 },
}

export const loginFormMachine = createFormMachine<LoginValues, LoginResult>({
  id: 'loginForm',
  description: 'Log in with e-mail and password',
  schema: loginSchema,
  initialValues: { email: '', password: '' },
}).provide({
  // The login flow (src/machines/login) reads the form's output; nothing else follows its success.
  actions: { submitted: () => undefined },
})
