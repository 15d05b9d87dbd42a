import { useLingui } from '@lingui/react/macro'
import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import type { InspectionEvent } from 'xstate'
import type { MarketClient } from '../../api/market-client'
import { createConverterActors } from '../../machines/converter/converter.actors'
import { converterMachine } from '../../machines/converter/converter.machine'
import { showsLargeAmountNotice } from '../../../domain/exchange-rules'
import { formatDisplayedRate } from '../../../domain/format-rate'
import { isLocale, sourceLocale, type Locale } from '../../../domain/locale'
import { ConverterSection } from '../../ui/landing/converter-section'

export interface ConverterPanelProps {
  /** The market-data client, once the configured base is known. */
  market: () => Promise<MarketClient>
  inspect?: ((event: InspectionEvent) => void) | undefined
}

/**
 * Runs the converter machine with the real market API and shows it
 * (docs/product/screens.md#express-converter-widget, docs/product/flows.md#converter), its
 * amounts read and written and its rate shown in the page's language
 * (docs/product/limits.md#numbers-money-and-dates-per-language).
 */
export function ConverterPanel({ market, inspect }: ConverterPanelProps) {
  const { i18n } = useLingui()
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : sourceLocale
  const [machine] = useState(() =>
    converterMachine.provide({ actors: createConverterActors({ market }) }),
  )
  const converter = useActorRef(machine, { inspect, input: { locale } })
  const from = useSelector(converter, (s) => s.context.from)
  const to = useSelector(converter, (s) => s.context.to)
  const rate = useSelector(converter, (s) => s.context.rate)
  const facts = useSelector(converter, (s) => s.context.facts)
  return (
    <ConverterSection
      from={from}
      to={to}
      rateText={formatDisplayedRate(from.currency, to.currency, rate, locale, facts)}
      showNotice={showsLargeAmountNotice(from, to)}
      onAmountChange={(side, text) => {
        converter.send({ type: 'amount.change', side, text })
      }}
      onCurrencyChange={(side, currency) => {
        converter.send({ type: 'currency.change', side, currency })
      }}
    />
  )
}
