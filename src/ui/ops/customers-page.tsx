import { Link } from '@tanstack/react-router'
import type { OpsCustomersView } from '../../machines/ops-customers/ops-customers.machine'
import { useOpsTexts } from './ops-messages'

export interface CustomersPageProps {
  view: OpsCustomersView
  onQueryChange: (value: string) => void
  onSearch: () => void
}

/**
 * Customer lookup (docs/product/screens.md#staff-console-customers): the search by address, name
 * or id, and the customers found, each a link to their page.
 */
export function CustomersPage({ view, onQueryChange, onSearch }: CustomersPageProps) {
  const failure = view.failure
  const {
    CUSTOMERS_TITLE,
    NO_CUSTOMERS,
    SEARCH,
    SEARCHING,
    SEARCH_DENIED,
    SEARCH_FAILED,
    SEARCH_HINT,
    SEARCH_LABEL,
    customerColumns,
    customerName,
    customersFound,
    dateTime,
  } = useOpsTexts()
  return (
    <section className="account-section" aria-labelledby="ops-customers-title">
      <h1 id="ops-customers-title" className="account-title">
        {CUSTOMERS_TITLE}
      </h1>
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
          {failure.errorType === 'PERMISSION_DENIED' ? SEARCH_DENIED : SEARCH_FAILED}
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
              <th scope="col">{customerColumns.email}</th>
              <th scope="col">{customerColumns.name}</th>
              <th scope="col">{customerColumns.country}</th>
              <th scope="col">{customerColumns.registered}</th>
            </tr>
          </thead>
          <tbody>
            {view.customers.map((customer) => (
              <tr key={customer.id}>
                <td>
                  <Link
                    to="/ops/customers/$customerId"
                    params={{ customerId: customer.id }}
                    className="text-link"
                  >
                    {customer.email}
                  </Link>
                </td>
                <td>{customerName(customer)}</td>
                <td>{customer.country || '—'}</td>
                <td>{dateTime(customer.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}
