import type { OpsCustomersView } from '../../machines/ops-customers/ops-customers.machine'
import { formatDateTime } from '../account/date-time'
import {
  BACK_TO_RESULTS,
  CUSTOMERS_TITLE,
  NO_CUSTOMERS,
  OPEN_FAILED,
  SEARCH,
  SEARCHING,
  SEARCH_DENIED,
  SEARCH_FAILED,
  SEARCH_HINT,
  SEARCH_LABEL,
  customerName,
  customersFound,
  openCustomerLabel,
  verifiedText,
} from './ops-texts'

export interface CustomersPageProps {
  view: OpsCustomersView
  onQueryChange: (value: string) => void
  onSearch: () => void
  onOpen: (id: string) => void
  onClose: () => void
}

/**
 * Customer lookup (docs/product/screens.md#staff-console-customers): the search by address, the
 * customers found, and one customer's details.
 */
export function CustomersPage({
  view,
  onQueryChange,
  onSearch,
  onOpen,
  onClose,
}: CustomersPageProps) {
  const failure = view.failure
  return (
    <section className="account-section" aria-labelledby="ops-customers-title">
      <h1 id="ops-customers-title" className="account-title">
        {CUSTOMERS_TITLE}
      </h1>
      {view.customer ? (
        <div className="account-card" role="group" aria-labelledby="ops-customer-title">
          <h2 id="ops-customer-title" className="account-subtitle">
            {view.customer.email}
          </h2>
          <dl className="ops-details">
            <dt>Name</dt>
            <dd>{customerName(view.customer)}</dd>
            <dt>Phone</dt>
            <dd>{view.customer.phone || '—'}</dd>
            <dt>Country</dt>
            <dd>{view.customer.country || '—'}</dd>
            <dt>E-mail address</dt>
            <dd>{verifiedText(view.customer.emailVerified)}</dd>
            <dt>Registered</dt>
            <dd>{formatDateTime(view.customer.createdAt)}</dd>
            <dt>Customer id</dt>
            <dd className="ops-code">{view.customer.id}</dd>
          </dl>
          <p>
            <button type="button" className="button button-secondary" onClick={onClose}>
              {BACK_TO_RESULTS}
            </button>
          </p>
        </div>
      ) : (
        <>
          <form
            className="account-card ops-form"
            role="search"
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              onSearch()
            }}
          >
            <div className="ops-field">
              <label htmlFor="ops-customer-search">{SEARCH_LABEL}</label>
              <input
                id="ops-customer-search"
                type="search"
                autoComplete="off"
                value={view.query}
                aria-describedby="ops-customer-search-hint"
                onChange={(event) => {
                  onQueryChange(event.target.value)
                }}
              />
              <span id="ops-customer-search-hint" className="account-note">
                {SEARCH_HINT}
              </span>
            </div>
            <p>
              <button
                type="submit"
                className="button button-primary"
                disabled={!view.canSearch}
                aria-busy={view.searching}
              >
                {SEARCH}
              </button>
            </p>
          </form>
          <p className="ops-status" role="status">
            {view.searching
              ? SEARCHING
              : view.searched !== null && !failure
                ? customersFound(view.customers.length, view.searched)
                : ''}
          </p>
          {failure ? (
            <div className="form-alert" role="alert">
              {failure.during === 'open'
                ? OPEN_FAILED
                : failure.errorType === 'PERMISSION_DENIED'
                  ? SEARCH_DENIED
                  : SEARCH_FAILED}
            </div>
          ) : null}
          {view.searched !== null && view.customers.length === 0 && !failure && !view.searching ? (
            <p className="account-note">{NO_CUSTOMERS}</p>
          ) : null}
          {view.customers.length > 0 ? (
            <table className="ops-table">
              <caption className="visually-hidden">{CUSTOMERS_TITLE}</caption>
              <thead>
                <tr>
                  <th scope="col">E-mail address</th>
                  <th scope="col">Name</th>
                  <th scope="col">Country</th>
                  <th scope="col">Registered</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.customers.map((customer) => (
                  <tr key={customer.id}>
                    <td>{customer.email}</td>
                    <td>{customerName(customer)}</td>
                    <td>{customer.country || '—'}</td>
                    <td>{formatDateTime(customer.createdAt)}</td>
                    <td>
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-label={openCustomerLabel(customer.email)}
                        aria-busy={view.opening === customer.id}
                        disabled={view.busy}
                        onClick={() => {
                          onOpen(customer.id)
                        }}
                      >
                        Open
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </>
      )}
    </section>
  )
}
