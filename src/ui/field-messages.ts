/**
 * The form rules' messages in the page's language. The charts keep the rule's English text
 * (src/machines/forms/validation.ts, the code field's src/machines/login/second-factor-code.ts:
 * shared by every form, the spec's exact words); the public pages' views translate it here, by
 * the rule it names. A text that is no rule's (the server's own refusal) is shown as it came.
 */
import type { I18n } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'

const FIELD_LABELS: Record<string, ReturnType<typeof msg>> = {
  Email: msg`Email`,
  Password: msg`Password`,
  'Accept rules': msg`Accept rules`,
}

function fieldMessage(i18n: I18n, text: string): string {
  const label = (name: string) => {
    const known = FIELD_LABELS[name]
    return known ? i18n._(known) : name
  }
  if (text === 'Required field') return i18n._(msg`Required field`)
  if (text === 'Enter the 6 digits your app shows')
    return i18n._(msg`Enter the 6 digits your app shows`)
  if (text === 'A recovery code has 10 letters or digits')
    return i18n._(msg`A recovery code has 10 letters or digits`)
  let match = /^Min (\d+) characters$/.exec(text)
  if (match) {
    const count = Number(match[1])
    return i18n._(msg`${plural(count, { one: 'Min # character', other: 'Min # characters' })}`)
  }
  match = /^Max (\d+) characters$/.exec(text)
  if (match) {
    const count = Number(match[1])
    return i18n._(msg`${plural(count, { one: 'Max # character', other: 'Max # characters' })}`)
  }
  match = /^(.+) must be an email$/.exec(text)
  if (match) {
    const field = label(match[1] ?? '')
    return i18n._(msg`${field} must be an email`)
  }
  match = /^(.+) must be checked$/.exec(text)
  if (match) {
    const field = label(match[1] ?? '')
    return i18n._(msg`${field} must be checked`)
  }
  return text
}

/** Translates a field's message (undefined or null when the field has none). */
export function useFieldMessage(): <T extends string | null | undefined>(text: T) => T | string {
  const { i18n } = useLingui()
  return (text) => (text ? fieldMessage(i18n, text) : text)
}
