import { useLingui } from '@lingui/react/macro'
import { LandingLink } from './landing-link'
import { Brand } from './brand'
import { HEADER, LANDING_FRAME } from './landing-content'
import { LanguageSwitch } from './language-switch'

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
  const { t } = useLingui()
  return (
    <header className="landing-header">
      <div className="landing-container landing-header-row">
        <Brand />
        <LanguageSwitch label={t(LANDING_FRAME.language)} />
        <nav className="landing-header-actions" aria-label={t(LANDING_FRAME.accountNavigation)}>
          <button type="button" className="button button-ghost-light" onClick={onBookCall}>
            {t(HEADER.bookCall)}
          </button>
          {profileLoaded ? (
            <LandingLink to="/app" className="button button-gold">
              {t(HEADER.dashboard)}
            </LandingLink>
          ) : (
            <>
              <LandingLink to="/app" className="button button-ghost-light">
                {t(HEADER.logIn)}
              </LandingLink>
              <LandingLink to="/app/register" className="button button-gold">
                {t(HEADER.signUp)}
              </LandingLink>
            </>
          )}
        </nav>
      </div>
    </header>
  )
}
