import { useLingui } from '@lingui/react/macro'
import { FAQ } from './sections-content'

export interface FaqProps {
  /**
   * The open item, or null when all are closed: one at a time, collapsible
   * (docs/product/screens.md#faq).
   */
  openIndex: number | null
  onToggle: (index: number) => void
}

/** The FAQ (docs/product/screens.md#faq): nine questions; one answer shows at a time. */
export function Faq({ openIndex, onToggle }: FaqProps) {
  const { t } = useLingui()
  return (
    <section className="landing-section" aria-labelledby="faq-heading">
      <div className="landing-container faq-container">
        <h2 id="faq-heading" className="section-heading section-heading-center">
          {t(FAQ.heading)}
        </h2>
        <div className="faq-list">
          {FAQ.items.map((item, i) => {
            const open = i === openIndex
            return (
              <div key={item.question.id} className={open ? 'faq-item faq-item-open' : 'faq-item'}>
                <h3 className="faq-question">
                  <button
                    type="button"
                    id={`faq-q-${String(i)}`}
                    aria-expanded={open}
                    aria-controls={`faq-a-${String(i)}`}
                    onClick={() => {
                      onToggle(i)
                    }}
                  >
                    <span>{t(item.question)}</span>
                    <span className="faq-sign" aria-hidden="true" />
                  </button>
                </h3>
                <div
                  id={`faq-a-${String(i)}`}
                  role="region"
                  aria-labelledby={`faq-q-${String(i)}`}
                  className="faq-answer"
                  hidden={!open}
                >
                  <p>{t(item.answer)}</p>
                </div>
              </div>
            )
          })}
        </div>
      </div>
    </section>
  )
}
