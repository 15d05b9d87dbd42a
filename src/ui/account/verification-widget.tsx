import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import type { components } from '../../../openapi/main.gen'
import type { FrameRef } from './account-fields'

/** The Sumsub WebSDK, loaded only when a live check opens (never with the landing or auth pages). */
const SumsubWebSdk = lazy(() => import('@sumsub/websdk-react'))

export interface VerificationWidgetProps {
  /** sandbox: the local verification page; live: the Sumsub WebSDK; null: unknown (config unread). */
  mode: components['schemas']['ClientConfig']['providers'] | null
  token: string
  /** Sandbox mode: the page's address, given the token as `?accessToken=`. */
  sandboxUrl: string | null
  /** Live mode: the WebSDK frame's origin when not the SDK's default. */
  baseUrl: string | null
  frameRef: FrameRef
  /** The SDK's expiration handler: a fresh token for the same applicant and level. */
  expirationHandler: () => Promise<string>
  /** Every `idCheck.*` event the SDK reports. */
  onMessage: (type: string, payload: unknown) => void
}

/** The provider's widget, embedded (docs/product/flows.md#verification). */
export function VerificationWidget(props: VerificationWidgetProps) {
  const { mode, token, sandboxUrl, baseUrl, frameRef } = props
  const { t, i18n } = useLingui()
  if (mode === 'sandbox' && sandboxUrl) {
    const separator = sandboxUrl.includes('?') ? '&' : '?'
    return (
      <iframe
        ref={frameRef}
        className="verification-frame"
        title={t`Verification (sandbox)`}
        src={`${sandboxUrl}${separator}accessToken=${encodeURIComponent(token)}`}
        allow="camera; microphone; geolocation; clipboard-write"
      />
    )
  }
  if (mode === 'live') {
    return (
      <Suspense
        fallback={
          <p className="embedded-check-loading" role="status">
            {t`Loading…`}
          </p>
        }
      >
        <SumsubWebSdk
          // A new session remounts the SDK: it ignores prop changes after mounting.
          key={token}
          className="verification-sdk"
          accessToken={token}
          expirationHandler={props.expirationHandler}
          onMessage={(type, payload) => {
            props.onMessage(type, payload)
          }}
          config={{ lang: i18n.locale === 'pl' ? 'pl' : 'en' }}
          options={{ addViewportTag: false, adaptIframeHeight: true }}
          {...(baseUrl ? { baseUrl } : {})}
        />
      </Suspense>
    )
  }
  return (
    <div className="form-alert" role="alert">
      {t`The verification provider is not available right now. Please try again later.`}
    </div>
  )
}
