import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'

/**
 * Any unknown path shows 'Page not found' with 'Go Home' to /
 * (docs/product/screens.md#not-found-page).
 */
export function NotFoundPage() {
  const { t } = useLingui()
  return (
    <main className="centered-page">
      <h1>{t`Page not found`}</h1>
      <Link to="/" className="button button-primary">
        {t`Go Home`}
      </Link>
    </main>
  )
}
