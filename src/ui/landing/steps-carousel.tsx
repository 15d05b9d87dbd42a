import { useLingui } from '@lingui/react/macro'
import { INDIVIDUAL_STEPS } from './sections-content'

export interface StepsCarouselProps {
  /** The card in front. */
  front: number
  onCycle: () => void
}

/**
 * The individual steps carousel (docs/product/screens.md#individual-steps-carousel): three stacked
 * cards; a click anywhere on the stack, or the 'Next step' button, brings the next card to the
 * front.
 */
export function StepsCarousel({ front, onCycle }: StepsCarouselProps) {
  const { t } = useLingui()
  const steps = INDIVIDUAL_STEPS.steps
  return (
    <section className="landing-section" aria-labelledby="steps-heading">
      <div className="landing-container steps-layout">
        <div>
          <h2 id="steps-heading" className="section-heading">
            {t(INDIVIDUAL_STEPS.heading)}
          </h2>
          <p className="section-lead">{t(INDIVIDUAL_STEPS.hint)}</p>
          <button type="button" className="button button-secondary" onClick={onCycle}>
            {t(INDIVIDUAL_STEPS.next)}
          </button>
        </div>
        {/* The stack is a large click target; the button above is its keyboard equivalent. */}
        <ol className="steps-stack" onClick={onCycle}>
          {steps.map((step, i) => {
            const depth = (i - front + steps.length) % steps.length
            return (
              <li
                key={step.title.id}
                className={`step-card step-depth-${String(depth)}`}
                aria-current={depth === 0 ? 'step' : undefined}
                aria-hidden={depth === 0 ? undefined : true}
              >
                <span className="step-card-number">{t`Step ${i + 1}`}</span>
                <h3 className="step-card-title">{t(step.title)}</h3>
                <p className="step-card-text">{t(step.text)}</p>
              </li>
            )
          })}
        </ol>
      </div>
    </section>
  )
}
