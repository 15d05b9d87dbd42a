import { useLingui } from '@lingui/react/macro'
import type { Ref } from 'react'
import { BenefitIconMark } from './benefit-icon'
import { BENEFITS, LANDING_FRAME } from './landing-content'

export interface BenefitsStripProps {
  /**
   * The card highlighted now, one after another while scrolling
   * (docs/product/screens.md#benefits-strip).
   */
  activeIndex: number
  /** Lets the page measure where the strip is while the customer scrolls. */
  ref?: Ref<HTMLElement>
}

/**
 * The benefits strip (docs/product/screens.md#benefits-strip): five cards, the active one dark with
 * a larger icon.
 */
export function BenefitsStrip({ activeIndex, ref }: BenefitsStripProps) {
  const { t } = useLingui()
  return (
    <section className="benefits" aria-labelledby="benefits-heading" ref={ref}>
      <h2 id="benefits-heading" className="visually-hidden">
        {t(LANDING_FRAME.benefits)}
      </h2>
      <ul className="landing-container benefits-list">
        {BENEFITS.map((benefit, i) => (
          <li
            key={benefit.icon}
            className={i === activeIndex ? 'benefit benefit-active' : 'benefit'}
            data-active={i === activeIndex ? 'true' : undefined}
          >
            <BenefitIconMark icon={benefit.icon} />
            <h3 className="benefit-title">{t(benefit.title)}</h3>
            <p className="benefit-text">{t(benefit.text)}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
