import { createFileRoute } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { readProfile } from '../../../../api/kept-reads'
import { createMyRequestsActors } from '../../../../machines/my-requests/my-requests.actors'
import {
  myRequestsMachine,
  selectMyRequestsView,
} from '../../../../machines/my-requests/my-requests.machine'
import { RequestsPage } from '../../../../ui/account/requests-page'
import { watchCustomerChanges } from '../-customer/request-live'
import { useQuoteDialog } from '../-customer/use-quote-dialog'

export const Route = createFileRoute('/app/_authenticated/requests/')({
  // The quote dialog, offered when there are no requests yet, is prefilled from the profile.
  loader: async ({ context, abortController }) => ({
    profile: await readProfile(context.api, abortController.signal),
  }),
  component: RequestsRoute,
})

/** The customer's requests (issue 28 part 4), kept current by the live stream. */
function RequestsRoute() {
  const { api, inspect } = Route.useRouteContext()
  const { profile } = Route.useLoaderData()
  const list = useActorRef(
    myRequestsMachine.provide({
      actors: { ...createMyRequestsActors(api), watchChanges: watchCustomerChanges },
    }),
    { inspect },
  )
  const view = useSelector(list, selectMyRequestsView)
  const quote = useQuoteDialog(api, profile, inspect)
  return (
    <>
      <RequestsPage
        view={view}
        onReload={() => {
          list.send({ type: 'requests.reload' })
        }}
        onRequestQuote={quote.open}
      />
      {quote.dialog}
    </>
  )
}
