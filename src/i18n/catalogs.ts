/**
 * The compiled message catalogs (decision 116, docs/product/languages.md): one per area and
 * language, each a chunk of its own, so a page loads only its own area's messages in its own
 * language.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import type { Locale } from '../../domain/locale'

/** The areas that have catalogs of their own in the browser (the e-mails' is the server's). */
export type CatalogArea = 'landing' | 'public' | 'account' | 'ops'

// @lingui/vite-plugin compiles each catalog when it is imported.
const catalogs = import.meta.glob<{ messages: Messages }>(
  '../locales/*/{landing,public,account,ops}.po',
)

/** One area's messages in one language. */
export async function loadMessages(locale: Locale, area: CatalogArea): Promise<Messages> {
  const load = catalogs[`../locales/${locale}/${area}.po`]
  if (!load) throw new Error(`No ${area} catalog for ${locale}`)
  return (await load()).messages
}

/** An i18n instance showing one area's messages in one language. */
export async function loadI18n(locale: Locale, area: CatalogArea): Promise<I18n> {
  const messages = await loadMessages(locale, area)
  return setupI18n({ locale, messages: { [locale]: messages } })
}

/**
 * An area's i18n that can change language in place: `english` (bundled with the area, so it
 * shows at once) is active first; another language's catalog loads when asked for and becomes
 * active once here, the last language asked for winning. A catalog that fails to load leaves the
 * language shown. `show` settles once the language asked for is shown, has failed, or was
 * superseded.
 */
export function switchableI18n(
  area: CatalogArea,
  english: Messages,
): { i18n: I18n; show: (locale: Locale) => Promise<void> } {
  const i18n = setupI18n({ locale: 'en', messages: { en: english } })
  const loaded = new Set<Locale>(['en'])
  let wanted: Locale = 'en'
  const show = (locale: Locale): Promise<void> => {
    wanted = locale
    if (loaded.has(locale)) {
      if (i18n.locale !== locale) i18n.activate(locale)
      return Promise.resolve()
    }
    return loadMessages(locale, area).then(
      (messages) => {
        i18n.load(locale, messages)
        loaded.add(locale)
        if (wanted === locale && i18n.locale !== locale) i18n.activate(locale)
      },
      () => undefined,
    )
  }
  return { i18n, show }
}
