/**
 * The spec's English words for a field's message code (docs/product/validation.md), for the tests
 * that compare what a machine keeps (src/machines/forms/rule-message.ts) with what a page shows:
 * `ruleSource` is the catalog's English source of the message with its values (a page in another
 * language shows that source's translation), `englishRule` the English text itself.
 */
import type { AccountRuleMessage, FieldLabel } from '../../src/machines/forms/rule-message'

export const FIELD_LABEL_TEXTS: Record<FieldLabel, string> = {
  email: 'Email',
  password: 'Password',
  acceptRules: 'Accept rules',
  newPassword: 'New password',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  country: 'Country',
}

export interface RuleSource {
  /** The catalog's English source (its msgid), or null for a server's text shown as it came. */
  source: string | null
  values: Record<string, string | number>
  /** The text itself when it has no source (a server's reason). */
  text?: string
}

/**
 * The catalog source of a message and its values; a field's name is passed through `label` (the
 * page's language; English by default).
 */
export function ruleSource(
  message: AccountRuleMessage,
  label: (english: string) => string = (english) => english,
): RuleSource {
  const field = (name: FieldLabel) => ({ field: label(FIELD_LABEL_TEXTS[name]) })
  switch (message.rule) {
    case 'required':
      return { source: 'Required field', values: {} }
    case 'min':
      return {
        source: '{count, plural, one {Min # character} other {Min # characters}}',
        values: { count: message.count },
      }
    case 'max':
      return {
        source: '{count, plural, one {Max # character} other {Max # characters}}',
        values: { count: message.count },
      }
    case 'number':
      return { source: '{field} must be a number', values: field(message.field) }
    case 'email':
      return { source: '{field} must be an email', values: field(message.field) }
    case 'checked':
      return { source: '{field} must be checked', values: field(message.field) }
    case 'selected':
      return { source: '{field} must be selected', values: field(message.field) }
    case 'invalid':
      return { source: '{field} is not valid', values: field(message.field) }
    case 'totp-code':
      return { source: 'Enter the 6 digits your app shows', values: {} }
    case 'recovery-code':
      return { source: 'A recovery code has 10 letters or digits', values: {} }
    case 'phone-pattern':
      return {
        source: 'Phone needs at least 5 digits; it may contain spaces and an optional leading +',
        values: {},
      }
    case 'country-pattern':
      return { source: 'Choose a country from the list', values: {} }
    case 'name-not-saved':
      return { source: 'The name could not be saved. Please try again.', values: {} }
    case 'server':
      return { source: null, values: {}, text: message.text }
  }
}

/** The message in the spec's English ('Min 6 characters', 'Email must be an email'). */
export function englishRule(message: AccountRuleMessage): string {
  switch (message.rule) {
    case 'min':
      return `Min ${message.count} characters`
    case 'max':
      return `Max ${message.count} characters`
    case 'server':
      return message.text
    default: {
      const { source, values } = ruleSource(message)
      return (source ?? '').replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]))
    }
  }
}

/** What an English page shows for a field's message: its text, or nothing. */
export const englishRuleOrNull = (message: AccountRuleMessage | null | undefined): string | null =>
  message ? englishRule(message) : null
