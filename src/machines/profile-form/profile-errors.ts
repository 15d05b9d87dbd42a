/**
 * A refused profile update's field errors (`errors: [{ field: '/phone', message, code }]`) as the
 * messages shown at the fields.
 */
import { ApiError, type FieldError } from '../../api/api-call'

export type ProfileField = 'firstName' | 'lastName' | 'phone' | 'country'
export type ProfileFieldErrors = Partial<Record<ProfileField, string>>

export const PROFILE_LABELS: Record<ProfileField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  country: 'Country',
}

/** The server's rule names (Ajv keywords) as a customer reads them. */
function messageFor(field: ProfileField, code: string, message: string): string {
  if (code === 'pattern' && field === 'phone') {
    return 'Phone needs at least 5 digits; it may contain spaces and an optional leading +'
  }
  if (code === 'pattern' && field === 'country') return 'Choose a country from the list'
  return `${PROFILE_LABELS[field]} ${message}`
}

/** The field errors of a refusal, by field; entries for other fields are dropped. */
export function profileFieldErrors(errors: readonly FieldError[]): ProfileFieldErrors {
  const out: ProfileFieldErrors = {}
  for (const { field, message, code } of errors) {
    const name = field.replace(/^\//, '')
    if (!(name in PROFILE_LABELS) || out[name as ProfileField] !== undefined) continue
    out[name as ProfileField] = messageFor(
      name as ProfileField,
      code,
      message !== '' ? message : 'is not valid',
    )
  }
  return out
}

export function fieldErrorsOf(error: unknown): ProfileFieldErrors {
  return error instanceof ApiError ? profileFieldErrors(error.fieldErrors) : {}
}
