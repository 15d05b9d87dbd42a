import { useLingui } from '@lingui/react/macro'
import { LandingLink } from './landing-link'
import { ConverterWidget, type ConverterWidgetProps } from './converter-widget'
import { CONVERTER_SECTION } from './sections-content'

/**
 * The converter section (docs/product/screens.md#converter-section): the express converter and
 * 'Quick Exchange' to /app.
 */
export function ConverterSection(props: ConverterWidgetProps) {
  const { t } = useLingui()
  return (
    <section className="landing-section converter-section" aria-labelledby="converter-heading">
      <div className="landing-container converter-layout">
        <div className="converter-copy">
          <p className="eyebrow">{t(CONVERTER_SECTION.eyebrow)}</p>
          <h2 id="converter-heading" className="section-heading">
            {t(CONVERTER_SECTION.heading)}
          </h2>
          <p className="section-lead">{t(CONVERTER_SECTION.text)}</p>
          <LandingLink to="/app" className="button button-primary button-large">
            {t(CONVERTER_SECTION.quickExchange)}
          </LandingLink>
        </div>
        <ConverterWidget {...props} />
      </div>
    </section>
  )
}
