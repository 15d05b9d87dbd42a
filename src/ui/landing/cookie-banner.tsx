import { useLingui } from '@lingui/react/macro'
import { COOKIE_BANNER } from './cookie-content'
import './cookie-banner.css'

export interface CookieBannerProps {
  onAccept: () => void
  onReject: () => void
  privacyPolicyUrl: string
}

/**
 * The cookie banner (docs/product/screens.md#cookie-banner): 'Enable All' and 'Reject Optional'.
 */
export function CookieBanner({ onAccept, onReject, privacyPolicyUrl }: CookieBannerProps) {
  const { t } = useLingui()
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-heading">
      <div className="cookie-banner-text">
        <h2 id="cookie-banner-heading" className="cookie-banner-heading">
          {t(COOKIE_BANNER.heading)}
        </h2>
        <p>
          {t(COOKIE_BANNER.text)}{' '}
          <a className="text-link" href={privacyPolicyUrl} target="_blank" rel="noopener">
            {t(COOKIE_BANNER.policy)}
          </a>
        </p>
      </div>
      <div className="cookie-banner-actions">
        <button type="button" className="button button-secondary" onClick={onReject}>
          {t(COOKIE_BANNER.reject)}
        </button>
        <button type="button" className="button button-primary" onClick={onAccept}>
          {t(COOKIE_BANNER.accept)}
        </button>
      </div>
    </section>
  )
}
