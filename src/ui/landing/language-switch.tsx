import { useLingui } from '#i18n/runtime'
import { isLocale, type Locale } from '../../../domain/locale'
import { rememberLanguage } from '../../i18n/language-hint'
import { pathInLocale } from '../../i18n/public-paths'

/** Each language by its own name, in its own language. */
const NAMES: Record<Locale, string> = { en: 'English', pl: 'Polski' }

/**
 * The link to the landing in the other language (docs/product/languages.md): a plain link that
 * loads that page, never a redirect. Following it, the browser remembers the language (decision
 * 117).
 */
export function LanguageSwitch({ label }: { label: string }) {
  const { i18n } = useLingui()
  const current: Locale = isLocale(i18n.locale) ? i18n.locale : 'en'
  const other: Locale = current === 'pl' ? 'en' : 'pl'
  return (
    <nav className="language-switch" aria-label={label}>
      <a
        href={pathInLocale('/', other)}
        hrefLang={other}
        lang={other}
        onClick={() => {
          rememberLanguage(other)
        }}
      >
        {NAMES[other]}
      </a>
    </nav>
  )
}
