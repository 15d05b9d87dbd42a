/**
 * The console speaks its staff member's language (docs/product/languages.md#the-staff-console):
 * the `ops` catalog of the language the console's own read of the staff member names
 * (StaffSelf.locale, GET /api/ops/me; the profile's when that was refused) is provided to the frame and every page, and `<html lang>`
 * follows it. English is in this chunk, so the console shows at once as it always did; before the
 * staff member is known it speaks the browser's hint (decision 117), and a language's catalog that
 * is not here yet is waited for behind 'Loading...' in that language.
 */
import type { Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { useEffect, useState, type ReactNode } from 'react'
import { isLocale, sourceLocale, type Locale } from '../../../../domain/locale'
import { readProfile } from '../../../api/kept-reads'
import type { MainClient } from '../../../api/main-client'
import { switchableI18n } from '../../../i18n/catalogs'
import { useHtmlLang } from '../../../i18n/use-html-lang'
import { LoadingScreenIn } from '../../../ui/hinted-loading-screen'

const english = Object.values(
  import.meta.glob<{ messages: Messages }>('../../../locales/en/ops.po', { eager: true }),
)[0]?.messages

/** One i18n instance per console; the last language asked for wins. */
const createOpsLanguage = () => switchableI18n('ops', english ?? {})

/**
 * The console in `locale`: the browser's hint until the staff member is known. Until another
 * language than English is here, 'Loading...' shows in it instead, so a Polish staff member never
 * reads the English console first; a catalog that fails to load leaves the language shown.
 */
export function OpsLanguage({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [{ i18n, show }] = useState(createOpsLanguage)
  const [settled, setSettled] = useState<Locale | null>(null)
  useEffect(() => {
    let live = true
    void show(locale).then(() => {
      if (live) setSettled(locale)
    })
    return () => {
      live = false
    }
  }, [locale, show])
  useHtmlLang(i18n)
  if (locale !== sourceLocale && i18n.locale !== locale && settled !== locale)
    return <LoadingScreenIn locale={locale} />
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>
}

/**
 * The account's language when the console was refused before it knew the staff member (no second
 * factor yet, or no access): GET /api/ops/me answers nothing else then, so the profile says it.
 * Null until it is read, and while the console is not refused.
 */
export function useRefusedLocale(api: MainClient, refused: boolean): Locale | null {
  const [locale, setLocale] = useState<Locale | null>(null)
  useEffect(() => {
    if (!refused) return
    const abort = new AbortController()
    readProfile(api, abort.signal).then(
      (profile) => {
        if (isLocale(profile.locale)) setLocale(profile.locale)
      },
      // Unread (signed out, offline): the console stays in the language it shows.
      () => undefined,
    )
    return () => {
      abort.abort()
    }
  }, [api, refused])
  return locale
}
