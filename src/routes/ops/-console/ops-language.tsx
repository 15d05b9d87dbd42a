/**
 * The console speaks its staff member's language (docs/product/languages.md#the-staff-console):
 * the `ops` catalog of the language the console's own read of the staff member names
 * (StaffSelf.locale, GET /api/ops/me; the profile's when that was refused) is provided to the frame and every page, and `<html lang>`
 * follows it. English is in this chunk, so the console shows at once as it always did; another
 * language's catalog loads once the staff member is known, and English shows until it is here.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { useEffect, useState, type ReactNode } from 'react'
import { isLocale, sourceLocale, type Locale } from '../../../../domain/locale'
import { readProfile } from '../../../api/kept-reads'
import type { MainClient } from '../../../api/main-client'
import { loadMessages } from '../../../i18n/catalogs'

const english = Object.values(
  import.meta.glob<{ messages: Messages }>('../../../locales/en/ops.po', { eager: true }),
)[0]?.messages

/** One i18n instance per console; the last language asked for wins. */
function createOpsLanguage(): { i18n: I18n; show: (locale: Locale) => void } {
  const i18n = setupI18n({ locale: sourceLocale, messages: { [sourceLocale]: english ?? {} } })
  const loaded = new Set<Locale>([sourceLocale])
  let wanted: Locale = sourceLocale
  const show = (locale: Locale) => {
    wanted = locale
    if (loaded.has(locale)) {
      if (i18n.locale !== locale) i18n.activate(locale)
      return
    }
    loadMessages(locale, 'ops').then(
      (messages) => {
        i18n.load(locale, messages)
        loaded.add(locale)
        if (wanted === locale && i18n.locale !== locale) i18n.activate(locale)
      },
      // The catalog did not load: the console stays in the language it shows.
      () => undefined,
    )
  }
  return { i18n, show }
}

/** The console in `locale` (English until the staff member is known). */
export function OpsLanguage({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [{ i18n, show }] = useState(createOpsLanguage)
  useEffect(() => {
    show(locale)
  }, [locale, show])
  // <html lang> says the language the console is in; leaving it, the SPA is English again.
  useEffect(() => {
    const apply = () => {
      document.documentElement.lang = i18n.locale
    }
    apply()
    const off = i18n.on('change', apply)
    return () => {
      off()
      document.documentElement.lang = sourceLocale
    }
  }, [i18n])
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
