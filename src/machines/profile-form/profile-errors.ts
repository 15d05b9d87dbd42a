/**
 * A refused profile update's field errors (`errors: [{ field: '/phone', message, code }]`) as the
 * messages shown at the fields, kept as codes (src/machines/forms/rule-message.ts): the server's
 * rule (its Ajv keyword) becomes the same rule the form checks itself, with the client's own
 * limits; a rule the product has no words for is '{field} is not valid'.
 */
import { ApiError, type FieldError } from '../../api/api-call'
import type { AccountRuleMessage } from '../forms/rule-message'

export type ProfileField = 'firstName' | 'lastName' | 'phone' | 'country'
export type ProfileFieldErrors = Partial<Record<ProfileField, AccountRuleMessage>>

const PROFILE_FIELDS: readonly ProfileField[] = ['firstName', 'lastName', 'phone', 'country']

/** The contract's longest values (PersonName, Phone, CountryCode: docs/product/validation.md#profile). */
export const PROFILE_MAX_LENGTH: Record<ProfileField, number> = {
  firstName: 100,
  lastName: 100,
  phone: 32,
  country: 2,
}

const isProfileField = (name: string): name is ProfileField =>
  (PROFILE_FIELDS as readonly string[]).includes(name)

/** The server's rule names (Ajv keywords) as the form's own rules. */
function messageFor(field: ProfileField, code: string): AccountRuleMessage {
  switch (code) {
    case 'required':
      return { rule: 'required' }
    case 'maxLength':
      return { rule: 'max', count: PROFILE_MAX_LENGTH[field] }
    case 'pattern':
      if (field === 'phone') return { rule: 'phone-pattern' }
      if (field === 'country') return { rule: 'country-pattern' }
      return { rule: 'invalid', field }
    default:
      return { rule: 'invalid', field }
  }
}

/** The field errors of a refusal, by field; entries for other fields are dropped. */
export function profileFieldErrors(errors: readonly FieldError[]): ProfileFieldErrors {
  const out: ProfileFieldErrors = {}
  for (const { field, code } of errors) {
    const name = field.replace(/^\//, '')
    if (!isProfileField(name) || out[name] !== undefined) continue
    out[name] = messageFor(name, code)
  }
  return out
}

export function fieldErrorsOf(error: unknown): ProfileFieldErrors {
  return error instanceof ApiError ? profileFieldErrors(error.fieldErrors) : {}
}
