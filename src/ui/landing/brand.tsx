import { useLingui } from '@lingui/react/macro'
import { isLocale } from '../../../domain/locale'
import { pathInLocale } from '../../i18n/public-paths'
import { LogoMark } from '../logo-mark'
import { LANDING_FRAME } from './landing-content'
import { LandingLink } from './landing-link'

/**
 * The product's mark and name on the landing page; it leads to the top of the page in the page's
 * language (/ or /pl). The mark is inline SVG, as the customer area's logo is: as a CSS image it
 * was an SVG document of its own built before the first frame (see ./benefit-icon.tsx).
 */
export function Brand() {
  const { t, i18n } = useLingui()
  const home = pathInLocale('/', isLocale(i18n.locale) ? i18n.locale : 'en')
  const mark = (
    <>
      <LogoMark />
      <span className="logo-name">
        Vistula <span className="logo-name-light">Exchange</span>
      </span>
    </>
  )
  // The SPA (English) has / as a route; another language's landing is a page of its own.
  return home === '/' ? (
    <LandingLink to="/" className="logo logo-light" aria-label={t(LANDING_FRAME.home)}>
      {mark}
    </LandingLink>
  ) : (
    <a href={home} className="logo logo-light" aria-label={t(LANDING_FRAME.home)}>
      {mark}
    </a>
  )
}
