import { useLingui } from '@lingui/react/macro'
import { LandingLink } from './landing-link'
import { useId } from 'react'
import {
  CRYPTO_CURRENCIES,
  FIAT_CURRENCIES,
  isCurrency,
  type Currency,
} from '../../../domain/currencies'
import { AMOUNT_PATTERN, type SideName } from '../../../domain/exchange-rules'
import { CONVERTER_WIDGET } from './sections-content'

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
  const { t } = useLingui()
  return (
    <div className="converter">
      <ConverterRow side="from" label={t(CONVERTER_WIDGET.youSend)} {...props} />
      <ConverterRow side="to" label={t(CONVERTER_WIDGET.youGet)} {...props} />
      <p className="converter-rate" aria-live="polite">
        {props.rateText}
      </p>
      {props.showNotice ? (
        <p className="converter-notice">
          {t(CONVERTER_WIDGET.largeAmountNotice)}{' '}
          <LandingLink to="/app" className="text-link">
            {t(CONVERTER_WIDGET.largeAmountLink)}
          </LandingLink>
        </p>
      ) : null}
      <p className="converter-disclaimer">{t(CONVERTER_WIDGET.disclaimer)}</p>
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
  const { t } = useLingui()
  const id = useId()
  const value = props[side]
  // The selectors' two groups, in order (docs/product/screens.md#express-converter-widget).
  const groups = [
    { label: t(CONVERTER_WIDGET.fiatCurrencies), currencies: FIAT_CURRENCIES },
    { label: t(CONVERTER_WIDGET.cryptoCurrencies), currencies: CRYPTO_CURRENCIES },
  ]
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
          aria-label={t`${label}: currency`}
          value={value.currency}
          onChange={(event) => {
            const chosen = event.target.value
            if (isCurrency(chosen)) onCurrencyChange(side, chosen)
          }}
        >
          {groups.map((group) => (
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
