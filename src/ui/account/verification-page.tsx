import type { ReactNode } from 'react'
import type { VerificationView } from '../../machines/verification/verification.machine'
import type { VerificationKind } from '../../machines/verification/verification-status'
import { formatDate } from './date-time'
import './customer.css'

export interface VerificationPageProps {
  kyc: VerificationView
  kyb: VerificationView
  onStart: (kind: VerificationKind) => void
  onExit: (kind: VerificationKind) => void
  /** The embedded widget of the kind that is open (the route renders it). */
  widget: ReactNode
}

const kinds: Record<
  VerificationKind,
  { title: string; check: string; lead: string; benefits: string[] }
> = {
  kyc: {
    title: 'Personal account (KYC)',
    check: 'Identity check (KYC)',
    lead: 'Personal verification gives you:',
    benefits: ['Higher limits', 'Lower fees', 'SWIFT/SEPA/card payments', 'P2P transfers'],
  },
  kyb: {
    title: 'Business account (KYB)',
    check: 'Business check (KYB)',
    lead: 'Business verification gives you:',
    benefits: [
      'Quick start',
      'Crypto processing',
      'Higher limits',
      'SWIFT/SEPA',
      'Premium support',
    ],
  },
}

export const START_FAILURE = 'The check could not be started. Please try again later.'

/** The line above an open request's note (docs/product/screens.md#verification-page). */
export const requestedLine = (kind: VerificationKind, requestedAt: string) =>
  `Our team asks you for the ${kinds[kind].check}, requested on ${formatDate(requestedAt)}:`

/**
 * The verification page (docs/product/screens.md#verification-page): the two kinds, their benefits
 * and buttons.
 */
export function VerificationPage({ kyc, kyb, onStart, onExit, widget }: VerificationPageProps) {
  const views = { kyc, kyb }
  const open = (['kyc', 'kyb'] as const).find((kind) => views[kind].widget !== 'closed')
  return (
    <section className="account-section" aria-labelledby="verification-title">
      <h1 id="verification-title" className="account-title">
        Verification
      </h1>
      <p className="account-lead">
        Verify yourself or your business to trade with higher limits and lower fees. Verification is
        to be done if requested by a manager.
      </p>
      {(['kyc', 'kyb'] as const).map((kind) => {
        const request = views[kind].request
        return request ? (
          <div key={kind} className="verification-request" role="note">
            <p className="verification-request-title">{requestedLine(kind, request.requestedAt)}</p>
            <p className="verification-request-note">{request.note}</p>
          </div>
        ) : null
      })}
      <div className="verification-kinds">
        {(['kyc', 'kyb'] as const).map((kind) => {
          const view = views[kind]
          const text = kinds[kind]
          return (
            <section key={kind} className="offer-card" aria-labelledby={`${kind}-title`}>
              <h2 id={`${kind}-title`} className="offer-title">
                {text.title}
              </h2>
              <p className="offer-text">{text.lead}</p>
              <ul className="benefit-list">
                {text.benefits.map((benefit) => (
                  <li key={benefit}>{benefit}</li>
                ))}
              </ul>
              {view.failed ? (
                <div className="form-alert" role="alert">
                  {START_FAILURE}
                </div>
              ) : null}
              <button
                type="button"
                className="button button-primary"
                disabled={view.disabled}
                onClick={() => {
                  onStart(kind)
                }}
              >
                {view.label}
              </button>
            </section>
          )
        })}
      </div>
      {open ? (
        <section className="embedded-check" aria-labelledby="embedded-check-title">
          <div className="embedded-check-bar">
            <h2 id="embedded-check-title" className="account-subtitle">
              {kinds[open].check}
            </h2>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                onExit(open)
              }}
            >
              Exit
            </button>
          </div>
          {views[open].widget === 'open' ? (
            widget
          ) : (
            <p className="embedded-check-loading" role="status">
              Preparing the check…
            </p>
          )}
        </section>
      ) : null}
    </section>
  )
}
