import { unwrap } from '../../api/api-error'
import type { MainClient } from '../../api/main-client'
import { submitWith } from './form.machine'
import type { ForgotPasswordValues } from './forgot-password-form.machine'
import type { LoginValues, TokenPair } from './login-form.machine'
import type { NewPasswordValues } from './new-password-form.machine'
import type { RegisterValues } from './register-form.machine'

/** Each form's submit actor, from the main API (spec §7). Failures throw ApiError with the errorType. */

export function loginSubmit(api: MainClient) {
  return submitWith<LoginValues, TokenPair>((values, signal) =>
    unwrap(
      api.POST('/api/auth/login', {
        body: { email: values.email.trim(), password: values.password },
        signal,
      }),
    ),
  )
}

export function registerSubmit(api: MainClient) {
  return submitWith<RegisterValues, undefined>((values, signal) =>
    unwrap(
      api.POST('/api/auth/register', {
        body: { email: values.email.trim(), password: values.password },
        signal,
      }),
    ).then(() => undefined),
  )
}

export function forgotPasswordSubmit(api: MainClient) {
  return submitWith<ForgotPasswordValues, undefined>((values, signal) =>
    unwrap(
      api.POST('/api/auth/reset-password', { body: { email: values.email.trim() }, signal }),
    ).then(() => undefined),
  )
}

/** Spec §7: the new password is also sent as `confirmNewPassword` (one reading); there is no second field. */
export function newPasswordSubmit(api: MainClient, token: string) {
  return submitWith<NewPasswordValues, undefined>((values, signal) =>
    unwrap(
      api.POST('/api/auth/forgot-password/new-password', {
        body: { token, newPassword: values.password, confirmNewPassword: values.password },
        signal,
      }),
    ).then(() => undefined),
  )
}
