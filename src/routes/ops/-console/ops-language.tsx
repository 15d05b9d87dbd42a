/**
 * The console speaks its staff member's language (docs/product/languages.md#the-staff-console):
 * the `ops` catalog of the language the console's own read of the staff member names
 * (StaffSelf.locale, GET /api/ops/me; the profile's when that was refused) is provided to the frame and every page, and `<html lang>`
 * follows it. English is in this chunk, so the console shows at once as it always did; another
 * language's catalog loads once the staff member is known, and English shows until it is here.
 */
import type { Messages } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { useEffect, useState, type ReactNode } from 'react'
import { isLocale, sourceLocale, type Locale } from '../../../../domain/locale'
import { readProfile } from '../../../api/kept-reads'
import type { MainClient } from '../../../api/main-client'
import { switchableI18n } from '../../../i18n/catalogs'

const english = Object.values(
  import.meta.glob<{ messages: Messages }>('../../../locales/en/ops.po', { eager: true }),
)[0]?.messages

/** One i18n instance per console; the last language asked for wins. */
const createOpsLanguage = () => switchableI18n('ops', english ?? {})

/** The console in `locale` (English until the staff member is known). */
export function OpsLanguage({ locale, children }: { locale: Locale; children: ReactNode }) {
  const [{ i18n, show }] = useState(createOpsLanguage)
  useEffect(() => {
    void show(locale)
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
