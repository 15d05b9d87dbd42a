import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import {
  CRYPTO_CURRENCIES,
  FIAT_CURRENCIES,
  type CryptoCurrency,
  type FiatCurrency,
} from '../../../domain/currencies'
import { MAX_QUOTE_AMOUNT, QUOTE_MAX_LENGTH, type QuoteAmountProblem } from '../../../domain/quote'
import type { QuoteTextField, QuoteView } from '../../machines/quote-wizard/quote-wizard.machine'
import { InputField, SelectField, TextAreaField, type OptionGroup } from './account-fields'
import { countriesIn } from './countries'
import { english } from './english'
import { usePageLocale } from './use-locale'
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

/**
 * Shown on the contact step after a failed submit
 * (docs/product/errors.md#quote-submission-failure).
 */
const QUOTE_FAILURE_MESSAGE = msg`Your request could not be sent. Please try again.`
export const QUOTE_FAILURE = english(QUOTE_FAILURE_MESSAGE)
/** The account is on hold (ACCOUNT_ON_HOLD); never why (docs/product/errors.md#account-on-hold). */
export const ACCOUNT_ON_HOLD_MESSAGE = msg`We cannot take this request right now. Please contact support.`
export const ACCOUNT_ON_HOLD_TEXT = english(ACCOUNT_ON_HOLD_MESSAGE)

/** The submitted view's link to the request's page (issue 28), beside the spec's texts. */
const VIEW_YOUR_REQUEST_MESSAGE = msg`View your request`
export const VIEW_YOUR_REQUEST = english(VIEW_YOUR_REQUEST_MESSAGE)

/**
 * The chart's amount rules (its `amountError` codes) in the page's language: shown under the
 * amount when Next is pressed without one (the server takes 1 and up) or with more than the
 * contract takes.
 */
const maxAmount = MAX_QUOTE_AMOUNT
const AMOUNT_PROBLEMS: Record<QuoteAmountProblem, MessageDescriptor> = {
  missing: msg`Enter an amount of at least 1`,
  'too-large': msg`Enter an amount of at most ${maxAmount}`,
}
export const AMOUNT_REQUIRED = english(AMOUNT_PROBLEMS.missing)
export const AMOUNT_TOO_LARGE = english(AMOUNT_PROBLEMS['too-large'])

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
          <Trans>Request personal quote</Trans>
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
  const { t } = useLingui()
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
      <h3 className="dialog-step">{t`Calculation`}</h3>
      <p className="dialog-note">{t`One time offer: First transaction minimum set to €1000 only`}</p>
      <div className="field-row">
        <InputField
          label={t`Amount`}
          name="amount"
          value={view.amountText}
          inputMode="numeric"
          error={view.amountError ? t(AMOUNT_PROBLEMS[view.amountError]) : undefined}
          autoFocus
          onChange={onAmountChange}
          onBlur={onAmountCommit}
        />
        <SelectField
          label={t`Currency`}
          name="fromCurrency"
          value={values.fromCurrency}
          groups={groupOf(t`Fiat Currencies`, FIAT_CURRENCIES)}
          onChange={(value) => {
            onFromChange(value as FiatCurrency)
          }}
        />
      </div>
      <SelectField
        label={t`Converted to`}
        name="toCurrency"
        value={values.toCurrency}
        groups={groupOf(t`Crypto Currencies`, CRYPTO_CURRENCIES)}
        onChange={(value) => {
          onToChange(value as CryptoCurrency)
        }}
      />
      {view.promoOpen ? (
        <InputField
          label={t`Promo code`}
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
          {t`Redeem promo code`}
        </button>
      )}
      <TextAreaField
        label={t`Message`}
        name="message"
        value={values.message}
        maxLength={QUOTE_MAX_LENGTH.message}
        onChange={(value) => {
          onTextChange('message', value)
        }}
      />
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t`Close`}
        </button>
        <button type="submit" className="button button-primary">
          {t`Next`}
        </button>
      </div>
    </form>
  )
}

function ContactStep({ view, onTextChange, onBack, onSubmit }: QuoteDialogProps) {
  const { t } = useLingui()
  const locale = usePageLocale()
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
      <h3 className="dialog-step">{t`Contact information`}</h3>
      <InputField
        label={t`Name`}
        name="name"
        value={values.name}
        autoComplete="name"
        maxLength={QUOTE_MAX_LENGTH.name}
        autoFocus
        onChange={text('name')}
      />
      <InputField
        label={t`Contact email`}
        name="email"
        type="email"
        value={values.email}
        autoComplete="email"
        maxLength={QUOTE_MAX_LENGTH.email}
        onChange={text('email')}
      />
      <InputField
        label={t`Contact phone`}
        name="phone"
        type="tel"
        value={values.phone}
        autoComplete="tel"
        maxLength={QUOTE_MAX_LENGTH.phone}
        onChange={text('phone')}
      />
      <SelectField
        label={t`Country`}
        name="country"
        value={values.country}
        groups={[
          {
            label: '',
            options: countriesIn(locale).map((c) => ({ value: c.code, label: c.name })),
          },
        ]}
        placeholder={t`Select a country`}
        autoComplete="country"
        onChange={text('country')}
      />
      {view.failed ? (
        <div className="form-alert" role="alert">
          {t(view.onHold ? ACCOUNT_ON_HOLD_MESSAGE : QUOTE_FAILURE_MESSAGE)}
        </div>
      ) : null}
      <div className="dialog-actions">
        <button
          type="button"
          className="button button-secondary"
          disabled={submitting}
          onClick={onBack}
        >
          {t`Back`}
        </button>
        <button
          type="submit"
          className="button button-primary"
          disabled={submitting}
          aria-busy={submitting || undefined}
        >
          {t`Request a quote`}
        </button>
      </div>
    </form>
  )
}

function SubmittedView({ view, onClose, onGoToVerification }: QuoteDialogProps) {
  const { t } = useLingui()
  const sentTo = view.sentTo
  return (
    <div className="dialog-form">
      <h3 className="dialog-step">{t`Form has been submitted`}</h3>
      <p>
        {sentTo ? (
          <Trans>
            An e-mail with your personalised calculations will be sent to <strong>{sentTo}</strong>.
            If you don’t see it, please check your spam folder.
          </Trans>
        ) : (
          <Trans>
            An e-mail with your personalised calculations will be sent to the address you entered.
            If you don’t see it, please check your spam folder.
          </Trans>
        )}
      </p>
      <p>{t`Start your verification right away: it is mandatory to proceed with the transaction.`}</p>
      {view.requestId ? (
        <p>
          <Link
            to="/app/requests/$requestId"
            params={{ requestId: view.requestId }}
            className="text-link"
          >
            {t(VIEW_YOUR_REQUEST_MESSAGE)}
          </Link>
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t`Close`}
        </button>
        <button
          type="button"
          className="button button-primary"
          autoFocus
          onClick={onGoToVerification}
        >
          {t`Go to Verification`}
        </button>
      </div>
    </div>
  )
}
