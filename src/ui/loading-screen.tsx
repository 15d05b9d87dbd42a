/**
 * 'Loading...' while authentication is in progress, and as the landing splash
 * (docs/product/screens.md#loading-screen, docs/product/screens.md#landing-splash).
 */
export function LoadingScreen({ variant = 'plain' }: { variant?: 'plain' | 'splash' }) {
  return (
    <div className={`loading-screen loading-screen-${variant}`} role="status" aria-live="polite">
      <span className="loading-spinner" aria-hidden="true" />
      <span className="loading-text">Loading...</span>
    </div>
  )
}
