import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import type { Currency } from '../../../domain/currencies'
import { fromSafeInteger } from '../../../domain/decimal'
import { formatMoney } from '../../../domain/format-money'
import type { Locale } from '../../../domain/locale'
import { customerStatus } from '../../../domain/request-lifecycle.machine'
import type { OfferDraftField } from '../../machines/ops-request/offer-draft'
import type { OpsRequestView } from '../../machines/ops-request/ops-request.machine'
import type { DeskOperation } from '../../machines/ops-request/request-desk'
import { useOpsTexts, type OpsTexts } from './ops-messages'
import { DeskPaymentsTable } from './ops-table'

export interface RequestPageProps {
  view: OpsRequestView
  onReload: () => void
  /** An action that opens a form. */
  onOpenForm: (operation: DeskOperation) => void
  /** A one-click action. */
  onRun: (operation: DeskOperation) => void
  onTextChange: (value: string) => void
  onOfferChange: (field: OfferDraftField, value: string) => void
  onSubmit: () => void
  onCancel: () => void
}

const oneClick: readonly DeskOperation[] = [
  'assignRequest',
  'startRequestReview',
  'approveOffer',
  'completeRequest',
]

/**
 * One request on the desk (docs/product/requests.md#the-desk): what the customer asked for, where
 * the request is and how it got there, the offers, the thread and the notes, with the actions this
 * person may take and the one form open at a time. Every text the customer or staff wrote is shown
 * as text.
 */
export function RequestPage(props: RequestPageProps) {
  const { view } = props
  const {
    ALL_REQUESTS,
    LOADING,
    REQUEST,
    REQUEST_LOAD_FAILED,
    REQUEST_NOT_FOUND,
    TRY_AGAIN,
    requestTitle,
  } = useOpsTexts()
  const details = view.details
  return (
    <section className="account-section" aria-labelledby="ops-request-title">
      <p>
        <Link to="/ops/requests" className="text-link">
          {ALL_REQUESTS}
        </Link>
      </p>
      <h1 id="ops-request-title" className="account-title">
        {details ? requestTitle(details.summary.customerEmail) : REQUEST}
      </h1>
      {view.phase === 'loading' ? (
        <p role="status">{LOADING}</p>
      ) : view.phase === 'loadFailed' || !details ? (
        <>
          <div className="form-alert" role="alert">
            {view.failure?.status === 404 ? REQUEST_NOT_FOUND : REQUEST_LOAD_FAILED}
          </div>
          <p>
            <button type="button" className="button button-secondary" onClick={props.onReload}>
              {TRY_AGAIN}
            </button>
          </p>
        </>
      ) : (
        <RequestBody {...props} details={details} />
      )}
    </section>
  )
}

type Details = NonNullable<OpsRequestView['details']>

/** Focus goes to the button that opened a form once the form is gone, else to the first action. */
function useFocusReturn(formOpen: boolean, busy: boolean) {
  const opener = useRef<string | null>(null)
  useEffect(() => {
    if (formOpen || busy || opener.current === null) return
    const target =
      document.getElementById(opener.current) ??
      document.querySelector<HTMLElement>('#ops-request-actions button')
    opener.current = null
    target?.focus()
  }, [formOpen, busy])
  return (id: string) => {
    opener.current = id
  }
}

function RequestBody(props: RequestPageProps & { details: Details }) {
  const { view, details } = props
  const { summary, request } = details
  const remember = useFocusReturn(view.form !== null, view.busy)
  const offered = view.offeredOperations
  const texts = useOpsTexts()
  const {
    ACTIONS,
    FROM_CUSTOMER,
    FROM_DESK,
    INTERNAL_NOTES,
    LOADING,
    MESSAGES,
    NOBODY,
    NOT_NEEDED,
    NOT_YET,
    NO_MESSAGE,
    NO_NOTE,
    NO_OFFER,
    OFFERS,
    REFRESH,
    REQUEST,
    REQUEST_PAYMENTS,
    THE_SYSTEM,
    TIMELINE,
    changedBy,
    customerStatusNames,
    dateTime,
    decimal,
    doneTexts,
    locale,
    offerColumns,
    offerStateNames,
    operationLabels,
    percent,
    requestFailureText,
    requestLabels: label,
    stateNames,
    timelineColumns,
  } = texts
  return (
    <>
      <p className="ops-status" role="status">
        {view.notice ? doneTexts[view.notice.operation] : view.reading ? LOADING : ''}
      </p>
      {view.failure && !view.form ? (
        <div className="form-alert" role="alert">
          {requestFailureText(view.failure)}
        </div>
      ) : null}
      {view.form ? (
        <RequestForm {...props} form={view.form} details={details} />
      ) : (
        <div className="ops-actions" id="ops-request-actions" aria-label={ACTIONS} role="group">
          {offered.map((op) => (
            <button
              key={op}
              id={`ops-action-${op}`}
              type="button"
              className={
                op === 'declineRequest' || op === 'cancelRequest'
                  ? 'button button-secondary ops-danger'
                  : 'button button-secondary'
              }
              disabled={view.busy}
              aria-busy={view.acting === op}
              onClick={() => {
                remember(`ops-action-${op}`)
                if (oneClick.includes(op)) props.onRun(op)
                else props.onOpenForm(op)
              }}
            >
              {operationLabels[op]}
            </button>
          ))}
          <button
            type="button"
            className="button button-secondary"
            disabled={view.busy}
            aria-busy={view.reading}
            onClick={props.onReload}
          >
            {REFRESH}
          </button>
        </div>
      )}
      <div className="ops-request-grid">
        <div className="account-card ops-wide">
          <h2 className="account-subtitle">{REQUEST}</h2>
          <dl className="ops-details">
            <dt>{label.customer}</dt>
            <dd>
              {summary.customerEmail}
              <span className="ops-sub ops-code">{summary.customerId}</span>
            </dd>
            <dt>{label.contactName}</dt>
            <dd>{request.name}</dd>
            <dt>{label.contactEmail}</dt>
            <dd>{request.email}</dd>
            <dt>{label.phone}</dt>
            <dd>{request.phone}</dd>
            <dt>{label.country}</dt>
            <dd>{request.country}</dd>
            <dt>{label.amount}</dt>
            <dd>
              {amountText(summary.amount, summary.fromCurrency, locale)} → {summary.toCurrency}
            </dd>
            <dt>{label.promoCode}</dt>
            <dd>{details.promoCode ?? '—'}</dd>
            <dt>{label.state}</dt>
            <dd>{stateNames[summary.state]}</dd>
            <dt>{label.customerSees}</dt>
            <dd>{customerStatusNames[customerStatus(summary.state)]}</dd>
            <dt>{label.assignee}</dt>
            <dd>{summary.assignee?.email ?? NOBODY}</dd>
            <dt>{label.version}</dt>
            <dd>{summary.version}</dd>
            <dt>{label.submitted}</dt>
            <dd>{dateTime(summary.createdAt)}</dd>
            <dt>{label.id}</dt>
            <dd className="ops-code">{summary.id}</dd>
          </dl>
          <h3 className="account-subtitle">{label.message}</h3>
          <p className="ops-text">{request.message}</p>
        </div>
      </div>
      <h2 className="account-subtitle">{TIMELINE}</h2>
      <table className="ops-table" aria-label={TIMELINE}>
        <thead>
          <tr>
            {timelineColumns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {details.timeline.map((entry, i) => (
            <tr key={`${entry.at}-${String(i)}`}>
              <td>
                {entry.from ? `${stateNames[entry.from]} → ` : ''}
                {stateNames[entry.to]}
              </td>
              <td>{entry.by === null ? THE_SYSTEM : changedBy(entry.by)}</td>
              <td className="ops-text">{entry.reason ?? ''}</td>
              <td>{dateTime(entry.at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="account-subtitle">{OFFERS}</h2>
      {details.offers.length === 0 ? (
        <p className="account-note">{NO_OFFER}</p>
      ) : (
        <table className="ops-table" aria-label={OFFERS}>
          <thead>
            <tr>
              {offerColumns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {details.offers.map((offer) => (
              <tr key={offer.id}>
                <td>{offerStateNames[offer.state] ?? offer.state}</td>
                <td className="ops-number">{decimal(offer.rate)}</td>
                <td className="ops-number">
                  {decimal(offer.amountPaid)} {summary.fromCurrency}
                </td>
                <td className="ops-number">
                  {decimal(offer.amountReceived)} {summary.toCurrency}
                </td>
                <td className="ops-number">
                  {decimal(offer.fee)} {summary.fromCurrency} ({percent(offer.feePercent)})
                </td>
                <td>{dateTime(offer.validUntil)}</td>
                <td>{offer.proposedBy}</td>
                <td>{offer.approvedBy ?? (offer.needsApproval ? NOT_YET : NOT_NEEDED)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h2 className="account-subtitle">{REQUEST_PAYMENTS}</h2>
      <DeskPaymentsTable caption={REQUEST_PAYMENTS} payments={details.payments} />
      <h2 className="account-subtitle">{MESSAGES}</h2>
      {details.messages.length === 0 ? (
        <p className="account-note">{NO_MESSAGE}</p>
      ) : (
        <ol className="ops-thread" aria-label={MESSAGES}>
          {details.messages.map((message) => (
            <li key={message.id} className={`ops-message ops-message-${message.from}`}>
              <span className="ops-sub">
                {message.from === 'customer' ? FROM_CUSTOMER : FROM_DESK}, {dateTime(message.at)}
              </span>
              <p className="ops-text">{message.text}</p>
            </li>
          ))}
        </ol>
      )}
      <h2 className="account-subtitle">{INTERNAL_NOTES}</h2>
      {details.notes.length === 0 ? (
        <p className="account-note">{NO_NOTE}</p>
      ) : (
        <ol className="ops-thread" aria-label={INTERNAL_NOTES}>
          {details.notes.map((note) => (
            <li key={note.id} className="ops-message">
              <span className="ops-sub">
                {note.by}, {dateTime(note.at)}
              </span>
              <p className="ops-text">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
    </>
  )
}

/** The request's whole amount with its currency, grouped: '12,500 EUR' / '12 500 EUR'. */
const amountText = (amount: number, currency: Currency, locale: Locale) =>
  formatMoney(fromSafeInteger(amount), currency, locale, { decimals: 0, grouping: true })

type OpenForm = NonNullable<OpsRequestView['form']>

function RequestForm(props: RequestPageProps & { form: OpenForm; details: Details }) {
  const { view, form, details } = props
  const {
    CANCEL,
    NOTE_LABEL,
    QUESTION_LABEL,
    REASON_HINT,
    REASON_LABEL,
    decimal,
    offerLabels,
    operationLabels,
    percent,
    requestFailureText,
    submitLabels,
  } = useOpsTexts()
  const { fromCurrency: from, toCurrency: to } = details.summary
  const textLabel =
    form.kind === 'question' ? QUESTION_LABEL : form.kind === 'note' ? NOTE_LABEL : REASON_LABEL
  const busy = form.sending || form.reading
  return (
    <form
      className="account-card ops-form"
      aria-labelledby="ops-request-form-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        props.onSubmit()
      }}
    >
      <h2 id="ops-request-form-title" className="account-subtitle">
        {operationLabels[form.operation]}
      </h2>
      {form.kind === 'offer' ? (
        <>
          <OfferField
            id="ops-offer-rate"
            label={offerLabels.rate(from, to)}
            value={view.offer.rate}
            problem={form.offer.problems.rate}
            disabled={form.sending}
            autoFocus
            onChange={(value) => {
              props.onOfferChange('rate', value)
            }}
          />
          <OfferField
            id="ops-offer-paid"
            label={offerLabels.amountPaid(from)}
            value={view.offer.amountPaid}
            problem={form.offer.problems.amountPaid}
            disabled={form.sending}
            onChange={(value) => {
              props.onOfferChange('amountPaid', value)
            }}
          />
          <OfferField
            id="ops-offer-valid"
            label={offerLabels.validUntil}
            type="datetime-local"
            value={view.offer.validUntil}
            problem={form.offer.problems.validUntil}
            disabled={form.sending}
            onChange={(value) => {
              props.onOfferChange('validUntil', value)
            }}
          />
          <dl className="ops-details" aria-live="polite">
            <dt>{offerLabels.amountReceived}</dt>
            <dd className="ops-number" id="ops-offer-received">
              {form.offer.figures ? `${decimal(form.offer.figures.amountReceived)} ${to}` : '—'}
            </dd>
            <dt>{offerLabels.fee}</dt>
            <dd className="ops-number" id="ops-offer-fee">
              {form.offer.figures
                ? `${decimal(form.offer.figures.fee)} ${from} (${percent(form.offer.figures.feePercent)})`
                : '—'}
            </dd>
          </dl>
        </>
      ) : (
        <div className="ops-field">
          <label htmlFor="ops-request-text">{textLabel}</label>
          <textarea
            id="ops-request-text"
            autoFocus
            rows={form.kind === 'reason' ? 3 : 5}
            maxLength={form.kind === 'reason' ? 1000 : 2000}
            required
            aria-describedby={form.kind === 'reason' ? 'ops-request-text-hint' : undefined}
            value={view.text}
            disabled={form.sending}
            onChange={(event) => {
              props.onTextChange(event.target.value)
            }}
          />
          {form.kind === 'reason' ? (
            <span id="ops-request-text-hint" className="account-note">
              {REASON_HINT}
            </span>
          ) : null}
        </div>
      )}
      {view.failure ? (
        <div className="form-alert" role="alert">
          {requestFailureText(view.failure)}
        </div>
      ) : null}
      <div className="ops-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={!form.ready}
          aria-busy={busy}
        >
          {submitLabels[form.operation]}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={form.sending}
          onClick={props.onCancel}
        >
          {CANCEL}
        </button>
      </div>
    </form>
  )
}

function OfferField(props: {
  id: string
  label: string
  value: string
  problem: keyof OpsTexts['offerProblemTexts'] | undefined
  disabled: boolean
  type?: string
  autoFocus?: boolean
  onChange: (value: string) => void
}) {
  const { offerProblemTexts } = useOpsTexts()
  return (
    <div className="ops-field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type={props.type ?? 'text'}
        inputMode={props.type ? undefined : 'decimal'}
        autoComplete="off"
        autoFocus={props.autoFocus}
        value={props.value}
        disabled={props.disabled}
        aria-invalid={props.problem ? true : undefined}
        aria-describedby={props.problem ? `${props.id}-error` : undefined}
        onChange={(event) => {
          props.onChange(event.target.value)
        }}
      />
      {props.problem ? (
        <span id={`${props.id}-error`} className="ops-field-error">
          {offerProblemTexts[props.problem]}
        </span>
      ) : null}
    </div>
  )
}
