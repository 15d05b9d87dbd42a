import { Link } from '@tanstack/react-router'
import { LogoMark } from './logo-mark'

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
      <LogoMark />
      <span className="logo-name">
        Vistula <span className="logo-name-light">Exchange</span>
      </span>
    </Link>
  )
}
