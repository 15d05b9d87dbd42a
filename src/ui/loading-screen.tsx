/**
 * 'Loading...' while authentication is in progress, and as the landing splash
 * (docs/product/screens.md#loading-screen, docs/product/screens.md#landing-splash); the landing
 * gives its text in the page's language.
 */
export function LoadingScreen({
  variant = 'plain',
  text = 'Loading...',
}: {
  variant?: 'plain' | 'splash'
  text?: string
}) {
  return (
    <div className={`loading-screen loading-screen-${variant}`} role="status" aria-live="polite">
      <span className="loading-spinner" aria-hidden="true" />
      <span className="loading-text">{text}</span>
    </div>
  )
}
