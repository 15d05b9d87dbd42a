import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { OpsConsoleView } from '../../machines/ops-console/ops-console.machine'
import { Logo } from '../logo'
import { useOpsTexts, type OpsTexts } from './ops-messages'
import '../account.css'
import '../auth.css'
import './ops.css'

export interface OpsConsolePageProps {
  view: OpsConsoleView
  onRetry: () => void
  onLogout: () => void
  /** The console's page, shown once the staff member is known. */
  children: ReactNode
}

/** The console's sections a set of permissions opens. */
export function consoleSections(permissions: readonly string[]) {
  return {
    requests: permissions.includes('requests:read'),
    customers: permissions.includes('customers:read'),
    staff: permissions.includes('staff:read'),
    audit: permissions.includes('audit:read'),
  }
}

/**
 * The staff console's frame (docs/product/screens.md#staff-console): the top bar with what the
 * roles open, the address and 'Log out'; before that, the second-factor page or a refusal.
 */
export function OpsConsolePage({ view, onRetry, onLogout, children }: OpsConsolePageProps) {
  const {
    AUDIT_TITLE,
    CONSOLE_DENIED,
    CONSOLE_FAILED,
    CONSOLE_TITLE,
    CUSTOMERS_TITLE,
    HOME,
    LOADING,
    LOG_OUT,
    OVERVIEW_TITLE,
    REQUESTS_TITLE,
    SECOND_FACTOR_LINK,
    SECOND_FACTOR_TEXT,
    SECOND_FACTOR_TITLE,
    STAFF_TITLE,
    TRY_AGAIN,
  } = useOpsTexts()
  const sections = consoleSections(view.self?.permissions ?? [])
  return (
    <div className="account-page">
      <header className="top-bar">
        <div className="top-bar-inner">
          <Logo tone="light" label={HOME} />
          <nav className="top-bar-nav" aria-label={CONSOLE_TITLE}>
            {view.phase === 'ready' ? (
              <>
                <Link
                  to="/ops"
                  className="top-bar-link"
                  activeOptions={{ exact: true }}
                  activeProps={{ 'aria-current': 'page' }}
                >
                  {OVERVIEW_TITLE}
                </Link>
                {sections.requests ? (
                  <Link
                    to="/ops/requests"
                    className="top-bar-link"
                    activeProps={{ 'aria-current': 'page' }}
                  >
                    {REQUESTS_TITLE}
                  </Link>
                ) : null}
                {sections.customers ? (
                  <Link
                    to="/ops/customers"
                    className="top-bar-link"
                    activeProps={{ 'aria-current': 'page' }}
                  >
                    {CUSTOMERS_TITLE}
                  </Link>
                ) : null}
                {sections.staff ? (
                  <Link
                    to="/ops/staff"
                    className="top-bar-link"
                    activeProps={{ 'aria-current': 'page' }}
                  >
                    {STAFF_TITLE}
                  </Link>
                ) : null}
                {sections.audit ? (
                  <Link
                    to="/ops/audit"
                    className="top-bar-link"
                    activeProps={{ 'aria-current': 'page' }}
                  >
                    {AUDIT_TITLE}
                  </Link>
                ) : null}
                <span className="ops-nav-email">{view.self?.email}</span>
              </>
            ) : null}
            <button type="button" className="button button-secondary" onClick={onLogout}>
              {LOG_OUT}
            </button>
          </nav>
        </div>
      </header>
      <main className="account-main">
        {view.phase === 'loading' ? (
          <p role="status">{LOADING}</p>
        ) : view.phase === 'secondFactorRequired' ? (
          <section className="account-section" aria-labelledby="ops-second-factor">
            <h1 id="ops-second-factor" className="account-title">
              {SECOND_FACTOR_TITLE}
            </h1>
            <p className="account-lead">{SECOND_FACTOR_TEXT}</p>
            <p>
              <Link to="/app/profile" hash="security-title" className="text-link">
                {SECOND_FACTOR_LINK}
              </Link>
            </p>
            <p>
              <button type="button" className="button button-secondary" onClick={onRetry}>
                {TRY_AGAIN}
              </button>
            </p>
          </section>
        ) : view.phase === 'failed' ? (
          <section className="account-section" aria-labelledby="ops-failed">
            <h1 id="ops-failed" className="account-title">
              {CONSOLE_TITLE}
            </h1>
            <div className="form-alert" role="alert">
              {view.failure === 'PERMISSION_DENIED' ? CONSOLE_DENIED : CONSOLE_FAILED}
            </div>
            <p>
              <button type="button" className="button button-secondary" onClick={onRetry}>
                {TRY_AGAIN}
              </button>
            </p>
          </section>
        ) : (
          children
        )}
      </main>
    </div>
  )
}

export interface OpsOverviewProps {
  email: string
  roles: Parameters<OpsTexts['rolesInWords']>[0]
  permissions: readonly string[]
}

/** The console's first page: who is working, their roles, and the sections they may open. */
export function OpsOverview({ email, roles, permissions }: OpsOverviewProps) {
  const {
    AUDIT_TITLE,
    CONSOLE_TITLE,
    CUSTOMERS_TITLE,
    REQUESTS_TITLE,
    SECTIONS,
    STAFF_TITLE,
    overviewNotes,
    rolesLine,
    signedInAs,
  } = useOpsTexts()
  const sections = consoleSections(permissions)
  return (
    <section className="account-section" aria-labelledby="ops-overview">
      <h1 id="ops-overview" className="account-title">
        {CONSOLE_TITLE}
      </h1>
      <p className="account-lead">
        {signedInAs} <strong>{email}</strong>
      </p>
      <p className="ops-roles">{rolesLine(roles)}</p>
      {sections.requests || sections.customers || sections.staff || sections.audit ? (
        <ul className="ops-grid" aria-label={SECTIONS}>
          {sections.requests ? (
            <li className="account-card">
              <Link to="/ops/requests" className="text-link">
                {REQUESTS_TITLE}
              </Link>
              <p className="account-note">{overviewNotes.requests}</p>
            </li>
          ) : null}
          {sections.customers ? (
            <li className="account-card">
              <Link to="/ops/customers" className="text-link">
                {CUSTOMERS_TITLE}
              </Link>
              <p className="account-note">{overviewNotes.customers}</p>
            </li>
          ) : null}
          {sections.staff ? (
            <li className="account-card">
              <Link to="/ops/staff" className="text-link">
                {STAFF_TITLE}
              </Link>
              <p className="account-note">{overviewNotes.staff}</p>
            </li>
          ) : null}
          {sections.audit ? (
            <li className="account-card">
              <Link to="/ops/audit" className="text-link">
                {AUDIT_TITLE}
              </Link>
              <p className="account-note">{overviewNotes.audit}</p>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className="account-note">{overviewNotes.none}</p>
      )}
    </section>
  )
}

/** What a console page says to someone whose roles do not open it. */
export function NotAllowedPage() {
  const { NOT_ALLOWED_PAGE } = useOpsTexts()
  return <p role="alert">{NOT_ALLOWED_PAGE}</p>
}
