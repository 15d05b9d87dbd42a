/**
 * The converter's path model, shared by the machine and the UI path tests: what makes two
 * snapshots different for the graph (the state, the edited side, the rate, the currencies and
 * whether the large-amount notice shows) and how the samples of src/flows/fixtures/converter.ts
 * read in a path name.
 */
import { isFiat } from '../../domain/currencies'
import { showsLargeAmountNotice } from '../../domain/exchange-rules'
import { converterEvents, DEBOUNCE_EVENT } from '../../src/flows/fixtures/converter'
import {
  converterMachine,
  type ConverterSnapshot,
} from '../../src/machines/converter/converter.machine'
import { createPathModel, plainEventsOf, type AnyEventObject } from '../support/model-paths'

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

const e = converterEvents

/**
 * What the graph cannot tell apart from a fresh start, because a pair change leaves the rate at 0
 * as at the start (issue 25 finding 9): a rate in hand, then another pair whose candle is slow, is
 * answered late for a pair no longer chosen, fails, or has no data. Every level runs them.
 */
export const converterScenarios = [
  // The new pair's candle is slow: typing meanwhile computes nothing from the old pair's rate.
  [e.rateFiatPerCrypto, e.chooseToEth, e.typeFrom8000, e.debounce, e.rateFiatPerCrypto],
  // ETH-EUR is still loading when the pair changes again: its answer comes for no chosen pair.
  [e.rateFiatPerCrypto, e.chooseToEth, e.chooseFromBtc, e.rateCryptoPerFiat],
  [e.rateFiatPerCrypto, e.chooseFromBtc, e.rateFailed],
  [e.rateFiatPerCrypto, e.chooseToEth, e.rateNoData],
]

/** The scenarios none of `paths` walks from the start (the tests expect none). */
export function scenariosNotWalked(paths: readonly { steps: { event: AnyEventObject }[] }[]) {
  const words = (events: readonly AnyEventObject[]) =>
    events.map(describeConverterEvent).join(' → ')
  const walked = paths.map((p) => `${words(p.steps.slice(1).map((s) => s.event))} → `)
  return converterScenarios
    .map(words)
    .filter((scenario) => !walked.some((w) => w.startsWith(`${scenario} → `)))
}

/**
 * The path model of the UI and browser levels: fewer events than the machine test, enough for
 * every state and transition. The facts arrive or fail only at the start (the machine test tries
 * them everywhere); states are coarser than the machine test's: the rate's value and the exact
 * currencies are left out.
 */
export function createConverterUiPathModel() {
  const {
    typeFrom10000: _t,
    chooseToEth: _c,
    factsLoaded,
    factsFailed,
    ...uiEvents
  } = converterEvents
  const debounce = plainEventsOf(converterMachine).filter((e) => e.type === DEBOUNCE_EVENT)
  return createPathModel(converterMachine, {
    events: (s) => [
      ...Object.values(uiEvents),
      ...debounce,
      ...(s.matches({ rate: 'loading', amounts: 'idle' }) && s.context.from.currency === 'EUR'
        ? [factsLoaded, factsFailed]
        : []),
    ],
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.lastEdited,
        noticeShows(s),
        isFiat(s.context.from.currency),
      ]),
    serializeEvent: describeConverterEvent,
    scenarios: converterScenarios,
  })
}
