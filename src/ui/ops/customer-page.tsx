import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { OpsCustomerView } from '../../machines/ops-customer/ops-customer.machine'
import { useOpsTexts, type OpsTexts } from './ops-messages'
import { DeskPaymentsTable, Table } from './ops-table'

export interface CustomerPageProps {
  view: OpsCustomerView
  onReload: () => void
  onNoteChange: (value: string) => void
  onNoteSubmit: () => void
  /** The verification and hold actions, where the route mounts them. */
  actions?: ReactNode
}

function Section(props: { id: keyof OpsTexts['CUSTOMER_SECTIONS']; children: ReactNode }) {
  const { CUSTOMER_SECTIONS } = useOpsTexts()
  return (
    <section className="account-card" aria-labelledby={`ops-customer-${props.id}`}>
      <h2 id={`ops-customer-${props.id}`} className="account-subtitle">
        {CUSTOMER_SECTIONS[props.id]}
      </h2>
      {props.children}
    </section>
  )
}

/**
 * A customer as the desk sees them (docs/product/staff.md#the-customer-page): profile,
 * verification with every Sumsub event, verification requests, holds, requests (each linking to
 * the desk's request page), payments, active sessions (read-only) and internal notes. Every text
 * is shown as text.
 */
export function CustomerPage(props: CustomerPageProps) {
  const { view } = props
  const page = view.page
  const {
    ADD_NOTE,
    ALL_CUSTOMERS,
    CUSTOMER,
    CUSTOMER_LOAD_FAILED,
    CUSTOMER_NOTE_LABEL,
    CUSTOMER_NOT_FOUND,
    CUSTOMER_SECTIONS,
    HOLD_ACTIVE,
    LOADING,
    NOTE_ADDED,
    NOTE_FAILED,
    NOTHING_YET,
    NOT_STARTED,
    TRY_AGAIN,
    VIEW_RECORDED,
    customerName,
    customerRequestColumns,
    customerTitle,
    dateTime,
    decimal,
    historyColumns,
    historyOutcomeName,
    holdColumns,
    holdLifted,
    profileLabels,
    reviewStatusName,
    sessionColumns,
    stateNames,
    verificationRequestColumns,
    verificationRequestStateName,
    verifiedText,
    when,
  } = useOpsTexts()
  return (
    <section className="account-section" aria-labelledby="ops-customer-title">
      <p>
        <Link to="/ops/customers" className="text-link">
          {ALL_CUSTOMERS}
        </Link>
      </p>
      <h1 id="ops-customer-title" className="account-title">
        {page ? customerTitle(page.customer.email) : CUSTOMER}
      </h1>
      {view.loading ? (
        <p role="status">{LOADING}</p>
      ) : view.loadFailed || !page ? (
        <>
          <div className="form-alert" role="alert">
            {view.loadFailed?.status === 404 ? CUSTOMER_NOT_FOUND : CUSTOMER_LOAD_FAILED}
          </div>
          <p>
            <button type="button" className="button button-secondary" onClick={props.onReload}>
              {TRY_AGAIN}
            </button>
          </p>
        </>
      ) : (
        <>
          <p className="account-note">{VIEW_RECORDED}</p>
          <Section id="profile">
            <dl className="ops-details">
              <dt>{profileLabels.name}</dt>
              <dd>{customerName(page.customer)}</dd>
              <dt>{profileLabels.phone}</dt>
              <dd>{page.customer.phone || '—'}</dd>
              <dt>{profileLabels.country}</dt>
              <dd>{page.customer.country || '—'}</dd>
              <dt>{profileLabels.email}</dt>
              <dd>{verifiedText(page.customer.emailVerified)}</dd>
              <dt>{profileLabels.registered}</dt>
              <dd>{dateTime(page.customer.createdAt)}</dd>
              <dt>{profileLabels.id}</dt>
              <dd className="ops-code">{page.customer.id}</dd>
            </dl>
          </Section>
          {props.actions}
          <Section id="verification">
            <dl className="ops-details">
              {page.verification.map((v) => [
                <dt key={`${v.kind}-t`}>{v.kind.toUpperCase()}</dt>,
                <dd key={`${v.kind}-d`}>
                  {v.reviewStatus
                    ? `${reviewStatusName(v.reviewStatus)}${v.reviewResult ? `, ${v.reviewResult.reviewAnswer}` : ''} (${when(v.updatedAt)})`
                    : NOT_STARTED}
                </dd>,
              ])}
            </dl>
          </Section>
          <Section id="history">
            <Table
              caption={CUSTOMER_SECTIONS.history}
              head={historyColumns}
              keys={page.verificationHistory.map((e) => e.seq)}
              rows={page.verificationHistory.map((e) => [
                e.type,
                e.kind,
                e.reviewStatus ? reviewStatusName(e.reviewStatus) : '—',
                e.reviewAnswer ?? '—',
                when(e.happenedAt),
                when(e.receivedAt),
                historyOutcomeName(e.outcome),
              ])}
            />
          </Section>
          <Section id="verificationRequests">
            <Table
              caption={CUSTOMER_SECTIONS.verificationRequests}
              head={verificationRequestColumns}
              keys={page.verificationRequests.map((r) => r.id)}
              rows={page.verificationRequests.map((r) => [
                r.kind,
                r.note,
                verificationRequestStateName(r.state),
                when(r.requestedAt),
                r.requestedBy.email,
              ])}
            />
          </Section>
          <Section id="holds">
            <Table
              caption={CUSTOMER_SECTIONS.holds}
              head={holdColumns}
              keys={page.holds.map((h) => h.id)}
              rows={page.holds.map((h) => [
                h.reason,
                when(h.placedAt),
                h.placedBy.email,
                h.active ? HOLD_ACTIVE : holdLifted(when(h.liftedAt)),
              ])}
            />
          </Section>
          <Section id="requests">
            <Table
              caption={CUSTOMER_SECTIONS.requests}
              head={customerRequestColumns}
              keys={page.requests.map((r) => r.id)}
              rows={page.requests.map((r) => [
                <Link
                  key={r.id}
                  to="/ops/requests/$requestId"
                  params={{ requestId: r.id }}
                  className="text-link"
                >
                  {r.name || r.id}
                </Link>,
                `${r.fromCurrency} → ${r.toCurrency}`,
                decimal(String(r.amount)),
                stateNames[r.state],
                when(r.createdAt),
              ])}
            />
          </Section>
          <Section id="payments">
            <DeskPaymentsTable caption={CUSTOMER_SECTIONS.payments} payments={page.payments} />
          </Section>
          <Section id="sessions">
            <Table
              caption={CUSTOMER_SECTIONS.sessions}
              head={sessionColumns}
              keys={page.sessions.map((s) => s.id)}
              rows={page.sessions.map((s) => [s.device, when(s.createdAt), when(s.lastUsedAt)])}
            />
          </Section>
          <Section id="notes">
            {view.canNote ? (
              <form
                className="ops-form"
                noValidate
                onSubmit={(event) => {
                  event.preventDefault()
                  props.onNoteSubmit()
                }}
              >
                <div className="ops-field">
                  <label htmlFor="ops-customer-note">{CUSTOMER_NOTE_LABEL}</label>
                  <textarea
                    id="ops-customer-note"
                    rows={3}
                    maxLength={2000}
                    value={view.note}
                    onChange={(event) => {
                      props.onNoteChange(event.target.value)
                    }}
                  />
                </div>
                <p>
                  <button
                    type="submit"
                    className="button button-primary"
                    disabled={!view.canSubmitNote}
                    aria-busy={view.saving}
                  >
                    {ADD_NOTE}
                  </button>
                </p>
                <p className="ops-status" role="status">
                  {view.noted ? NOTE_ADDED : ''}
                </p>
                {view.noteFailure ? (
                  <div className="form-alert" role="alert">
                    {NOTE_FAILED}
                  </div>
                ) : null}
              </form>
            ) : null}
            {page.notes.length === 0 ? (
              <p className="account-note">{NOTHING_YET}</p>
            ) : (
              <ul className="ops-notes">
                {page.notes.map((n) => (
                  <li key={n.id}>
                    <p className="ops-note-text">{n.text}</p>
                    <p className="account-note">
                      {n.authorEmail}, {dateTime(n.createdAt)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </>
      )}
    </section>
  )
}
