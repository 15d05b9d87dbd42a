/**
 * The language a public page is shown in: its catalog's (the root route provides it from the
 * address, docs/product/languages.md), English outside a provider (a view rendered alone).
 */
import { useLingui } from '@lingui/react/macro'
import { isLocale, type Locale } from '../../domain/locale'
import { localePath } from '../i18n/public-paths'

export function usePageLocale(): Locale {
  const { i18n } = useLingui()
  return isLocale(i18n.locale) ? i18n.locale : 'en'
}

/** The address of another public page in this page's language, so links stay in it. */
export function usePagePath(): <P extends `/app/${string}`>(path: P) => P | `/pl${P}` {
  const locale = usePageLocale()
  return (path) => localePath(path, locale)
}
