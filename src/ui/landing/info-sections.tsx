import { useLingui } from '@lingui/react/macro'
import { LandingLink } from './landing-link'
import { AIM_BANNER, ENTERPRISE, FINAL_CTA, INDIVIDUAL, TEAM, WHY_US } from './sections-content'

/**
 * The aim and fees banner (docs/product/screens.md#aim-and-fees-banner), 'Exchange now' to
 * /app/register.
 */
export function AimBanner() {
  const { t } = useLingui()
  return (
    <section className="aim-banner" aria-labelledby="aim-heading">
      <div className="landing-container aim-inner">
        <div>
          <h2 id="aim-heading" className="section-heading section-heading-light">
            {t(AIM_BANNER.heading)}
          </h2>
          <p className="aim-text">{t(AIM_BANNER.text)}</p>
        </div>
        <LandingLink to="/app/register" className="button button-gold button-large">
          {t(AIM_BANNER.action)}
        </LandingLink>
      </div>
    </section>
  )
}

/**
 * Why partners choose us (docs/product/screens.md#why-choose-us,
 * docs/product/overview.md#why-partners-choose-us): the six reasons.
 */
export function WhyChooseUs() {
  const { t } = useLingui()
  return (
    <section className="landing-section" aria-labelledby="why-heading">
      <div className="landing-container">
        <h2 id="why-heading" className="section-heading section-heading-center">
          {t(WHY_US.heading)}
        </h2>
        <ul className="card-grid">
          {WHY_US.reasons.map((reason, i) => (
            <li key={reason.title.id} className="info-card">
              <span className="info-card-number" aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <h3 className="info-card-title">{t(reason.title)}</h3>
              <p className="info-card-text">{t(reason.text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

/**
 * Enterprise solutions (docs/product/screens.md#enterprise-solutions,
 * docs/product/overview.md#enterprise-onboarding): the five onboarding steps and 'Get a
 * personalized quote'.
 */
export function EnterpriseSolutions() {
  const { t } = useLingui()
  return (
    <section className="landing-section landing-section-muted" aria-labelledby="enterprise-heading">
      <div className="landing-container split">
        <div>
          <p className="eyebrow">{t(ENTERPRISE.eyebrow)}</p>
          <h2 id="enterprise-heading" className="section-heading">
            {t(ENTERPRISE.heading)}
          </h2>
          <p className="section-lead">{t(ENTERPRISE.text)}</p>
          <LandingLink to="/app/register" className="button button-primary button-large">
            {t(ENTERPRISE.action)}
          </LandingLink>
        </div>
        <ol className="step-list">
          {ENTERPRISE.steps.map((step, i) => (
            <li key={step.id} className="step-item">
              <span className="step-number" aria-hidden="true">
                {i + 1}
              </span>
              <span>{t(step)}</span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  )
}

/**
 * Individual solutions (docs/product/screens.md#individual-solutions), 'Get Started' to
 * /app/register.
 */
export function IndividualSolutions() {
  const { t } = useLingui()
  return (
    <section className="landing-section" aria-labelledby="individual-heading">
      <div className="landing-container split">
        <div>
          <p className="eyebrow">{t(INDIVIDUAL.eyebrow)}</p>
          <h2 id="individual-heading" className="section-heading">
            {t(INDIVIDUAL.heading)}
          </h2>
          <ul className="check-list">
            {INDIVIDUAL.points.map((point) => (
              <li key={point.id}>{t(point)}</li>
            ))}
          </ul>
          <LandingLink to="/app/register" className="button button-primary button-large">
            {t(INDIVIDUAL.action)}
          </LandingLink>
        </div>
        <ul className="fact-grid">
          {INDIVIDUAL.facts.map((fact) => (
            <li key={fact.label.id} className="fact">
              <span className="fact-value">
                {typeof fact.value === 'string' ? fact.value : t(fact.value)}
              </span>
              <span>{t(fact.label)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

/** The team (docs/product/screens.md#team-section): two people. */
export function Team() {
  const { t } = useLingui()
  return (
    <section className="landing-section landing-section-muted" aria-labelledby="team-heading">
      <div className="landing-container">
        <h2 id="team-heading" className="section-heading section-heading-center">
          {t(TEAM.heading)}
        </h2>
        <ul className="team-list">
          {TEAM.people.map((person) => (
            <li key={person.name} className="team-card">
              <span className="team-avatar" aria-hidden="true">
                {person.name
                  .split(' ')
                  .map((part) => part[0])
                  .join('')}
              </span>
              <h3 className="team-name">{person.name}</h3>
              <p className="team-role">{t(person.role)}</p>
              <p className="info-card-text">{t(person.text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

/** The final call to action, with 'Create an account' to /app/register. */
export function FinalCallToAction() {
  const { t } = useLingui()
  return (
    <section className="final-cta" aria-labelledby="final-cta-heading">
      <div className="landing-container final-cta-inner">
        <h2 id="final-cta-heading" className="section-heading section-heading-light">
          {t(FINAL_CTA.heading)}
        </h2>
        <p className="aim-text">{t(FINAL_CTA.text)}</p>
        <LandingLink to="/app/register" className="button button-gold button-large">
          {t(FINAL_CTA.action)}
        </LandingLink>
      </div>
    </section>
  )
}
