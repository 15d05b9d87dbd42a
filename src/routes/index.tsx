import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { loadMessages } from '../i18n/catalogs'
import { LandingLinkContext, type LandingLinkProps } from '../ui/landing/landing-link'
import { LandingView } from './-landing/landing-view'

export const Route = createFileRoute('/')({
  // The component stays in the entry, so the splash paints as soon as the app runs; the landing
  // page itself is a chunk that downloads behind the splash (decision 021).
  codeSplitGroupings: [['loader']],
  // The SPA's pages are English (the Polish landing is its own document at /pl): its public
  // catalog, as the landing's own document at / loads it.
  loader: () => loadMessages('en', 'public'),
  component: LandingRoute,
})

/** Inside the SPA the landing's links navigate with the router, without loading a page. */
const routerLink = (props: LandingLinkProps) => <Link {...props} />

/** The landing as the SPA's / route (src/routes/-landing/landing-view.tsx). */
function LandingRoute() {
  const { splash, auth, api, inspect } = Route.useRouteContext()
  const messages = Route.useLoaderData()
  const [i18n] = useState(() => setupI18n({ locale: 'en', messages: { en: messages } }))
  return (
    <I18nProvider i18n={i18n}>
      <LandingLinkContext value={routerLink}>
        <LandingView splash={splash} auth={auth} api={api} inspect={inspect} />
      </LandingLinkContext>
    </I18nProvider>
  )
}
