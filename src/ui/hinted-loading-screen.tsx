/**
 * 'Loading...' before a page knows its language (docs/product/languages.md#the-browsers-language,
 * decision 117): a public page's is its address's; the signed-in area's and the console's, before
 * the account is known, the browser's hint. English is the spec's text as it always was; another
 * language's comes from its public catalog, and until that is here the screen shows no text, so a
 * Polish customer never reads English while the page loads.
 */
import type { I18n } from '@lingui/core'
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { Locale } from '../../domain/locale'
import { loadMessages } from '../i18n/catalogs'
import { hintedLocale } from '../i18n/language-hint'
import { loadedPublicCatalog, publicCatalog } from '../i18n/public-catalog'
import { isPublicPage, localeOfPath } from '../i18n/public-paths'
import { LoadingScreen } from './loading-screen'
import { LOADING } from './public-loading-screen'

/** The language 'Loading...' is shown in at an address. */
function loadingLocale(pathname: string): Locale {
  return isPublicPage(pathname) ? localeOfPath(pathname) : hintedLocale()
}

/** 'Loading...' in the language of the address being loaded. */
export function HintedLoadingScreen() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  return <LoadingScreenIn locale={loadingLocale(pathname)} />
}

/** 'Loading...' in a language. */
export function LoadingScreenIn({ locale }: { locale: Locale }) {
  const i18n = usePublicCatalog(locale)
  if (locale === 'en') return <LoadingScreen />
  // Its catalog failed to load: English, as the rest of the page will be.
  if (i18n === null) return <LoadingScreen />
  return <LoadingScreen text={i18n ? i18n._(LOADING) : ''} />
}

/** A language's public catalog: here, on its way (undefined) or failed (null); none for English. */
function usePublicCatalog(locale: Locale): I18n | undefined | null {
  const [state, setState] = useState<{ locale: Locale; i18n: I18n | null }>()
  const here = locale === 'en' ? undefined : loadedPublicCatalog(locale)
  useEffect(() => {
    if (locale === 'en' || here) return
    let live = true
    publicCatalog(locale).then(
      (i18n) => {
        if (live) setState({ locale, i18n })
      },
      () => {
        if (live) setState({ locale, i18n: null })
      },
    )
    return () => {
      live = false
    }
  }, [locale, here])
  return here ?? (state?.locale === locale ? state.i18n : undefined)
}

/**
 * Starts loading what the page at `pathname` will speak before its account is known: the hinted
 * language's public catalog (its 'Loading...') and, in the signed-in area, its account catalog.
 * Nothing for English, which the page carries.
 */
export function preloadHintedTexts(pathname: string): void {
  const locale = loadingLocale(pathname)
  if (locale === 'en' || isPublicPage(pathname)) return
  publicCatalog(locale).catch(() => undefined)
  if (pathname === '/app' || pathname.startsWith('/app/'))
    loadMessages(locale, 'account').catch(() => undefined)
}
