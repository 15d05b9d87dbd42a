import { sourceLocale, type Locale } from '../../../domain/locale'
import { ApiError, callApi } from '../../api/api-call'
import type { MainClient } from '../../api/main-client'
import { FieldsRefused, submitWith } from './form.machine'
import type { ForgotPasswordValues } from './forgot-password-form.machine'
import type { LoginResult, LoginValues } from './login-form.machine'
import type { NewPasswordValues } from './new-password-form.machine'
import type { RegisterValues } from './register-form.machine'

/**
 * Each form's submit actor, from the main API (docs/product/api.md#authentication-calls). Failures
 * throw ApiError with the errorType.
 */

/** The answer is the tokens, or a second-factor challenge the login flow continues with. */
export function loginSubmit(api: MainClient) {
  return submitWith<LoginValues, LoginResult>((values, signal) =>
    callApi(
      api.POST('/api/auth/login', {
        body: { email: values.email.trim(), password: values.password },
        signal,
      }),
    ),
  )
}

/** The `errors` codes whose `message` is written for the customer (docs/decisions/081). */
const customerReasons: readonly string[] = ['weak-password']

/**
 * Rethrows a failure whose problem gives a customer's reason for a field the form has (the body's
 * JSON pointer → the form's field) as FieldsRefused, so the form shows it under that field.
 */
function refusedFields(pointers: Readonly<Record<string, string>>) {
  return (error: unknown): never => {
    if (error instanceof ApiError) {
      const fields: Record<string, string> = {}
      for (const { field: pointer, code, message } of error.fieldErrors) {
        const field = pointers[pointer]
        if (field !== undefined && customerReasons.includes(code)) fields[field] ??= message
      }
      if (Object.keys(fields).length > 0) throw new FieldsRefused(error.errorType, fields)
    }
    throw error
  }
}

/** A weak password is refused with the server's reason under the Password field. */
/**
 * The registration; `locale` is the language of the page it was sent from
 * (docs/product/languages.md): a Polish page's asks for a Polish account, English sends none.
 */
export function registerSubmit(api: MainClient, locale: Locale = sourceLocale) {
  return submitWith<RegisterValues, undefined>((values, signal) =>
    callApi(
      api.POST('/api/auth/register', {
        body: {
          email: values.email.trim(),
          password: values.password,
          ...(locale === sourceLocale ? {} : { locale }),
        },
        signal,
      }),
    ).then(() => undefined, refusedFields({ '/password': 'password' })),
  )
}

export function forgotPasswordSubmit(api: MainClient) {
  return submitWith<ForgotPasswordValues, undefined>((values, signal) =>
    callApi(
      api.POST('/api/auth/reset-password', { body: { email: values.email.trim() }, signal }),
    ).then(() => undefined),
  )
}

/**
 * The new password is also sent as `confirmNewPassword` (one reading); there is no second field
 * (docs/product/api.md#new-password, docs/product/validation.md#new-password).
 */
export function newPasswordSubmit(api: MainClient, token: string) {
  return submitWith<NewPasswordValues, undefined>((values, signal) =>
    callApi(
      api.POST('/api/auth/forgot-password/new-password', {
        body: { token, newPassword: values.password, confirmNewPassword: values.password },
        signal,
      }),
    ).then(() => undefined, refusedFields({ '/newPassword': 'password' })),
  )
}
