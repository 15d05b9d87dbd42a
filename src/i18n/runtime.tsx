/**
 * What the Lingui macros compile to (lingui.config.ts, decision 116): Lingui's own `Trans` and
 * `useLingui`, except that outside an `I18nProvider` they render the English source texts instead
 * of throwing, so a view rendered on its own (a test, a page before its catalog is provided)
 * stays the English page it always was.
 */
import { setupI18n } from '@lingui/core'
import { LinguiContext, type I18nContext, type TransProps } from '@lingui/react'
import { TransNoContext } from '@lingui/react/server'
import { useContext } from 'react'

// The source texts travel with the code only in development and tests; a production page always
// has its provider and its compiled catalog (src/i18n/catalogs.ts).
const source = setupI18n({ locale: 'en', messages: { en: {} } })
const sourceContext: I18nContext = { i18n: source, _: source.t.bind(source) }

export function useLingui(): I18nContext {
  return useContext(LinguiContext) ?? sourceContext
}

export function Trans(props: TransProps) {
  return <TransNoContext {...props} lingui={useLingui()} />
}
