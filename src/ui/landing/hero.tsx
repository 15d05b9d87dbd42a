import { useLingui } from '@lingui/react/macro'
import { LandingLink } from './landing-link'
import { FloatingImages } from './floating-images'
import { HERO } from './landing-content'
import { RotatingWord } from './rotating-word'

export interface HeroProps {
  word: string
  shownLetters: number
  /**
   * The promo note's wording and link depend on isUserLoggedIn
   * (docs/product/flows.md#landing-header-and-hero).
   */
  signedIn: boolean
  onBookMeeting: () => void
}

/**
 * The hero (docs/product/screens.md#hero): heading with the rotating word, sub-heading, two
 * actions, promo note.
 */
export function Hero({ word, shownLetters, signedIn, onBookMeeting }: HeroProps) {
  const { t } = useLingui()
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="landing-container hero-inner">
        <h1 id="hero-heading" className="hero-heading">
          {t(HERO.heading)} <RotatingWord word={word} shown={shownLetters} />
        </h1>
        <p className="hero-subheading">{t(HERO.subheading)}</p>
        <div className="hero-actions">
          <LandingLink to="/app" className="button button-gold button-large">
            {t(HERO.getStarted)}
          </LandingLink>
          <button
            type="button"
            className="button button-outline-light button-large"
            onClick={onBookMeeting}
          >
            {t(HERO.bookMeeting)}
          </button>
        </div>
        {signedIn ? (
          <LandingLink to="/app" className="promo-note promo-note-link">
            {t(HERO.promoSignedIn)}
          </LandingLink>
        ) : (
          <p className="promo-note">{t(HERO.promoSignedOut)}</p>
        )}
      </div>
      <FloatingImages />
    </section>
  )
}
