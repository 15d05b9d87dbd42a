import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { PaymentWidgetError } from '../../machines/payment-widget/payment-widget.machine'
import { englishOf } from './english'
import { ACCOUNT_ON_HOLD_MESSAGE } from './quote-dialog'
import './customer.css'

export interface HomePageProps {
  firstName: string
  email: string | null
  /** The quote dialog ('Explore the service', 'Get a quote'). */
  onOpenQuote: () => void
  /** The payment widget ('Exchange now'). */
  onOpenPayment: () => void
  /** Why the payment widget closed without opening, if it did. */
  paymentError: PaymentWidgetError | null
}

export const PAYMENT_ERROR_MESSAGES: Record<PaymentWidgetError, MessageDescriptor> = {
  'missing-request': msg`The payment window could not be opened: no payment session was created. Please try again.`,
  unavailable: msg`The payment service is not available right now. Please try again later.`,
  'on-hold': ACCOUNT_ON_HOLD_MESSAGE,
}
export const PAYMENT_ERRORS = englishOf(PAYMENT_ERROR_MESSAGES)

/** The home page (docs/product/screens.md#home): the greeting and the three offers. */
export function HomePage({
  firstName,
  email,
  onOpenQuote,
  onOpenPayment,
  paymentError,
}: HomePageProps) {
  const { t } = useLingui()
  return (
    <section className="account-section" aria-labelledby="home-title">
      <h1 id="home-title" className="account-title">
        {firstName ? t`Welcome, ${firstName}` : t`Welcome`}
      </h1>
      <p className="account-lead">{t`What can we do for you today?`}</p>
      {email ? (
        <p className="account-note">
          <Trans>
            Signed in as <strong>{email}</strong>
          </Trans>
        </p>
      ) : null}
      {paymentError ? (
        <div className="form-alert" role="alert">
          {t(PAYMENT_ERROR_MESSAGES[paymentError])}
        </div>
      ) : null}
      <ul className="offer-list">
        <li className="offer-card offer-card-highlight">
          <p className="offer-badge">{t`One time offer`}</p>
          <h2 className="offer-title">{t`Your first transaction`}</h2>
          <p className="offer-text">
            <Trans>
              Try the service with a first transaction from just <strong>€1000</strong>: a personal
              calculation and a manager to guide you.
            </Trans>
          </p>
          <button type="button" className="button button-primary" onClick={onOpenQuote}>
            {t`Explore the service`}
          </button>
        </li>
        <li className="offer-card">
          <h2 className="offer-title">{t`Get a personal quote`}</h2>
          <p className="offer-text">
            <Trans>
              For high-value transfers, with the best rates for <strong>€10,000</strong> and up.
            </Trans>
          </p>
          <button type="button" className="button button-secondary" onClick={onOpenQuote}>
            {t`Get a quote`}
          </button>
        </li>
        <li className="offer-card">
          <h2 className="offer-title">{t`Fast exchange`}</h2>
          <p className="offer-text">
            <Trans>
              Regular transfers from <strong>€100</strong> at fixed rates. Pay by credit card, bank
              transfer and other methods.
            </Trans>
          </p>
          <button type="button" className="button button-secondary" onClick={onOpenPayment}>
            {t`Exchange now`}
          </button>
        </li>
      </ul>
    </section>
  )
}
