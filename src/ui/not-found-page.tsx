import { Link } from '@tanstack/react-router'

/**
 * Any unknown path shows 'Page not found' with 'Go Home' to /
 * (docs/product/screens.md#not-found-page).
 */
export function NotFoundPage() {
  return (
    <main className="centered-page">
      <h1>Page not found</h1>
      <Link to="/" className="button button-primary">
        Go Home
      </Link>
    </main>
  )
}
