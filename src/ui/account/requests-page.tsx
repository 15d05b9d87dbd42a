import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { MyRequestsView } from '../../machines/my-requests/my-requests.machine'
import { formatDate } from './date-time'
import { amountOf, CUSTOMER_STATUS_MESSAGES, pairOf, REQUEST_MESSAGES } from './request-texts'
import { usePageLocale } from './use-locale'
import './requests.css'

export interface RequestsPageProps {
  view: MyRequestsView
  onReload: () => void
  /** Opens the quote dialog (the empty state's way to a first request). */
  onRequestQuote: () => void
}

/** The customer's requests, newest first, each leading to its page (issue 28 part 4). */
export function RequestsPage({ view, onReload, onRequestQuote }: RequestsPageProps) {
  const { t } = useLingui()
  const locale = usePageLocale()
  return (
    <section className="account-section" aria-labelledby="requests-title">
      <h1 id="requests-title" className="account-title">
        {t(REQUEST_MESSAGES.REQUESTS_TITLE)}
      </h1>
      {view.phase === 'loading' ? (
        <p className="account-note">{t(REQUEST_MESSAGES.LOADING)}</p>
      ) : view.phase === 'loadFailed' ? (
        <>
          <div className="form-alert" role="alert">
            {t(REQUEST_MESSAGES.REQUESTS_LOAD_FAILED)}
          </div>
          <button type="button" className="button button-secondary" onClick={onReload}>
            {t(REQUEST_MESSAGES.TRY_AGAIN)}
          </button>
        </>
      ) : view.requests.length === 0 ? (
        <div className="account-card requests-empty">
          <p>{t(REQUEST_MESSAGES.NO_REQUESTS)}</p>
          <button type="button" className="button button-primary" onClick={onRequestQuote}>
            {t(REQUEST_MESSAGES.REQUEST_A_QUOTE)}
          </button>
        </div>
      ) : (
        <ul className="request-list" aria-label={t(REQUEST_MESSAGES.REQUESTS_TITLE)}>
          {view.requests.map((request) => (
            <li key={request.id} className="request-row">
              <Link
                to="/app/requests/$requestId"
                params={{ requestId: request.id }}
                className="request-link"
              >
                <span className="request-pair">{pairOf(request)}</span>
                <span className="request-amount">{amountOf(request, locale)}</span>
                <span className="request-status">
                  {t(CUSTOMER_STATUS_MESSAGES[request.status])}
                </span>
                <time className="request-date" dateTime={request.createdAt}>
                  {formatDate(request.createdAt, locale)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
