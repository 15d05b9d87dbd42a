import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Logo } from './logo'
import './account.css'

export interface AccountLayoutProps {
  /** The external help desk; the Support link is hidden while it is unknown. */
  supportUrl: string | null
  /** Shown in the avatar; a person icon when unknown. */
  initials?: string | undefined
  children: ReactNode
}

/**
 * The top bar (docs/product/screens.md#top-bar): logo to /app, the customer's requests (issue 28),
 * their card payments (issue 29), Verification, Support, avatar to /app/profile.
 */
export function AccountLayout({ supportUrl, initials, children }: AccountLayoutProps) {
  const { t } = useLingui()
  return (
    <div className="account-page">
      <header className="top-bar">
        <div className="top-bar-inner">
          <Logo tone="light" label={t`Vistula Exchange — home`} />
          <nav className="top-bar-nav" aria-label={t`Account`}>
            <Link
              to="/app/requests"
              className="top-bar-link"
              activeProps={{ 'aria-current': 'page' }}
            >
              {t`Requests`}
            </Link>
            <Link
              to="/app/payments"
              className="top-bar-link"
              activeProps={{ 'aria-current': 'page' }}
            >
              {t`Payments`}
            </Link>
            <Link
              to="/app/verification"
              className="top-bar-link"
              activeProps={{ 'aria-current': 'page' }}
            >
              {t`Verification`}
            </Link>
            {supportUrl ? (
              <a
                href={supportUrl}
                className="top-bar-link"
                target="_blank"
                rel="noopener noreferrer"
              >
                {t`Support`}
                <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
              </a>
            ) : null}
            <Link
              to="/app/profile"
              className="avatar"
              aria-label={t`Profile`}
              activeProps={{ 'aria-current': 'page' }}
            >
              {initials ? (
                <span aria-hidden="true">{initials}</span>
              ) : (
                <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <circle cx="12" cy="8.5" r="4" fill="currentColor" />
                  <path d="M4 20.5c1.2-4 4.4-6 8-6s6.8 2 8 6" fill="currentColor" />
                </svg>
              )}
            </Link>
          </nav>
        </div>
      </header>
      <main className="account-main">{children}</main>
    </div>
  )
}
