/**
 * The form rules' messages in the page's language (issue 30): the machines keep a message as a
 * code (src/machines/forms/rule-message.ts); the public pages show it here, in the spec's words
 * (docs/product/validation.md#general-form-rules). A server's own reason (a weak password's) is
 * shown as it came.
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { FieldLabel, RuleMessage } from '../machines/forms/rule-message'

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

/** A field's message in the language of `i18n`. */
export function ruleText(i18n: I18n, message: RuleMessage): string {
  const label = (name: FieldLabel) => i18n._(FIELD_LABELS[name])
  switch (message.rule) {
    case 'required':
      return i18n._(msg`Required field`)
    case 'min': {
      const { count } = message
      return i18n._(msg`${plural(count, { one: 'Min # character', other: 'Min # characters' })}`)
    }
    case 'max': {
      const { count } = message
      return i18n._(msg`${plural(count, { one: 'Max # character', other: 'Max # characters' })}`)
    }
    case 'number': {
      const field = label(message.field)
      return i18n._(msg`${field} must be a number`)
    }
    case 'email': {
      const field = label(message.field)
      return i18n._(msg`${field} must be an email`)
    }
    case 'checked': {
      const field = label(message.field)
      return i18n._(msg`${field} must be checked`)
    }
    case 'selected': {
      const field = label(message.field)
      return i18n._(msg`${field} must be selected`)
    }
    case 'totp-code':
      return i18n._(msg`Enter the 6 digits your app shows`)
    case 'recovery-code':
      return i18n._(msg`A recovery code has 10 letters or digits`)
    case 'server':
      return message.text
  }
}

/** Shows a field's message (none when the field has none) in the page's language. */
export function useFieldMessage(): (message: RuleMessage | null | undefined) => string | undefined {
  const { i18n } = useLingui()
  return (message) => (message ? ruleText(i18n, message) : undefined)
}
