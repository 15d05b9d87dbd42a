import { LandingLink } from './landing-link'
import { Brand } from './brand'
import { HEADER } from './landing-content'

export interface LandingHeaderProps {
  /**
   * The logged-in display depends on whether the profile query returned data
   * (docs/product/flows.md#landing-header-and-hero).
   */
  profileLoaded: boolean
  onBookCall: () => void
}

/**
 * The public header (docs/product/screens.md#landing-header): the logo, 'Book a call', and either
 * 'Log in' with 'Sign up' or 'Dashboard'. The buttons are hidden on small screens.
 */
export function LandingHeader({ profileLoaded, onBookCall }: LandingHeaderProps) {
  return (
    <header className="landing-header">
      <div className="landing-container landing-header-row">
        <Brand />
        <nav className="landing-header-actions" aria-label="Account">
          <button type="button" className="button button-ghost-light" onClick={onBookCall}>
            {HEADER.bookCall}
          </button>
          {profileLoaded ? (
            <LandingLink to="/app" className="button button-gold">
              {HEADER.dashboard}
            </LandingLink>
          ) : (
            <>
              <LandingLink to="/app" className="button button-ghost-light">
                {HEADER.logIn}
              </LandingLink>
              <LandingLink to="/app/register" className="button button-gold">
                {HEADER.signUp}
              </LandingLink>
            </>
          )}
        </nav>
      </div>
    </header>
  )
}
