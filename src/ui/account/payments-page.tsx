import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { MyPaymentsView, Payment } from '../../machines/my-payments/my-payments.machine'
import { formatDateTime } from './date-time'
import { PAYMENT_MESSAGES, PAYMENT_STATUS_MESSAGES, paymentFiguresIn } from './payment-texts'
import { REQUEST_MESSAGES } from './request-texts'
import { usePageLocale } from './use-locale'
import './requests.css'

export interface PaymentsPageProps {
  view: MyPaymentsView
  onReload: () => void
}

/** The customer's card payments, newest first (docs/product/payments.md#what-the-customer-sees). */
export function PaymentsPage({ view, onReload }: PaymentsPageProps) {
  const { t } = useLingui()
  return (
    <section className="account-section" aria-labelledby="payments-title">
      <h1 id="payments-title" className="account-title">
        {t(PAYMENT_MESSAGES.PAYMENTS_TITLE)}
      </h1>
      {view.phase === 'loading' ? (
        <p className="account-note">{t(REQUEST_MESSAGES.LOADING)}</p>
      ) : view.phase === 'loadFailed' ? (
        <>
          <div className="form-alert" role="alert">
            {t(PAYMENT_MESSAGES.PAYMENTS_LOAD_FAILED)}
          </div>
          <button type="button" className="button button-secondary" onClick={onReload}>
            {t(REQUEST_MESSAGES.TRY_AGAIN)}
          </button>
        </>
      ) : (
        <>
          {view.payments.length === 0 ? (
            <div className="account-card requests-empty">
              <p>{t(PAYMENT_MESSAGES.NO_PAYMENTS)}</p>
            </div>
          ) : (
            <PaymentList
              payments={view.payments}
              label={t(PAYMENT_MESSAGES.PAYMENTS_TITLE)}
              linkRequests
            />
          )}
          <button
            type="button"
            className="button button-secondary"
            onClick={onReload}
            disabled={view.refreshing}
          >
            {t(PAYMENT_MESSAGES.REFRESH_PAYMENTS)}
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
  const { t } = useLingui()
  const locale = usePageLocale()
  return (
    <ul className="request-list" aria-label={props.label}>
      {props.payments.map((payment) => (
        <li key={payment.id} className="request-row payment-row">
          <span className="request-amount">{paymentFiguresIn(payment, t, locale)}</span>
          <span className="request-status">{t(PAYMENT_STATUS_MESSAGES[payment.status])}</span>
          <time className="request-date" dateTime={payment.createdAt}>
            {formatDateTime(payment.createdAt, locale)}
          </time>
          {props.linkRequests && payment.requestId ? (
            <Link
              to="/app/requests/$requestId"
              params={{ requestId: payment.requestId }}
              className="text-link"
            >
              {t(PAYMENT_MESSAGES.PAYMENT_FOR_REQUEST)}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
