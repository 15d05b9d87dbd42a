/**
 * The texts of the API's problems (`detail`, a weak password's reason) in the caller's language
 * (docs/product/languages.md#the-apis-answers): each is a descriptor of the problems catalog
 * (src/locales/{locale}/problems.po), written after an `i18n` comment so the extractor finds it,
 * and rendered when the answer is sent. A value may be a descriptor itself (a request's status in
 * words): it is rendered in the same language first.
 */
import { sourceLocale, type Locale } from '../../domain/locale.ts'
import { catalogI18n } from './catalog-i18n.ts'

export interface ProblemText {
  id: string
  /** The English text, the source: ICU placeholders name `values`. */
  message: string
  values?: Readonly<Record<string, string | number | ProblemText>>
}

const problems = catalogI18n('problems')

/** The text in one language. */
export function problemText(text: ProblemText, locale: Locale): string {
  const values: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(text.values ?? {}))
    values[name] = typeof value === 'object' ? problemText(value, locale) : value
  return problems(locale)._({ id: text.id, message: text.message, values })
}

/** The text in English: what the logs and `Error.message` say. */
export function englishText(text: ProblemText): string {
  return problemText(text, sourceLocale)
}
