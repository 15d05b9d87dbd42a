/** The cookie banner's copy (docs/product/screens.md#cookie-banner). */
export const COOKIE_BANNER = {
  heading: 'Cookies',
  text: 'We use necessary cookies to run this site. With your consent we also use optional analytics cookies (Google Tag Manager) to improve it.',
  policy: 'Privacy policy',
  accept: 'Enable All',
  reject: 'Reject Optional',
}
