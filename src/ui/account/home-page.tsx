import type { PaymentWidgetError } from '../../machines/payment-widget/payment-widget.machine'
import { ACCOUNT_ON_HOLD_TEXT } from './quote-dialog'
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

export const PAYMENT_ERRORS: Record<PaymentWidgetError, string> = {
  'missing-request':
    'The payment window could not be opened: no payment session was created. Please try again.',
  unavailable: 'The payment service is not available right now. Please try again later.',
  'on-hold': ACCOUNT_ON_HOLD_TEXT,
}

/** The home page (docs/product/screens.md#home): the greeting and the three offers. */
export function HomePage({
  firstName,
  email,
  onOpenQuote,
  onOpenPayment,
  paymentError,
}: HomePageProps) {
  return (
    <section className="account-section" aria-labelledby="home-title">
      <h1 id="home-title" className="account-title">
        {firstName ? `Welcome, ${firstName}` : 'Welcome'}
      </h1>
      <p className="account-lead">What can we do for you today?</p>
      {email ? (
        <p className="account-note">
          Signed in as <strong>{email}</strong>
        </p>
      ) : null}
      {paymentError ? (
        <div className="form-alert" role="alert">
          {PAYMENT_ERRORS[paymentError]}
        </div>
      ) : null}
      <ul className="offer-list">
        <li className="offer-card offer-card-highlight">
          <p className="offer-badge">One time offer</p>
          <h2 className="offer-title">Your first transaction</h2>
          <p className="offer-text">
            Try the service with a first transaction from just <strong>€1000</strong>: a personal
            calculation and a manager to guide you.
          </p>
          <button type="button" className="button button-primary" onClick={onOpenQuote}>
            Explore the service
          </button>
        </li>
        <li className="offer-card">
          <h2 className="offer-title">Get a personal quote</h2>
          <p className="offer-text">
            For high-value transfers, with the best rates for <strong>€10,000</strong> and up.
          </p>
          <button type="button" className="button button-secondary" onClick={onOpenQuote}>
            Get a quote
          </button>
        </li>
        <li className="offer-card">
          <h2 className="offer-title">Fast exchange</h2>
          <p className="offer-text">
            Regular transfers from <strong>€100</strong> at fixed rates. Pay by credit card, bank
            transfer and other methods.
          </p>
          <button type="button" className="button button-secondary" onClick={onOpenPayment}>
            Exchange now
          </button>
        </li>
      </ul>
    </section>
  )
}
