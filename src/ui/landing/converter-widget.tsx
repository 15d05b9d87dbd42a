import { LandingLink } from './landing-link'
import { useId } from 'react'
import { CURRENCY_GROUPS, isCurrency, type Currency } from '../../../domain/currencies'
import {
  AMOUNT_PATTERN,
  CONVERTER_DISCLAIMER,
  LARGE_AMOUNT_LINK,
  LARGE_AMOUNT_NOTICE,
  type SideName,
} from '../../../domain/exchange-rules'

export interface ConverterWidgetProps {
  from: { currency: Currency; text: string }
  to: { currency: Currency; text: string }
  /** '1 {crypto} = {rate} {fiat}' or its inverse (docs/product/limits.md#displayed-rate). */
  rateText: string
  showNotice: boolean
  onAmountChange: (side: SideName, text: string) => void
  onCurrencyChange: (side: SideName, currency: Currency) => void
}

/**
 * The express converter (docs/product/screens.md#express-converter-widget): two amounts with their
 * currency selectors, the rate, the large-amount notice and the disclaimer. The rules live in the
 * converter machine; this only shows its state and reports what the customer does.
 */
export function ConverterWidget(props: ConverterWidgetProps) {
  return (
    <div className="converter">
      <ConverterRow side="from" label="You send" {...props} />
      <ConverterRow side="to" label="You get" {...props} />
      <p className="converter-rate" aria-live="polite">
        {props.rateText}
      </p>
      {props.showNotice ? (
        <p className="converter-notice">
          {LARGE_AMOUNT_NOTICE}{' '}
          <LandingLink to="/app" className="text-link">
            {LARGE_AMOUNT_LINK}
          </LandingLink>
        </p>
      ) : null}
      <p className="converter-disclaimer">{CONVERTER_DISCLAIMER}</p>
    </div>
  )
}

function ConverterRow({
  side,
  label,
  onAmountChange,
  onCurrencyChange,
  ...props
}: ConverterWidgetProps & { side: SideName; label: string }) {
  const id = useId()
  const value = props[side]
  return (
    <div className="converter-row">
      <label className="converter-label" htmlFor={`${id}-amount`}>
        {label}
      </label>
      <div className="converter-field">
        <input
          id={`${id}-amount`}
          className="converter-amount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          pattern={AMOUNT_PATTERN}
          step="0.01"
          value={value.text}
          onChange={(event) => {
            onAmountChange(side, event.target.value)
          }}
        />
        <select
          className="converter-currency"
          aria-label={`${label}: currency`}
          value={value.currency}
          onChange={(event) => {
            const chosen = event.target.value
            if (isCurrency(chosen)) onCurrencyChange(side, chosen)
          }}
        >
          {CURRENCY_GROUPS.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.currencies.map((currency) => (
                <option key={currency} value={currency}>
                  {currency}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
    </div>
  )
}
