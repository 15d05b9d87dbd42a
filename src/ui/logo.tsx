import { Link } from '@tanstack/react-router'

/**
 * The product's mark and name; it always leads to /app (docs/product/screens.md#auth-layout,
 * docs/product/screens.md#top-bar).
 */
export function Logo({
  tone = 'dark',
  label = 'Vistula Exchange — home',
}: {
  tone?: 'dark' | 'light'
  /** The link's name in the page's language. */
  label?: string
}) {
  return (
    <Link to="/app" className={`logo logo-${tone}`} aria-label={label}>
      <svg className="logo-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#f5b82e" />
        <path d="M8 9h4.2L16 19.4 19.8 9H24l-6.1 14h-3.8z" fill="#0b1f3a" />
      </svg>
      <span className="logo-name">
        Vistula <span className="logo-name-light">Exchange</span>
      </span>
    </Link>
  )
}
