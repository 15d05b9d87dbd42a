/** The cookie banner's copy (docs/product/screens.md#cookie-banner). */

import { msg } from '@lingui/core/macro'
export const COOKIE_BANNER = {
  heading: msg`Cookies`,
  text: msg`We use necessary cookies to run this site. With your consent we also use optional analytics cookies (Google Tag Manager) to improve it.`,
  policy: msg`Privacy policy`,
  accept: msg`Enable All`,
  reject: msg`Reject Optional`,
}
