/**
 * The converter's path model, shared by the machine and the UI path tests: what makes two
 * snapshots different for the graph (the state, the edited side, the rate, the currencies and
 * whether the large-amount notice shows) and how the samples of src/flows/fixtures/converter.ts
 * read in a path name.
 */
import { showsLargeAmountNotice } from '../../domain/exchange-rules'
import { DEBOUNCE_EVENT } from '../../src/flows/fixtures/converter'
import type { ConverterSnapshot } from '../../src/machines/converter/converter.machine'
import type { AnyEventObject } from '../support/model-paths'

export function noticeShows(s: ConverterSnapshot): boolean {
  return showsLargeAmountNotice(s.context.from, s.context.to)
}

export function serializeConverter(s: ConverterSnapshot): string {
  const { from, to, lastEdited, rate } = s.context
  return JSON.stringify([s.value, lastEdited, rate, noticeShows(s), from.currency, to.currency])
}

/** An event's name in a path: the type and what it carries that matters. */
export function describeConverterEvent(event: AnyEventObject): string {
  if (event.type === 'amount.change' || event.type === 'currency.change') {
    const e = event as unknown as { side: string; text?: string; currency?: string }
    return `${event.type}(${e.side}=${e.text ?? e.currency ?? ''})`
  }
  if (event.type === 'xstate.done.actor.fetchRate') {
    const output = (event as { output?: { data?: { close?: unknown }[] } }).output
    const close = output?.data?.[0]?.close
    return `fetchRate.done(${typeof close === 'string' ? close : 'no data'})`
  }
  if (event.type === 'xstate.error.actor.fetchRate') return 'fetchRate.error'
  if (event.type === 'xstate.done.actor.fetchMarketFacts') return 'fetchMarketFacts.done'
  if (event.type === 'xstate.error.actor.fetchMarketFacts') return 'fetchMarketFacts.error'
  if (event.type === DEBOUNCE_EVENT) return 'after debounce'
  return event.type
}
