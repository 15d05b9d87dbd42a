import { useLingui } from '@lingui/react/macro'
import { isLocale, sourceLocale, type Locale } from '../../../domain/locale'

/** The language the page is shown in, for dates, numbers and country names. */
export function usePageLocale(): Locale {
  const { i18n } = useLingui()
  return isLocale(i18n.locale) ? i18n.locale : sourceLocale
}
