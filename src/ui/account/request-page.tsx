import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type {
  CustomerRequestDetails,
  MyRequestView,
  Offer,
} from '../../machines/my-request/my-request.machine'
import type { PaymentWidgetError } from '../../machines/payment-widget/payment-widget.machine'
import { TextAreaField } from './account-fields'
import { formatDate, formatDateTime } from './date-time'
import { PAYMENT_ERROR_MESSAGES } from './home-page'
import { PAYMENT_MESSAGES } from './payment-texts'
import { PaymentList } from './payments-page'
import {
  amountOf,
  CUSTOMER_STATUS_MESSAGES,
  feeText,
  FROM_DESK,
  NOTICE_MESSAGES,
  OFFER_LABEL_MESSAGES,
  OFFER_STATE_MESSAGES,
  pairOf,
  rateText,
  REPLY_PROBLEM_MESSAGES,
  REQUEST_MESSAGES,
  requestFailureMessage,
} from './request-texts'
import { figureIn } from './figures'
import { usePageLocale } from './use-locale'
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
  const { t } = useLingui()
  const locale = usePageLocale()
  const { view, onReload } = props
  if (view.phase === 'notFound')
    return (
      <section className="account-section" aria-labelledby="request-title">
        <h1 id="request-title" className="account-title">
          {t(REQUEST_MESSAGES.REQUEST_NOT_FOUND)}
        </h1>
        <p>
          <Link to="/app/requests" className="text-link">
            {t(REQUEST_MESSAGES.BACK_TO_REQUESTS)}
          </Link>
        </p>
      </section>
    )
  if (view.phase !== 'ready' || !view.details)
    return (
      <section className="account-section" aria-label={t`Request`}>
        <BackLink />
        {view.phase === 'loadFailed' ? (
          <>
            <div className="form-alert" role="alert">
              {t(REQUEST_MESSAGES.REQUEST_LOAD_FAILED)}
            </div>
            <button type="button" className="button button-secondary" onClick={onReload}>
              {t(REQUEST_MESSAGES.TRY_AGAIN)}
            </button>
          </>
        ) : (
          <p className="account-note">{t(REQUEST_MESSAGES.LOADING)}</p>
        )}
      </section>
    )
  const { details } = view
  const { request } = details
  const pair = pairOf(request)
  return (
    <section className="account-section" aria-labelledby="request-title">
      <BackLink />
      <h1 id="request-title" className="account-title">
        {amountOf(request, locale)} → {request.toCurrency}
      </h1>
      <p className="account-lead">
        <span className="request-status">{t(CUSTOMER_STATUS_MESSAGES[request.status])}</span>{' '}
        <span className="account-note">
          <Trans>
            {pair}, requested on{' '}
            <time dateTime={request.createdAt}>{formatDate(request.createdAt, locale)}</time>
          </Trans>
        </span>
      </p>
      <p className="profile-saved" role="status">
        {view.notice ? t(NOTICE_MESSAGES[view.notice]) : ''}
      </p>
      {view.failure ? (
        <div className="form-alert" role="alert">
          {t(requestFailureMessage(view.failure))}
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
  const { t } = useLingui()
  return (
    <p>
      <Link to="/app/requests" className="text-link">
        {t(REQUEST_MESSAGES.BACK_TO_REQUESTS)}
      </Link>
    </p>
  )
}

function Timeline({ details }: { details: CustomerRequestDetails }) {
  const { t } = useLingui()
  const locale = usePageLocale()
  return (
    <div className="account-card" role="group" aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="account-subtitle">
        {t(REQUEST_MESSAGES.TIMELINE_TITLE)}
      </h2>
      <ol className="request-timeline" aria-labelledby="timeline-title">
        {details.timeline.map((entry) => (
          <li key={`${entry.status}-${entry.at}`}>
            <span className="request-timeline-status">
              {t(CUSTOMER_STATUS_MESSAGES[entry.status])}
            </span>{' '}
            <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
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
  const { t } = useLingui()
  const locale = usePageLocale()
  const { fromCurrency: from, toCurrency: to } = details.request
  const stateText =
    offer.state === 'accepted' || offer.state === 'declined' || offer.state === 'withdrawn'
      ? t(OFFER_STATE_MESSAGES[offer.state])
      : null
  return (
    <div className="account-card" role="group" aria-labelledby="offer-title">
      <h2 id="offer-title" className="account-subtitle">
        {t(REQUEST_MESSAGES.OFFER_TITLE)}
      </h2>
      {view.offerExpired ? (
        <p className="request-badge">{t(REQUEST_MESSAGES.OFFER_EXPIRED_BADGE)}</p>
      ) : null}
      <dl className="request-offer">
        <dt>{t(OFFER_LABEL_MESSAGES.rate)}</dt>
        <dd>{rateText(offer.rate, from, to, locale)}</dd>
        <dt>{t(OFFER_LABEL_MESSAGES.amountPaid)}</dt>
        <dd>
          {figureIn(offer.amountPaid, locale)} {from}
        </dd>
        <dt>{t(OFFER_LABEL_MESSAGES.amountReceived)}</dt>
        <dd>
          {figureIn(offer.amountReceived, locale)} {to}
        </dd>
        <dt>{t(OFFER_LABEL_MESSAGES.fee)}</dt>
        <dd>{feeText(offer.fee, from, offer.feePercent, locale)}</dd>
        <dt>{t(OFFER_LABEL_MESSAGES.validUntil)}</dt>
        <dd>
          <time dateTime={offer.validUntil}>{formatDateTime(offer.validUntil, locale)}</time>
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
            {t(REQUEST_MESSAGES.DECLINE_OFFER)}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={view.busy}
            aria-busy={view.accepting || undefined}
            onClick={onAccept}
          >
            {t(REQUEST_MESSAGES.ACCEPT_OFFER)}
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
  const { t } = useLingui()
  return (
    <div className="account-card account-card-wide" role="group" aria-labelledby="payments-title">
      <h2 id="payments-title" className="account-subtitle">
        {t(PAYMENT_MESSAGES.REQUEST_PAYMENTS_TITLE)}
      </h2>
      {paymentError ? (
        <div className="form-alert" role="alert">
          {t(PAYMENT_ERROR_MESSAGES[paymentError])}
        </div>
      ) : null}
      {view.payments.length === 0 ? (
        <p className="account-note">{t(PAYMENT_MESSAGES.NO_REQUEST_PAYMENTS)}</p>
      ) : (
        <PaymentList payments={view.payments} label={t(PAYMENT_MESSAGES.REQUEST_PAYMENTS_TITLE)} />
      )}
      {view.canPay ? (
        <div className="dialog-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={view.busy}
            onClick={onPay}
          >
            {t(PAYMENT_MESSAGES.PAY_BY_CARD)}
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
  const { t } = useLingui()
  const locale = usePageLocale()
  return (
    <div className="account-card account-card-wide" role="group" aria-labelledby="thread-title">
      <h2 id="thread-title" className="account-subtitle">
        {t(REQUEST_MESSAGES.MESSAGES_TITLE)}
      </h2>
      {details.messages.length === 0 ? (
        <p className="account-note">{t(REQUEST_MESSAGES.NO_MESSAGES)}</p>
      ) : (
        <ol className="request-thread" aria-labelledby="thread-title">
          {details.messages.map((message) => (
            <li key={message.id} className={`request-message request-message-${message.from}`}>
              <span className="request-message-meta">
                {message.from === 'customer' ? t(REQUEST_MESSAGES.FROM_CUSTOMER) : FROM_DESK},{' '}
                <time dateTime={message.at}>{formatDateTime(message.at, locale)}</time>
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
            label={t(REQUEST_MESSAGES.REPLY_LABEL)}
            name="reply"
            value={view.draft}
            maxLength={view.replyMaxLength}
            error={view.replyProblem ? t(REPLY_PROBLEM_MESSAGES[view.replyProblem]) : null}
            onChange={onDraftChange}
          />
          <div className="dialog-actions">
            <button
              type="submit"
              className="button button-primary"
              disabled={view.busy}
              aria-busy={view.replying || undefined}
            >
              {t(REQUEST_MESSAGES.SEND_REPLY)}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  )
}
