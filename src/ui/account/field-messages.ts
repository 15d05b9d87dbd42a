/**
 * A field's message in the page's language (issue 30): the machines keep a message as a code
 * (src/machines/forms/rule-message.ts: the general form rules, the profile's server refusals, the
 * passkey name's rule); the customer area shows it here, in the spec's words
 * (docs/product/validation.md). A server's reason the product does not know (a weak password's)
 * is shown as it came.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import type { AccountRuleMessage, FieldLabel } from '../../machines/forms/rule-message'

const FIELD_LABELS: Record<FieldLabel, MessageDescriptor> = {
  email: msg`Email`,
  password: msg`Password`,
  acceptRules: msg`Accept rules`,
  newPassword: msg`New password`,
  firstName: msg`First name`,
  lastName: msg`Last name`,
  phone: msg`Phone`,
  country: msg`Country`,
}

/** The message of one rule, `t` being the page's (useLingui). */
function messageOf(
  t: (message: MessageDescriptor) => string,
  message: AccountRuleMessage,
): MessageDescriptor | string {
  const label = (name: FieldLabel) => t(FIELD_LABELS[name])
  switch (message.rule) {
    case 'required':
      return msg`Required field`
    case 'min': {
      const { count } = message
      return msg`${plural(count, { one: 'Min # character', other: 'Min # characters' })}`
    }
    case 'max': {
      const { count } = message
      return msg`${plural(count, { one: 'Max # character', other: 'Max # characters' })}`
    }
    case 'number': {
      const field = label(message.field)
      return msg`${field} must be a number`
    }
    case 'email': {
      const field = label(message.field)
      return msg`${field} must be an email`
    }
    case 'checked': {
      const field = label(message.field)
      return msg`${field} must be checked`
    }
    case 'selected': {
      const field = label(message.field)
      return msg`${field} must be selected`
    }
    case 'invalid': {
      const field = label(message.field)
      return msg`${field} is not valid`
    }
    case 'totp-code':
      return msg`Enter the 6 digits your app shows`
    case 'recovery-code':
      return msg`A recovery code has 10 letters or digits`
    case 'phone-pattern':
      return msg`Phone needs at least 5 digits; it may contain spaces and an optional leading +`
    case 'country-pattern':
      return msg`Choose a country from the list`
    case 'name-not-saved':
      return msg`The name could not be saved. Please try again.`
    case 'server':
      return message.text
  }
}

/** A field's message in the page's language; undefined when the field has none. */
export function fieldMessage(
  t: (message: MessageDescriptor) => string,
  message: AccountRuleMessage | null | undefined,
): string | undefined {
  if (message === null || message === undefined) return undefined
  const shown = messageOf(t, message)
  return typeof shown === 'string' ? shown : t(shown)
}
