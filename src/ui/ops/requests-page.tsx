import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import type {
  InboxAssignee,
  InboxFilterField,
  InboxSort,
  RequestState,
} from '../../machines/ops-requests/inbox-filters'
import type { Currency } from '../../../domain/currencies'
import type { Locale } from '../../../domain/locale'
import { fromSafeInteger } from '../../../domain/decimal'
import { formatMoney } from '../../../domain/format-money'
import type { OpsRequestsView } from '../../machines/ops-requests/ops-requests.machine'
import { useOpsTexts } from './ops-messages'

export interface RequestsPageProps {
  view: OpsRequestsView
  onFilterChange: (field: InboxFilterField, value: string) => void
  onApply: () => void
  onNext: () => void
  onFirst: () => void
  onReload: () => void
  onMove: (by: 1 | -1) => void
  onOpen: (id: string) => void
  onAssign: (id: string) => void
}

const textFields: readonly InboxFilterField[] = [
  'q',
  'pair',
  'amountMin',
  'amountMax',
  'olderThanHours',
]

/** A request's whole amount, grouped for reading down a list: '12,500 EUR' / '12 500 EUR'. */
const amountText = (amount: number, currency: Currency, locale: Locale) =>
  formatMoney(fromSafeInteger(amount), currency, locale, { decimals: 0, grouping: true })

/** Keys typed into a field are the field's, never the list's. */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  )
}

/**
 * The request desk's inbox (docs/product/requests.md#the-desk): the filters, the rows of one page
 * with "Assign to me", the pages, and the keys that move through the rows.
 */
export function RequestsPage(props: RequestsPageProps) {
  const { view } = props
  const {
    INBOX_LOAD_FAILED,
    LOADING,
    REQUESTS_TITLE,
    TRY_AGAIN,
    assignedNotice,
    requestFailureText,
  } = useOpsTexts()
  return (
    <section className="account-section" aria-labelledby="ops-requests-title">
      <h1 id="ops-requests-title" className="account-title">
        {REQUESTS_TITLE}
      </h1>
      <InboxFilters {...props} />
      <p className="ops-status" role="status">
        {view.notice ? assignedNotice(view.notice.customerEmail) : ''}
      </p>
      {view.failure && view.phase !== 'loadFailed' ? (
        <div className="form-alert" role="alert">
          {requestFailureText(view.failure)}
        </div>
      ) : null}
      {view.phase === 'loading' ? (
        <p role="status">{LOADING}</p>
      ) : view.phase === 'loadFailed' ? (
        <>
          <div className="form-alert" role="alert">
            {INBOX_LOAD_FAILED}
          </div>
          <p>
            <button type="button" className="button button-secondary" onClick={props.onReload}>
              {TRY_AGAIN}
            </button>
          </p>
        </>
      ) : (
        <InboxRows {...props} />
      )}
    </section>
  )
}

function InboxFilters({ view, onFilterChange, onApply }: RequestsPageProps) {
  const {
    FILTERS_TITLE,
    SEARCH_REQUESTS_HINT,
    SHOW_REQUESTS,
    assigneeNames,
    inboxFilterLabels,
    inboxProblemTexts,
    sortNames,
    stateFilterNames,
    stateNames,
  } = useOpsTexts()
  const select = (field: InboxFilterField, options: [string, string][]) => (
    <div className="ops-field">
      <label htmlFor={`ops-inbox-${field}`}>{inboxFilterLabels[field]}</label>
      <select
        id={`ops-inbox-${field}`}
        value={view.draft[field]}
        onChange={(event) => {
          onFilterChange(field, event.target.value)
        }}
      >
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  )
  return (
    <form
      className="account-card ops-wide"
      aria-label={FILTERS_TITLE}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onApply()
      }}
    >
      <div className="ops-filters">
        {select('state', [
          ['open', stateFilterNames.open],
          ['all', stateFilterNames.all],
          ...(Object.keys(stateNames) as RequestState[]).map((s): [string, string] => [
            s,
            stateNames[s],
          ]),
        ])}
        {select(
          'assignee',
          (Object.keys(assigneeNames) as InboxAssignee[]).map((a) => [a, assigneeNames[a]]),
        )}
        {select(
          'sort',
          (Object.keys(sortNames) as InboxSort[]).map((s): [string, string] => [s, sortNames[s]]),
        )}
        {textFields.map((field) => {
          const problem = view.problems[field]
          const id = `ops-inbox-${field}`
          return (
            <div key={field} className="ops-field">
              <label htmlFor={id}>{inboxFilterLabels[field]}</label>
              <input
                id={id}
                type={field === 'q' ? 'search' : 'text'}
                inputMode={field === 'q' || field === 'pair' ? undefined : 'numeric'}
                autoComplete="off"
                value={view.draft[field]}
                aria-invalid={problem ? true : undefined}
                aria-describedby={
                  problem ? `${id}-error` : field === 'q' ? `${id}-hint` : undefined
                }
                onChange={(event) => {
                  onFilterChange(field, event.target.value)
                }}
              />
              {problem ? (
                <span id={`${id}-error`} className="ops-field-error">
                  {inboxProblemTexts[problem]}
                </span>
              ) : field === 'q' ? (
                <span id={`${id}-hint`} className="account-note">
                  {SEARCH_REQUESTS_HINT}
                </span>
              ) : null}
            </div>
          )
        })}
      </div>
      <div className="ops-actions">
        <button type="submit" className="button button-primary" disabled={!view.canApply}>
          {SHOW_REQUESTS}
        </button>
      </div>
    </form>
  )
}

function InboxRows(props: RequestsPageProps) {
  const { view, onMove, onOpen, onAssign } = props
  const {
    ASSIGN_TO_ME,
    FIRST_PAGE,
    INBOX_KEYS,
    NEXT_PAGE,
    NOBODY,
    NO_REQUESTS,
    REFRESH,
    REQUESTS_TITLE,
    assignToMeLabel,
    dateTime,
    inboxColumns,
    locale,
    pageOf,
    stateNames,
  } = useOpsTexts()
  const table = useRef<HTMLTableElement>(null)
  const moved = useRef(false)
  const selectedId = view.items[view.selected]?.id ?? null
  // The keys work wherever focus is, except in a field being typed in.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      if (typing(event.target)) return
      if (
        event.key === 'j' ||
        event.key === 'ArrowDown' ||
        event.key === 'k' ||
        event.key === 'ArrowUp'
      ) {
        event.preventDefault()
        moved.current = true
        onMove(event.key === 'j' || event.key === 'ArrowDown' ? 1 : -1)
      } else if (event.key === 'Enter' && selectedId) {
        // A focused link or button does what Enter does on it already.
        if (event.target instanceof HTMLAnchorElement || event.target instanceof HTMLButtonElement)
          return
        event.preventDefault()
        onOpen(selectedId)
      } else if (event.key === 'a' && selectedId && view.assignable(selectedId) && !view.busy) {
        event.preventDefault()
        onAssign(selectedId)
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
    }
  }, [onMove, onOpen, onAssign, selectedId, view])
  // A move by key takes focus to the row's link, so the selection is where focus shows.
  useEffect(() => {
    if (!moved.current) return
    moved.current = false
    table.current?.querySelector<HTMLAnchorElement>('tr[aria-current="true"] a')?.focus()
  }, [view.selected])
  if (view.items.length === 0) return <p className="account-note">{NO_REQUESTS}</p>
  return (
    <>
      <p className="account-note">{INBOX_KEYS}</p>
      <table className="ops-table ops-inbox" ref={table}>
        <caption className="visually-hidden">{REQUESTS_TITLE}</caption>
        <thead>
          <tr>
            <th scope="col">{inboxColumns.customer}</th>
            <th scope="col">{inboxColumns.pair}</th>
            <th scope="col">{inboxColumns.amount}</th>
            <th scope="col">{inboxColumns.state}</th>
            <th scope="col">{inboxColumns.assignee}</th>
            <th scope="col">{inboxColumns.submitted}</th>
            <th scope="col">
              <span className="visually-hidden">{inboxColumns.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {view.items.map((row, index) => (
            <tr
              key={row.id}
              aria-current={index === view.selected ? true : undefined}
              className={index === view.selected ? 'ops-selected' : undefined}
            >
              <td>
                <Link
                  to="/ops/requests/$requestId"
                  params={{ requestId: row.id }}
                  className="text-link"
                >
                  {row.customerEmail}
                </Link>
                <span className="ops-sub">{row.name}</span>
              </td>
              <td>
                {row.fromCurrency} → {row.toCurrency}
              </td>
              <td className="ops-number">{amountText(row.amount, row.fromCurrency, locale)}</td>
              <td>{stateNames[row.state]}</td>
              <td>{row.assignee?.email ?? NOBODY}</td>
              <td>{dateTime(row.createdAt)}</td>
              <td>
                {view.assignable(row.id) ? (
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={assignToMeLabel(row.customerEmail)}
                    aria-busy={view.assigning === row.id}
                    disabled={view.busy}
                    onClick={() => {
                      onAssign(row.id)
                    }}
                  >
                    {ASSIGN_TO_ME}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="ops-actions ops-pages">
        <span>{pageOf(view.page)}</span>
        <button
          type="button"
          className="button button-secondary"
          disabled={view.busy}
          onClick={props.onReload}
        >
          {REFRESH}
        </button>
        {view.notFirst ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={view.busy}
            onClick={props.onFirst}
          >
            {FIRST_PAGE}
          </button>
        ) : null}
        {view.hasNext ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={view.busy}
            onClick={props.onNext}
          >
            {NEXT_PAGE}
          </button>
        ) : null}
      </p>
    </>
  )
}
