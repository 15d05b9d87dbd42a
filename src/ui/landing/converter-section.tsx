import { LandingLink } from './landing-link'
import { ConverterWidget, type ConverterWidgetProps } from './converter-widget'
import { CONVERTER_SECTION } from './sections-content'

/**
 * The converter section (docs/product/screens.md#converter-section): the express converter and
 * 'Quick Exchange' to /app.
 */
export function ConverterSection(props: ConverterWidgetProps) {
  return (
    <section className="landing-section converter-section" aria-labelledby="converter-heading">
      <div className="landing-container converter-layout">
        <div className="converter-copy">
          <p className="eyebrow">{CONVERTER_SECTION.eyebrow}</p>
          <h2 id="converter-heading" className="section-heading">
            {CONVERTER_SECTION.heading}
          </h2>
          <p className="section-lead">{CONVERTER_SECTION.text}</p>
          <LandingLink to="/app" className="button button-primary button-large">
            {CONVERTER_SECTION.quickExchange}
          </LandingLink>
        </div>
        <ConverterWidget {...props} />
      </div>
    </section>
  )
}
