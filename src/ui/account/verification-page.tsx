import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Locale } from '../../../domain/locale'
import type { VerificationView } from '../../machines/verification/verification.machine'
import type { VerificationKind } from '../../machines/verification/verification-status'
import { formatDate } from './date-time'
import { english } from './english'
import { usePageLocale } from './use-locale'
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
  {
    title: MessageDescriptor
    check: MessageDescriptor
    lead: MessageDescriptor
    benefits: MessageDescriptor[]
  }
> = {
  kyc: {
    title: msg`Personal account (KYC)`,
    check: msg`Identity check (KYC)`,
    lead: msg`Personal verification gives you:`,
    benefits: [
      msg`Higher limits`,
      msg`Lower fees`,
      msg`SWIFT/SEPA/card payments`,
      msg`P2P transfers`,
    ],
  },
  kyb: {
    title: msg`Business account (KYB)`,
    check: msg`Business check (KYB)`,
    lead: msg`Business verification gives you:`,
    benefits: [
      msg`Quick start`,
      msg`Crypto processing`,
      msg`Higher limits`,
      msg`SWIFT/SEPA`,
      msg`Premium support`,
    ],
  },
}

/** The button's label, which the chart names (verification-status.ts). */
const BUTTON_LABELS: Record<VerificationView['label'], MessageDescriptor> = {
  Start: msg`Start`,
  Continue: msg`Continue`,
  'Completed: approved': msg`Completed: approved`,
  'Completed: rejected': msg`Completed: rejected`,
}

const START_FAILURE_MESSAGE = msg`The check could not be started. Please try again later.`
export const START_FAILURE = english(START_FAILURE_MESSAGE)

/** The line above an open request's note (docs/product/screens.md#verification-page). */
function requestedMessage(kind: VerificationKind, requestedAt: string, locale: Locale) {
  const date = formatDate(requestedAt, locale)
  return kind === 'kyc'
    ? msg`Our team asks you for the Identity check (KYC), requested on ${date}:`
    : msg`Our team asks you for the Business check (KYB), requested on ${date}:`
}

export const requestedLine = (kind: VerificationKind, requestedAt: string) =>
  english(requestedMessage(kind, requestedAt, 'en'))

/**
 * The verification page (docs/product/screens.md#verification-page): the two kinds, their benefits
 * and buttons.
 */
export function VerificationPage({ kyc, kyb, onStart, onExit, widget }: VerificationPageProps) {
  const { t } = useLingui()
  const locale = usePageLocale()
  const views = { kyc, kyb }
  const open = (['kyc', 'kyb'] as const).find((kind) => views[kind].widget !== 'closed')
  return (
    <section className="account-section" aria-labelledby="verification-title">
      <h1 id="verification-title" className="account-title">
        {t`Verification`}
      </h1>
      <p className="account-lead">
        {t`Verify yourself or your business to trade with higher limits and lower fees. Verification is to be done if requested by a manager.`}
      </p>
      {(['kyc', 'kyb'] as const).map((kind) => {
        const request = views[kind].request
        return request ? (
          <div key={kind} className="verification-request" role="note">
            <p className="verification-request-title">
              {t(requestedMessage(kind, request.requestedAt, locale))}
            </p>
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
                {t(text.title)}
              </h2>
              <p className="offer-text">{t(text.lead)}</p>
              <ul className="benefit-list">
                {text.benefits.map((benefit) => (
                  <li key={benefit.id}>{t(benefit)}</li>
                ))}
              </ul>
              {view.failed ? (
                <div className="form-alert" role="alert">
                  {t(START_FAILURE_MESSAGE)}
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
                {t(BUTTON_LABELS[view.label])}
              </button>
            </section>
          )
        })}
      </div>
      {open ? (
        <section className="embedded-check" aria-labelledby="embedded-check-title">
          <div className="embedded-check-bar">
            <h2 id="embedded-check-title" className="account-subtitle">
              {t(kinds[open].check)}
            </h2>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                onExit(open)
              }}
            >
              {t`Exit`}
            </button>
          </div>
          {views[open].widget === 'open' ? (
            widget
          ) : (
            <p className="embedded-check-loading" role="status">
              {t`Preparing the check…`}
            </p>
          )}
        </section>
      ) : null}
    </section>
  )
}
