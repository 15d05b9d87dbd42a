import { useLingui } from '@lingui/react/macro'
import type { PaymentView } from '../../machines/payment-widget/payment-widget.machine'
import type { FrameRef } from './account-fields'
import './customer.css'

export interface PaymentWidgetProps {
  view: PaymentView
  /** The widget's frame, which the page's message listener checks messages against. */
  frameRef: FrameRef
  /** The close button and Escape. */
  onClose: () => void
}

/**
 * Full screen over the page while the card payment widget runs
 * (docs/product/screens.md#payment-widget).
 */
export function PaymentWidget({ view, frameRef, onClose }: PaymentWidgetProps) {
  const { t } = useLingui()
  if (view.phase === 'closed') return null
  return (
    <div
      className="payment-widget"
      role="dialog"
      aria-modal="true"
      aria-labelledby="payment-widget-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose()
      }}
    >
      <div className="payment-widget-bar">
        <h2 id="payment-widget-title" className="payment-widget-title">
          {t`Fast exchange`}
        </h2>
        <button type="button" className="button button-secondary" autoFocus onClick={onClose}>
          {t`Close`}
        </button>
      </div>
      {view.phase === 'open' && view.frameUrl ? (
        <iframe
          ref={frameRef}
          className="payment-widget-frame"
          title={t`Card payment`}
          src={view.frameUrl}
          allow="payment; camera; clipboard-write"
        />
      ) : (
        <div className="payment-widget-loading" role="status">
          <div className="loading-spinner" aria-hidden="true" />
          {t`Opening the payment window…`}
        </div>
      )}
    </div>
  )
}
