/**
 * The landing's own document (decision 103): what a visitor who opens / gets, rendered without the
 * router, so the page carries React, XState and the landing, and its links load the pages they
 * lead to (the public ones are prerendered, decision 101). The SPA still renders the same view as
 * its / route for navigations inside the app.
 */
import type { I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { useEffect } from 'react'
import type { AppServices } from './app-services'
import { hintedLoginPath } from './i18n/language-hint'
import { LandingView } from './routes/-landing/landing-view'
import { PageErrorBoundary } from './ui/page-error-boundary'

/** Where the auth actor sends a visitor of the landing's document: a page load. */
export const landingNavigation = (location: { assign(href: string): void }) => ({
  goToHome: () => {
    location.assign('/app')
  },
  // The log-in page in the language the browser remembers (decision 117).
  goToLogin: () => {
    location.assign(hintedLoginPath())
  },
  reloadPage: () => {
    location.assign(hintedLoginPath())
  },
})

/**
 * `i18n` holds the page's language and its public catalog (src/i18n/catalogs.ts): the server
 * renders with the same ones the browser then hydrates with.
 */
export function LandingDocument({ services, i18n }: { services: AppServices; i18n: I18n }) {
  const { splash, auth, api, inspect } = services
  // The splash's 750 ms count from the first paint (docs/product/limits.md#landing-splash); the
  // actor lives as long as the page, so a remount (StrictMode) starts nothing again.
  useEffect(() => {
    splash.start()
  }, [splash])
  return (
    <I18nProvider i18n={i18n}>
      <PageErrorBoundary>
        <LandingView splash={splash} auth={auth} api={api} inspect={inspect} />
      </PageErrorBoundary>
    </I18nProvider>
  )
}
