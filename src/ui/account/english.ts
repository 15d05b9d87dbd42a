/**
 * A message's English text, the specification's (docs/product/languages.md#the-signed-in-area):
 * the pages show their messages through the catalog of the account's language; these English
 * strings stay exported for the tests that compare the English pages with the spec's texts.
 */
import { setupI18n, type MessageDescriptor } from '@lingui/core'

const source = setupI18n({ locale: 'en', messages: { en: {} } })

export const english = (message: MessageDescriptor): string => source._(message)

/** Each descriptor of a table in English. */
export function englishOf<K extends string>(
  table: Record<K, MessageDescriptor>,
): Record<K, string> {
  return Object.fromEntries(
    Object.entries<MessageDescriptor>(table).map(([key, message]) => [key, english(message)]),
  ) as Record<K, string>
}

/** A message that may be absent, in the page's language (`t` from useLingui). */
export const textOf = (
  t: (message: MessageDescriptor) => string,
  message: MessageDescriptor | null,
): string | null => (message ? t(message) : null)
