import { Link } from '@tanstack/react-router'
import type {
  CustomerRequestDetails,
  MyRequestView,
  Offer,
} from '../../machines/my-request/my-request.machine'
import type { PaymentWidgetError } from '../../machines/payment-widget/payment-widget.machine'
import { TextAreaField } from './account-fields'
import { formatDate, formatDateTime } from './date-time'
import { PAYMENT_ERRORS } from './home-page'
import { NO_REQUEST_PAYMENTS, PAY_BY_CARD, REQUEST_PAYMENTS_TITLE } from './payment-texts'
import { PaymentList } from './payments-page'
import {
  ACCEPT_OFFER,
  amountOf,
  BACK_TO_REQUESTS,
  CUSTOMER_STATUS_LABELS,
  DECLINE_OFFER,
  feeText,
  FROM_CUSTOMER,
  FROM_DESK,
  LOADING,
  MESSAGES_TITLE,
  NO_MESSAGES,
  NOTICE_TEXT,
  OFFER_EXPIRED_BADGE,
  OFFER_LABELS,
  OFFER_STATE_TEXT,
  OFFER_TITLE,
  pairOf,
  rateText,
  REPLY_LABEL,
  REPLY_PROBLEM_TEXT,
  REQUEST_LOAD_FAILED,
  REQUEST_NOT_FOUND,
  requestFailureText,
  SEND_REPLY,
  TIMELINE_TITLE,
  TRY_AGAIN,
} from './request-texts'
import './requests.css'

export interface RequestPageProps {
  view: MyRequestView
  onReload: () => void
  onAccept: () => void
  onDecline: () => void
  onDraftChange: (text: string) => void
  onSendReply: () => void
  /** 'Pay by card': opens the payment widget for this request. */
  onPay: () => void
  /** Why the payment widget closed without opening, if it did. */
  paymentError: PaymentWidgetError | null
}

/**
 * One of the customer's requests (issue 28 part 5): its statuses, the offer and the thread with
 * the desk. Every text from the server is shown as text, and every figure as the string received.
 */
export function RequestPage(props: RequestPageProps) {
  const { view, onReload } = props
  if (view.phase === 'notFound')
    return (
      <section className="account-section" aria-labelledby="request-title">
        <h1 id="request-title" className="account-title">
          {REQUEST_NOT_FOUND}
        </h1>
        <p>
          <Link to="/app/requests" className="text-link">
            {BACK_TO_REQUESTS}
          </Link>
        </p>
      </section>
    )
  if (view.phase !== 'ready' || !view.details)
    return (
      <section className="account-section" aria-label="Request">
        <BackLink />
        {view.phase === 'loadFailed' ? (
          <>
            <div className="form-alert" role="alert">
              {REQUEST_LOAD_FAILED}
            </div>
            <button type="button" className="button button-secondary" onClick={onReload}>
              {TRY_AGAIN}
            </button>
          </>
        ) : (
          <p className="account-note">{LOADING}</p>
        )}
      </section>
    )
  const { details } = view
  const { request } = details
  return (
    <section className="account-section" aria-labelledby="request-title">
      <BackLink />
      <h1 id="request-title" className="account-title">
        {amountOf(request)} → {request.toCurrency}
      </h1>
      <p className="account-lead">
        <span className="request-status">{CUSTOMER_STATUS_LABELS[request.status]}</span>{' '}
        <span className="account-note">
          {pairOf(request)}, requested on{' '}
          <time dateTime={request.createdAt}>{formatDate(request.createdAt)}</time>
        </span>
      </p>
      <p className="profile-saved" role="status">
        {view.notice ? NOTICE_TEXT[view.notice] : ''}
      </p>
      {view.failure ? (
        <div className="form-alert" role="alert">
          {requestFailureText(view.failure)}
        </div>
      ) : null}
      <div className="request-columns">
        <Timeline details={details} />
        {view.offer ? <OfferCard {...props} offer={view.offer} details={details} /> : null}
      </div>
      {view.canPay || view.payments.length > 0 ? <Payments {...props} /> : null}
      <Thread {...props} details={details} />
    </section>
  )
}

function BackLink() {
  return (
    <p>
      <Link to="/app/requests" className="text-link">
        {BACK_TO_REQUESTS}
      </Link>
    </p>
  )
}

function Timeline({ details }: { details: CustomerRequestDetails }) {
  return (
    <div className="account-card" role="group" aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="account-subtitle">
        {TIMELINE_TITLE}
      </h2>
      <ol className="request-timeline" aria-labelledby="timeline-title">
        {details.timeline.map((entry) => (
          <li key={`${entry.status}-${entry.at}`}>
            <span className="request-timeline-status">{CUSTOMER_STATUS_LABELS[entry.status]}</span>{' '}
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </li>
        ))}
      </ol>
    </div>
  )
}

function OfferCard({
  view,
  offer,
  details,
  onAccept,
  onDecline,
}: RequestPageProps & { offer: Offer; details: CustomerRequestDetails }) {
  const { fromCurrency: from, toCurrency: to } = details.request
  const stateText =
    offer.state === 'accepted' || offer.state === 'declined' || offer.state === 'withdrawn'
      ? OFFER_STATE_TEXT[offer.state]
      : null
  return (
    <div className="account-card" role="group" aria-labelledby="offer-title">
      <h2 id="offer-title" className="account-subtitle">
        {OFFER_TITLE}
      </h2>
      {view.offerExpired ? <p className="request-badge">{OFFER_EXPIRED_BADGE}</p> : null}
      <dl className="request-offer">
        <dt>{OFFER_LABELS.rate}</dt>
        <dd>{rateText(offer.rate, from, to)}</dd>
        <dt>{OFFER_LABELS.amountPaid}</dt>
        <dd>
          {offer.amountPaid} {from}
        </dd>
        <dt>{OFFER_LABELS.amountReceived}</dt>
        <dd>
          {offer.amountReceived} {to}
        </dd>
        <dt>{OFFER_LABELS.fee}</dt>
        <dd>{feeText(offer.fee, from, offer.feePercent)}</dd>
        <dt>{OFFER_LABELS.validUntil}</dt>
        <dd>
          <time dateTime={offer.validUntil}>{formatDateTime(offer.validUntil)}</time>
        </dd>
      </dl>
      {stateText ? <p className="account-note">{stateText}</p> : null}
      {view.offerActions ? (
        <div className="dialog-actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={view.busy}
            aria-busy={view.declining || undefined}
            onClick={onDecline}
          >
            {DECLINE_OFFER}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={view.busy}
            aria-busy={view.accepting || undefined}
            onClick={onAccept}
          >
            {ACCEPT_OFFER}
          </button>
        </div>
      ) : null}
    </div>
  )
}

/**
 * The request's card payments (docs/product/payments.md#paying-for-a-request) as /app/payments
 * shows them, and 'Pay by card' while the request waits for payment.
 */
function Payments({ view, onPay, paymentError }: RequestPageProps) {
  return (
    <div className="account-card account-card-wide" role="group" aria-labelledby="payments-title">
      <h2 id="payments-title" className="account-subtitle">
        {REQUEST_PAYMENTS_TITLE}
      </h2>
      {paymentError ? (
        <div className="form-alert" role="alert">
          {PAYMENT_ERRORS[paymentError]}
        </div>
      ) : null}
      {view.payments.length === 0 ? (
        <p className="account-note">{NO_REQUEST_PAYMENTS}</p>
      ) : (
        <PaymentList payments={view.payments} label={REQUEST_PAYMENTS_TITLE} />
      )}
      {view.canPay ? (
        <div className="dialog-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={view.busy}
            onClick={onPay}
          >
            {PAY_BY_CARD}
          </button>
        </div>
      ) : null}
    </div>
  )
}

function Thread({
  view,
  details,
  onDraftChange,
  onSendReply,
}: RequestPageProps & { details: CustomerRequestDetails }) {
  return (
    <div className="account-card account-card-wide" role="group" aria-labelledby="thread-title">
      <h2 id="thread-title" className="account-subtitle">
        {MESSAGES_TITLE}
      </h2>
      {details.messages.length === 0 ? (
        <p className="account-note">{NO_MESSAGES}</p>
      ) : (
        <ol className="request-thread" aria-labelledby="thread-title">
          {details.messages.map((message) => (
            <li key={message.id} className={`request-message request-message-${message.from}`}>
              <span className="request-message-meta">
                {message.from === 'customer' ? FROM_CUSTOMER : FROM_DESK},{' '}
                <time dateTime={message.at}>{formatDateTime(message.at)}</time>
              </span>
              <p className="request-message-text">{message.text}</p>
            </li>
          ))}
        </ol>
      )}
      {view.canReply ? (
        <form
          className="dialog-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (!view.busy) onSendReply()
          }}
        >
          <TextAreaField
            label={REPLY_LABEL}
            name="reply"
            value={view.draft}
            maxLength={view.replyMaxLength}
            error={view.replyProblem ? REPLY_PROBLEM_TEXT[view.replyProblem] : null}
            onChange={onDraftChange}
          />
          <div className="dialog-actions">
            <button
              type="submit"
              className="button button-primary"
              disabled={view.busy}
              aria-busy={view.replying || undefined}
            >
              {SEND_REPLY}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  )
}
