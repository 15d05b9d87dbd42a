import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import {
  CRYPTO_CURRENCIES,
  FIAT_CURRENCIES,
  type CryptoCurrency,
  type FiatCurrency,
} from '../../../domain/currencies'
import { QUOTE_MAX_LENGTH } from '../../../domain/quote'
import type { QuoteTextField, QuoteView } from '../../machines/quote-wizard/quote-wizard.machine'
import { InputField, SelectField, TextAreaField, type OptionGroup } from './account-fields'
import { COUNTRIES } from './countries'
import './customer.css'

export interface QuoteDialogProps {
  view: QuoteView
  onAmountChange: (value: string) => void
  /** The customer left the Amount field (it then shows the integer that is sent). */
  onAmountCommit: () => void
  onFromChange: (currency: FiatCurrency) => void
  onToChange: (currency: CryptoCurrency) => void
  onRevealPromo: () => void
  onTextChange: (field: QuoteTextField, value: string) => void
  onNext: () => void
  onBack: () => void
  onSubmit: () => void
  onClose: () => void
  onGoToVerification: () => void
}

const groupOf = (label: string, codes: readonly string[]): OptionGroup[] => [
  { label, options: codes.map((c) => ({ value: c, label: c })) },
]
const fiatGroups = groupOf('Fiat Currencies', FIAT_CURRENCIES)
const cryptoGroups = groupOf('Crypto Currencies', CRYPTO_CURRENCIES)
const countryGroups: OptionGroup[] = [
  { label: '', options: COUNTRIES.map((c) => ({ value: c.code, label: c.name })) },
]

/**
 * Shown on the contact step after a failed submit
 * (docs/product/errors.md#quote-submission-failure).
 */
export const QUOTE_FAILURE = 'Your request could not be sent. Please try again.'
/** The account is on hold (ACCOUNT_ON_HOLD); never why (docs/product/errors.md#account-on-hold). */
export const ACCOUNT_ON_HOLD_TEXT = 'We cannot take this request right now. Please contact support.'

/** The submitted view's link to the request's page (issue 28), beside the spec's texts. */
export const VIEW_YOUR_REQUEST = 'View your request'

/**
 * The quote dialog (docs/product/screens.md#quote-dialog): three views in one dialog, at most
 * 450 px wide.
 */
export function QuoteDialog(props: QuoteDialogProps) {
  const { view, onClose } = props
  const titleId = useId()
  if (view.step === 'closed') return null
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog quote-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && view.step !== 'submitting') onClose()
        }}
      >
        <h2 id={titleId} className="dialog-title">
          Request personal quote
        </h2>
        {view.step === 'calculation' ? <CalculationStep {...props} /> : null}
        {view.step === 'contact' || view.step === 'submitting' ? <ContactStep {...props} /> : null}
        {view.step === 'submitted' ? <SubmittedView {...props} /> : null}
      </div>
    </div>
  )
}

function CalculationStep({
  view,
  onAmountChange,
  onAmountCommit,
  onFromChange,
  onToChange,
  onRevealPromo,
  onTextChange,
  onNext,
  onClose,
}: QuoteDialogProps) {
  const { values } = view
  return (
    <form
      className="dialog-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onNext()
      }}
    >
      <h3 className="dialog-step">Calculation</h3>
      <p className="dialog-note">One time offer: First transaction minimum set to €1000 only</p>
      <div className="field-row">
        <InputField
          label="Amount"
          name="amount"
          value={view.amountText}
          inputMode="numeric"
          error={view.amountError}
          autoFocus
          onChange={onAmountChange}
          onBlur={onAmountCommit}
        />
        <SelectField
          label="Currency"
          name="fromCurrency"
          value={values.fromCurrency}
          groups={fiatGroups}
          onChange={(value) => {
            onFromChange(value as FiatCurrency)
          }}
        />
      </div>
      <SelectField
        label="Converted to"
        name="toCurrency"
        value={values.toCurrency}
        groups={cryptoGroups}
        onChange={(value) => {
          onToChange(value as CryptoCurrency)
        }}
      />
      {view.promoOpen ? (
        <InputField
          label="Promo code"
          name="promoCode"
          value={values.promoCode}
          maxLength={QUOTE_MAX_LENGTH.promoCode}
          autoFocus
          onChange={(value) => {
            onTextChange('promoCode', value)
          }}
        />
      ) : (
        <button type="button" className="link-button" onClick={onRevealPromo}>
          Redeem promo code
        </button>
      )}
      <TextAreaField
        label="Message"
        name="message"
        value={values.message}
        maxLength={QUOTE_MAX_LENGTH.message}
        onChange={(value) => {
          onTextChange('message', value)
        }}
      />
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
        <button type="submit" className="button button-primary">
          Next
        </button>
      </div>
    </form>
  )
}

function ContactStep({ view, onTextChange, onBack, onSubmit }: QuoteDialogProps) {
  const { values } = view
  const submitting = view.step === 'submitting'
  const text = (field: QuoteTextField) => (value: string) => {
    onTextChange(field, value)
  }
  return (
    <form
      className="dialog-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!submitting) onSubmit()
      }}
    >
      <h3 className="dialog-step">Contact information</h3>
      <InputField
        label="Name"
        name="name"
        value={values.name}
        autoComplete="name"
        maxLength={QUOTE_MAX_LENGTH.name}
        autoFocus
        onChange={text('name')}
      />
      <InputField
        label="Contact email"
        name="email"
        type="email"
        value={values.email}
        autoComplete="email"
        maxLength={QUOTE_MAX_LENGTH.email}
        onChange={text('email')}
      />
      <InputField
        label="Contact phone"
        name="phone"
        type="tel"
        value={values.phone}
        autoComplete="tel"
        maxLength={QUOTE_MAX_LENGTH.phone}
        onChange={text('phone')}
      />
      <SelectField
        label="Country"
        name="country"
        value={values.country}
        groups={countryGroups}
        placeholder="Select a country"
        autoComplete="country"
        onChange={text('country')}
      />
      {view.failed ? (
        <div className="form-alert" role="alert">
          {view.onHold ? ACCOUNT_ON_HOLD_TEXT : QUOTE_FAILURE}
        </div>
      ) : null}
      <div className="dialog-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={submitting}
          onClick={onBack}
        >
          Back
        </button>
        <button
          type="submit"
          className="button button-primary"
          disabled={submitting}
          aria-busy={submitting || undefined}
        >
          Request a quote
        </button>
      </div>
    </form>
  )
}

function SubmittedView({ view, onClose, onGoToVerification }: QuoteDialogProps) {
  return (
    <div className="dialog-form">
      <h3 className="dialog-step">Form has been submitted</h3>
      <p>
        An e-mail with your personalised calculations will be sent to{' '}
        {view.sentTo ? <strong>{view.sentTo}</strong> : 'the address you entered'}. If you don’t see
        it, please check your spam folder.
      </p>
      <p>Start your verification right away: it is mandatory to proceed with the transaction.</p>
      {view.requestId ? (
        <p>
          <Link
            to="/app/requests/$requestId"
            params={{ requestId: view.requestId }}
            className="text-link"
          >
            {VIEW_YOUR_REQUEST}
          </Link>
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          className="button button-primary"
          autoFocus
          onClick={onGoToVerification}
        >
          Go to Verification
        </button>
      </div>
    </div>
  )
}
