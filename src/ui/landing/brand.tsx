import { useLingui } from '@lingui/react/macro'
import { LANDING_FRAME } from './landing-content'
import { LandingLink } from './landing-link'

/**
 * The product's mark and name on the landing page; it leads to the top of the page (/). The mark
 * is the logo's SVG as a CSS image, so the landing's script does not carry it.
 */
export function Brand() {
  const { t } = useLingui()
  return (
    <LandingLink to="/" className="logo logo-light" aria-label={t(LANDING_FRAME.home)}>
      <span className="logo-mark brand-mark" aria-hidden="true" />
      <span className="logo-name">
        Vistula <span className="logo-name-light">Exchange</span>
      </span>
    </LandingLink>
  )
}
