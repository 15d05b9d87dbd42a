import { Link } from '@tanstack/react-router'
import type { MyPaymentsView, Payment } from '../../machines/my-payments/my-payments.machine'
import { formatDateTime } from './date-time'
import {
  NO_PAYMENTS,
  PAYMENT_FOR_REQUEST,
  PAYMENT_STATUS_LABELS,
  paymentFigures,
  PAYMENTS_LOAD_FAILED,
  PAYMENTS_TITLE,
  REFRESH_PAYMENTS,
} from './payment-texts'
import { LOADING, TRY_AGAIN } from './request-texts'
import './requests.css'

export interface PaymentsPageProps {
  view: MyPaymentsView
  onReload: () => void
}

/** The customer's card payments, newest first (docs/product/payments.md#what-the-customer-sees). */
export function PaymentsPage({ view, onReload }: PaymentsPageProps) {
  return (
    <section className="account-section" aria-labelledby="payments-title">
      <h1 id="payments-title" className="account-title">
        {PAYMENTS_TITLE}
      </h1>
      {view.phase === 'loading' ? (
        <p className="account-note">{LOADING}</p>
      ) : view.phase === 'loadFailed' ? (
        <>
          <div className="form-alert" role="alert">
            {PAYMENTS_LOAD_FAILED}
          </div>
          <button type="button" className="button button-secondary" onClick={onReload}>
            {TRY_AGAIN}
          </button>
        </>
      ) : (
        <>
          {view.payments.length === 0 ? (
            <div className="account-card requests-empty">
              <p>{NO_PAYMENTS}</p>
            </div>
          ) : (
            <PaymentList payments={view.payments} label={PAYMENTS_TITLE} linkRequests />
          )}
          <button
            type="button"
            className="button button-secondary"
            onClick={onReload}
            disabled={view.refreshing}
          >
            {REFRESH_PAYMENTS}
          </button>
        </>
      )}
    </section>
  )
}

/**
 * Card payments as the customer reads them: the figures exactly as stored, the status grouped
 * for people and the time; on /app/payments each links to the request it belongs to, if any.
 */
export function PaymentList(props: {
  payments: readonly Payment[]
  label: string
  /** Link each payment to its request (not on the request's own page). */
  linkRequests?: boolean
}) {
  return (
    <ul className="request-list" aria-label={props.label}>
      {props.payments.map((payment) => (
        <li key={payment.id} className="request-row payment-row">
          <span className="request-amount">{paymentFigures(payment)}</span>
          <span className="request-status">{PAYMENT_STATUS_LABELS[payment.status]}</span>
          <time className="request-date" dateTime={payment.createdAt}>
            {formatDateTime(payment.createdAt)}
          </time>
          {props.linkRequests && payment.requestId ? (
            <Link
              to="/app/requests/$requestId"
              params={{ requestId: payment.requestId }}
              className="text-link"
            >
              {PAYMENT_FOR_REQUEST}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
