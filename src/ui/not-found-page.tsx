import { Link } from '@tanstack/react-router'

/** Spec §2: any unknown path shows 'Page not found' with 'Go Home' to /. */
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
