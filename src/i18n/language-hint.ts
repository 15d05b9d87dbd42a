/**
 * What this browser remembers about languages (docs/product/languages.md#the-browsers-language,
 * decision 117), in localStorage:
 *
 * - `language_hint`: the language last used — a Polish page visited, a language switch followed,
 *   the signed-in customer's account language. Signed out, the signed-in area sends the visitor to
 *   the log-in page in it, and the loading screens speak it before an account is known.
 * - `language_offered`: the offer of the Polish page was made (shown once, whatever came of it).
 *
 * Storage may be refused (cookies blocked) or full: then the values are kept in this page's memory
 * instead, and nothing breaks.
 */
import { isLocale, type Locale, sourceLocale } from '../../domain/locale'
import { localePath } from './public-paths'

const LANGUAGE_HINT_KEY = 'language_hint'
const LANGUAGE_OFFERED_KEY = 'language_offered'

/** The values storage refused to keep, kept here for the page's life. */
const unstored = new Map<string, string>()

function read(key: string): string | null {
  const kept = unstored.get(key)
  if (kept !== undefined) return kept
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value)
    unstored.delete(key)
  } catch {
    unstored.set(key, value)
  }
}

/** The language this browser last used, if any. */
function languageHint(): Locale | undefined {
  const value = read(LANGUAGE_HINT_KEY)
  return isLocale(value) ? value : undefined
}

/** The language to speak before a page knows better: the hint, English without one. */
export function hintedLocale(): Locale {
  return languageHint() ?? sourceLocale
}

/** Remembers the language just used. */
export function rememberLanguage(locale: Locale): void {
  if (read(LANGUAGE_HINT_KEY) !== locale) write(LANGUAGE_HINT_KEY, locale)
}

/** The log-in page in the hinted language: where the signed-in area sends a visitor signed out. */
export function hintedLoginPath(): '/app/login' | '/pl/app/login' {
  return localePath('/app/login', hintedLocale())
}

/**
 * The language a browser prefers among ours: the first of its languages (`navigator.languages`,
 * in the visitor's order) whose primary subtag is one the product speaks. `['de', 'pl', 'en']`
 * prefers Polish; `['en-GB', 'pl']` English; `['de']` neither.
 */
export function preferredLocale(languages: readonly string[]): Locale | undefined {
  for (const tag of languages) {
    const primary = tag.split('-')[0]?.toLowerCase()
    if (isLocale(primary)) return primary
  }
  return undefined
}

/**
 * Whether an English page offers its Polish page now: the browser prefers Polish, the offer was
 * never made, and the visitor has not chosen a language yet (a hint is a choice, or a Polish page
 * already seen).
 */
export function shouldOfferPolish(languages: readonly string[]): boolean {
  return (
    preferredLocale(languages) === 'pl' &&
    read(LANGUAGE_OFFERED_KEY) === null &&
    languageHint() === undefined
  )
}

/** The offer was made: it is not made again. */
export function markPolishOffered(): void {
  write(LANGUAGE_OFFERED_KEY, '1')
}

/** The browser's languages, in its order (`navigator.language` alone in an older browser). */
export function browserLanguages(): readonly string[] {
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language]
}
