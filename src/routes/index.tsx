import { createFileRoute, Link } from '@tanstack/react-router'
import { LandingLinkContext, type LandingLinkProps } from '../ui/landing/landing-link'
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
  return (
    <LandingLinkContext value={routerLink}>
      <LandingView splash={splash} auth={auth} api={api} inspect={inspect} />
    </LandingLinkContext>
  )
}
