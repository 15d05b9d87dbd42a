import type { I18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { loadI18n } from '../i18n/catalogs'
import { LandingLinkContext, type LandingLinkProps } from '../ui/landing/landing-link'
import { LoadingScreen } from '../ui/loading-screen'
import { LandingView } from './-landing/landing-view'

export const Route = createFileRoute('/')({
  // The component stays in the entry, so the splash paints as soon as the app runs; the landing
  // page itself is a chunk that downloads behind the splash (decision 021).
  codeSplitGroupings: [['loader']],
  component: LandingRoute,
})

/** Inside the SPA the landing's links navigate with the router, without loading a page. */
const routerLink = (props: LandingLinkProps) => <Link {...props} />

/** The landing as the SPA's / route (src/routes/-landing/landing-view.tsx). */
function LandingRoute() {
  const { splash, auth, api, inspect } = Route.useRouteContext()
  const i18n = useEnglishCatalog()
  // Until its texts are here the splash shows, as it does while the landing's chunk downloads.
  if (!i18n) return <LoadingScreen variant="splash" />
  return (
    <I18nProvider i18n={i18n}>
      <LandingLinkContext value={routerLink}>
        <LandingView splash={splash} auth={auth} api={api} inspect={inspect} />
      </LandingLinkContext>
    </I18nProvider>
  )
}

// The SPA's pages are English (the Polish landing is its own document at /pl): the English landing
// catalog, as the landing's own document at / loads it, once per page.
let catalog: I18n | undefined
let request: Promise<I18n> | undefined
const loadCatalog = () =>
  (request ??= loadI18n('en', 'landing').then(
    (loaded) => (catalog = loaded),
    (error: unknown) => {
      request = undefined // the next visit of / asks again
      throw error
    },
  ))

/** The English landing catalog, requested on mount; undefined until it has arrived. */
function useEnglishCatalog(): I18n | undefined {
  const [i18n, setI18n] = useState(() => catalog)
  const [failure, setFailure] = useState<{ error: unknown } | null>(null)
  useEffect(() => {
    if (i18n) return
    let live = true
    loadCatalog().then(
      (loaded) => {
        if (live) setI18n(loaded)
      },
      (error: unknown) => {
        if (live) setFailure({ error })
      },
    )
    return () => {
      live = false
    }
  }, [i18n])
  // A catalog that cannot load is the page's error, as a landing chunk that cannot
  // (docs/product/errors.md#application-errors).
  if (failure) throw failure.error
  return i18n
}
