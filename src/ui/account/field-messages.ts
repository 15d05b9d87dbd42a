/**
 * A field's message in the page's language. The form charts keep their rules' English sentences
 * (src/machines/forms/validation.ts, profile-errors.ts, the passkey name's rule), which the English
 * tests compare; the view shows the known ones in the page's language. A server's message the
 * product does not know (a weak password's reason) stays as it came.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export function fieldMessage(
  t: (message: MessageDescriptor) => string,
  text: string | null | undefined,
): string | undefined {
  if (text === null || text === undefined) return undefined
  const max = /^Max (\d+) characters$/.exec(text)?.[1]
  if (max !== undefined) return t(msg`Max ${max} characters`)
  const min = /^Min (\d+) characters$/.exec(text)?.[1]
  if (min !== undefined) return t(msg`Min ${min} characters`)
  if (text === 'Required field') return t(msg`Required field`)
  if (text === 'Phone needs at least 5 digits; it may contain spaces and an optional leading +')
    return t(msg`Phone needs at least 5 digits; it may contain spaces and an optional leading +`)
  if (text === 'Choose a country from the list') return t(msg`Choose a country from the list`)
  return text
}
