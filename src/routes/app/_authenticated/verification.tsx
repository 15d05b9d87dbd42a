import { createFileRoute } from '@tanstack/react-router'
import type { VerificationKind } from '../../../machines/verification/verification-status'
import { VerificationPage } from '../../../ui/account/verification-page'
import { VerificationWidget } from '../../../ui/account/verification-widget'
import { useVerification } from './-customer/use-verification'

export const Route = createFileRoute('/app/_authenticated/verification')({
  // Which widget to embed: the local sandbox page or the Sumsub WebSDK (GET /api/config).
  loader: ({ context }) => context.config.load(),
  component: VerificationRoute,
})

/**
 * The verification page (docs/product/screens.md#verification-page): KYC and KYB, each its own
 * chart, one embedded check at a time.
 */
function VerificationRoute() {
  const { api, inspect } = Route.useRouteContext()
  const settings = Route.useLoaderData()
  const kinds = {
    kyc: useVerification('kyc', api, settings, inspect),
    kyb: useVerification('kyb', api, settings, inspect),
  }
  const open = (['kyc', 'kyb'] as const).find((kind) => kinds[kind].view.widget === 'open')
  const shown = open ? kinds[open] : undefined
  return (
    <VerificationPage
      kyc={kinds.kyc.view}
      kyb={kinds.kyb.view}
      onStart={(kind: VerificationKind) => {
        // One check at a time: starting one closes the other.
        const other = kinds[kind === 'kyc' ? 'kyb' : 'kyc'].actor
        if (other.getSnapshot().hasTag('embedded')) other.send({ type: 'widget.exit' })
        kinds[kind].actor.send({ type: 'verification.start' })
      }}
      onExit={(kind) => {
        kinds[kind].actor.send({ type: 'widget.exit' })
      }}
      widget={
        open && shown?.view.token ? (
          <VerificationWidget
            key={open}
            mode={settings.providers}
            token={shown.view.token}
            sandboxUrl={settings.sumsubSandboxUrl}
            baseUrl={settings.sumsubBaseUrl}
            frameRef={shown.frame.ref}
            expirationHandler={shown.live.expirationHandler}
            onMessage={shown.live.onMessage}
          />
        ) : null
      }
    />
  )
}
