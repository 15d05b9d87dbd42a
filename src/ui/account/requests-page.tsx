import { Link } from '@tanstack/react-router'
import type { MyRequestsView } from '../../machines/my-requests/my-requests.machine'
import { formatDate } from './date-time'
import {
  amountOf,
  CUSTOMER_STATUS_LABELS,
  LOADING,
  NO_REQUESTS,
  pairOf,
  REQUEST_A_QUOTE,
  REQUESTS_LOAD_FAILED,
  REQUESTS_TITLE,
  TRY_AGAIN,
} from './request-texts'
import './requests.css'

export interface RequestsPageProps {
  view: MyRequestsView
  onReload: () => void
  /** Opens the quote dialog (the empty state's way to a first request). */
  onRequestQuote: () => void
}

/** The customer's requests, newest first, each leading to its page (issue 28 part 4). */
export function RequestsPage({ view, onReload, onRequestQuote }: RequestsPageProps) {
  return (
    <section className="account-section" aria-labelledby="requests-title">
      <h1 id="requests-title" className="account-title">
        {REQUESTS_TITLE}
      </h1>
      {view.phase === 'loading' ? (
        <p className="account-note">{LOADING}</p>
      ) : view.phase === 'loadFailed' ? (
        <>
          <div className="form-alert" role="alert">
            {REQUESTS_LOAD_FAILED}
          </div>
          <button type="button" className="button button-secondary" onClick={onReload}>
            {TRY_AGAIN}
          </button>
        </>
      ) : view.requests.length === 0 ? (
        <div className="account-card requests-empty">
          <p>{NO_REQUESTS}</p>
          <button type="button" className="button button-primary" onClick={onRequestQuote}>
            {REQUEST_A_QUOTE}
          </button>
        </div>
      ) : (
        <ul className="request-list" aria-label={REQUESTS_TITLE}>
          {view.requests.map((request) => (
            <li key={request.id} className="request-row">
              <Link
                to="/app/requests/$requestId"
                params={{ requestId: request.id }}
                className="request-link"
              >
                <span className="request-pair">{pairOf(request)}</span>
                <span className="request-amount">{amountOf(request)}</span>
                <span className="request-status">{CUSTOMER_STATUS_LABELS[request.status]}</span>
                <time className="request-date" dateTime={request.createdAt}>
                  {formatDate(request.createdAt)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
