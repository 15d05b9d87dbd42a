/**
 * A refused profile update: the contract's errorType plus the server's field errors
 * (`errors: [{ field: '/phone', message, code }]`), as the messages shown at the fields.
 */
import { ApiError, type ErrorType } from '../../api/api-error'

export type ProfileField = 'firstName' | 'lastName' | 'phone' | 'country'
export type ProfileFieldErrors = Partial<Record<ProfileField, string>>

export class ProfileRejected extends ApiError {
  constructor(
    status: number,
    errorType: ErrorType,
    readonly fieldErrors: ProfileFieldErrors,
  ) {
    super(status, errorType)
    this.name = 'ProfileRejected'
  }
}

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

/** The field errors of a problem+json body, by field; entries for other fields are dropped. */
export function profileFieldErrors(body: unknown): ProfileFieldErrors {
  const out: ProfileFieldErrors = {}
  if (typeof body !== 'object' || body === null) return out
  const { errors } = body as { errors?: unknown }
  if (!Array.isArray(errors)) return out
  for (const entry of errors as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue
    const { field, message, code } = entry as Record<string, unknown>
    if (typeof field !== 'string') continue
    const name = field.replace(/^\//, '')
    if (!(name in PROFILE_LABELS) || out[name as ProfileField] !== undefined) continue
    out[name as ProfileField] = messageFor(
      name as ProfileField,
      typeof code === 'string' ? code : '',
      typeof message === 'string' && message !== '' ? message : 'is not valid',
    )
  }
  return out
}

export function fieldErrorsOf(error: unknown): ProfileFieldErrors {
  return error instanceof ProfileRejected ? error.fieldErrors : {}
}
