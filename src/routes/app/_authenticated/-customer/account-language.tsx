/**
 * The signed-in area speaks the account's language (docs/product/languages.md#the-signed-in-area):
 * the `account` catalog of the stored language (Profile.locale) is provided to every signed-in
 * page, and `<html lang>` follows it. English is in this chunk, so a page shows at once as it
 * always did; another language's catalog loads when the profile names it, and English shows
 * until it is here. After the profile page saves another language, the area switches without a
 * reload.
 *
 * The browser remembers the account's language (decision 117): where it says another language
 * than English, that language's catalog is asked for at once, and 'Loading...' in that language
 * stays until it is here (or the account turns out to speak another), so a Polish customer never
 * reads English first.
 */
import type { Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createContext, use, useCallback, useEffect, useState, type ReactNode } from 'react'
import type { Locale } from '../../../../../domain/locale'
import { readProfile } from '../../../../api/kept-reads'
import type { MainClient } from '../../../../api/main-client'
import { switchableI18n } from '../../../../i18n/catalogs'
import { useHtmlLang } from '../../../../i18n/use-html-lang'
import { hintedLocale, rememberLanguage } from '../../../../i18n/language-hint'
import { LoadingScreenIn } from '../../../../ui/hinted-loading-screen'

const english = Object.values(
  import.meta.glob<{ messages: Messages }>('../../../../locales/en/account.po', { eager: true }),
)[0]?.messages

/** Shows the signed-in area in a language (the profile page calls it after a saved update). */
export type SetAccountLanguage = (locale: Locale) => void

const AccountLanguageContext = createContext<SetAccountLanguage>(() => undefined)

/** The switch the signed-in layout provides. */
export function useSetAccountLanguage(): SetAccountLanguage {
  return use(AccountLanguageContext)
}

/** One i18n instance per signed-in layout; the last language asked for wins. */
const createAccountLanguage = () => switchableI18n('account', english ?? {})

export function AccountLanguage({ api, children }: { api: MainClient; children: ReactNode }) {
  const [{ i18n, show }] = useState(createAccountLanguage)
  // The language the browser remembers, until the account's is known; shown once its catalog is
  // here.
  const [hint] = useState(hintedLocale)
  const [waiting, setWaiting] = useState(hint !== 'en')
  useEffect(() => {
    if (hint === 'en') return
    let live = true
    void show(hint).then(() => {
      if (live) setWaiting(false)
    })
    return () => {
      live = false
    }
  }, [hint, show])
  // The stored language, from the kept profile (the pages read the same one).
  useEffect(() => {
    const abort = new AbortController()
    readProfile(api, abort.signal).then(
      (profile) => {
        rememberLanguage(profile.locale)
        void show(profile.locale).then(() => {
          if (!abort.signal.aborted) setWaiting(false)
        })
      },
      // Unread (signed out, offline): the page stays in the language it shows.
      () => undefined,
    )
    return () => {
      abort.abort()
    }
  }, [api, show])
  useHtmlLang(i18n)
  // After a saved update: the area switches, and the browser remembers the language.
  const setLanguage = useCallback<SetAccountLanguage>(
    (locale) => {
      rememberLanguage(locale)
      void show(locale)
    },
    [show],
  )
  if (waiting) return <LoadingScreenIn locale={hint} />
  return (
    <AccountLanguageContext value={setLanguage}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </AccountLanguageContext>
  )
}
