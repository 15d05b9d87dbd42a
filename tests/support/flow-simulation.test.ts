import { describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { machineCatalog } from '../../src/flows/catalog'
import { flowFixtures, type FlowFixtures } from '../../src/flows/flow-fixtures'
import { profileContact } from '../../src/flows/fixtures/quote-wizard'
import { transitionKey, transitionsOf, stateKeysOf } from '../../src/flows/path-model'
import { pathsInWords } from '../../src/flows/paths-in-words'
import {
  activeStateKeys,
  childMachinesOf,
  choicesAt,
  choicesOf,
  choose,
  currentSnapshot,
  restart,
  startPlay,
  stepBack,
  type Play,
} from '../../src/flows/simulation'
import { converterMachine } from '../../src/machines/converter/converter.machine'
import { loginMachine } from '../../src/machines/login/login.machine'
import { quoteWizardMachine } from '../../src/machines/quote-wizard/quote-wizard.machine'
import { resetCountdownMachine } from '../../src/machines/reset-countdown/reset-countdown.machine'

const labels = (play: Play) => choicesOf(play).map((c) => c.label)
const now = (play: Play) => activeStateKeys(currentSnapshot(play))
const contextOf = (play: Play) => currentSnapshot(play).context as Record<string, unknown>

/** Takes the choice whose label starts with `prefix` (exactly one must). */
function pick(play: Play, prefix: string): Play {
  const matching = choicesOf(play).filter((c) => c.label.startsWith(prefix))
  expect(
    matching.map((c) => c.label),
    `choices starting with ${prefix}`,
  ).toHaveLength(1)
  return choose(play, matching[0] as (typeof matching)[number])
}

describe('playing a flow without running it (decision 099)', () => {
  it('clicks the quote wizard through a failed and a sent request, and steps back', () => {
    let play = startPlay(quoteWizardMachine, flowFixtures.quoteWizard)
    expect(now(play)).toEqual(['closed'])
    // Closed: only opening is accepted, with the contact the profile gives.
    expect(labels(play)).toEqual([
      `quote.open (contact: {name: "Anna Kowalska", email: "anna@example.com", phone: "", …)`,
    ])

    play = pick(play, 'quote.open')
    expect(now(play)).toEqual(['calculation'])
    expect(contextOf(play).values).toMatchObject({ name: profileContact.name })
    expect(labels(play)).toContain('amount.change (value: "2500")')
    // No request is running yet: no outcome is offered.
    expect(choicesOf(play).filter((c) => c.kind === 'outcome')).toEqual([])

    play = pick(play, 'quote.next')
    expect(now(play)).toEqual(['contact', 'contact.editing'])
    play = pick(play, 'quote.submit')
    expect(now(play)).toEqual(['submitting'])
    // The request never settles by itself: its outcomes are the choices, and nothing else.
    expect(choicesOf(play).map((c) => [c.kind, c.label])).toEqual([
      ['outcome', 'submitQuote: done (id: "q-1", status: "new")'],
      ['outcome', 'submitQuote: error (VALIDATION_ERROR)'],
    ])

    play = pick(play, 'submitQuote: error')
    expect(now(play)).toEqual(['contact', 'contact.failed'])
    play = pick(play, 'quote.submit')
    play = pick(play, 'submitQuote: done')
    expect(now(play)).toEqual(['submitted'])
    expect(contextOf(play).sentTo).toBe(profileContact.email)
    expect(play.steps.map((s) => s.label)).toEqual([
      'start',
      expect.stringMatching(/^quote\.open \(/),
      'quote.next',
      'quote.submit',
      'submitQuote: error (VALIDATION_ERROR)',
      'quote.submit',
      'submitQuote: done (id: "q-1", status: "new")',
    ])

    // The route's navigation is an effect the step names; it does not run.
    const go = choicesOf(play).find((c) => c.label === 'verification.go')
    expect(go?.effects).toEqual(['goToVerification'])

    play = stepBack(play)
    expect(now(play)).toEqual(['submitting'])
    expect(play.steps).toHaveLength(6)
    play = restart(play)
    expect(play.steps.map((s) => s.label)).toEqual(['start'])
    expect(now(stepBack(play))).toEqual(['closed'])
  })

  it('offers a pending delay as a button with its time, and only while its state is active', () => {
    let play = startPlay(resetCountdownMachine, flowFixtures.resetCountdown)
    expect(now(play)).toEqual(['requesting'])
    // The form runs as a child machine: its outcome is a choice, and it can be played alone.
    expect(labels(play)).toEqual(['requestLink: done'])
    expect(childMachinesOf(currentSnapshot(play))).toEqual([
      { actorId: 'requestLink', machineId: 'forgotPasswordForm' },
    ])

    play = pick(play, 'requestLink: done')
    expect(now(play)).toEqual(['counting'])
    expect(choicesOf(play).map((c) => [c.kind, c.label])).toEqual([['delay', 'after 1 s (tick)']])
    play = pick(play, 'after 1 s (tick)')
    play = pick(play, 'after 1 s (tick)')
    expect(contextOf(play).remaining).toBe(178)
    expect(childMachinesOf(currentSnapshot(play))).toEqual([])

    let converter = startPlay(converterMachine, flowFixtures.converter)
    expect(labels(converter)).not.toContain('after 750 ms (debounce)')
    converter = pick(converter, 'amount.change (side: "from", text: "8000")')
    expect(labels(converter)).toContain('after 750 ms (debounce)')
  })

  it("tells a child machine's outcomes apart by what they carry", () => {
    let play = startPlay(loginMachine, flowFixtures.login)
    expect(labels(play)).toEqual([
      'passwordStep: done (result.accessToken: "access-pw", result.refreshToken: "refresh-pw")',
      expect.stringMatching(/^passwordStep: done \(result\.challengeToken: /),
    ])
    play = pick(play, 'passwordStep: done (result.challengeToken')
    expect(now(play)).toContain('secondFactor')
  })

  it('offers a bare event only where no sample is needed, and never one the chart refuses', () => {
    const play = startPlay(quoteWizardMachine)
    // Without fixtures every named event is tried bare; quote.open would need its contact.
    expect(() => choicesOf(play)).not.toThrow()
    for (const choice of choicesOf(play)) expect(choice.next.status).toBe('active')
  })
})

/** What makes two snapshots the same for the walk below: the state and the whole context. */
const keyOf = (s: AnyMachineSnapshot) =>
  JSON.stringify([s.value, s.context], (_key, value: unknown) =>
    value instanceof Error ? `${value.name}: ${value.message}` : value,
  )

/**
 * Walks the choices breadth-first until every state and every transition an event can take has
 * been reached (eventless and final-state transitions follow by themselves).
 */
function walkChoices(machine: AnyStateMachine, fixtures: FlowFixtures | undefined) {
  const states = new Set(stateKeysOf(machine))
  const transitions = new Set(
    [...transitionsOf(machine).keys()].filter(
      (key) => !key.includes('|always|') && !key.includes('|xstate.done.state.'),
    ),
  )
  const start = startPlay(machine, fixtures).steps[0].snapshot
  const seen = new Set([keyOf(start)])
  const queue = [start]
  const failed: string[] = []
  const labelClashes: string[] = []
  while (queue.length > 0 && (states.size > 0 || transitions.size > 0) && seen.size < 5000) {
    const snapshot = queue.shift() as AnyMachineSnapshot
    for (const key of activeStateKeys(snapshot)) states.delete(key)
    const choices = choicesAt(machine, fixtures, snapshot)
    const labels = choices.map((c) => c.label)
    if (new Set(labels).size !== labels.length) labelClashes.push(labels.join(' | '))
    for (const choice of choices) {
      for (const t of machine.getTransitionData(snapshot, choice.event))
        transitions.delete(transitionKey(t))
      if (choice.next.status === 'error') failed.push(choice.label)
      const key = keyOf(choice.next)
      if (!seen.has(key)) {
        seen.add(key)
        queue.push(choice.next)
      }
    }
  }
  const labelsOf = transitionsOf(machine)
  return {
    unreached: [...states],
    untaken: [...transitions].map((key) => labelsOf.get(key)),
    failed,
    labelClashes,
  }
}

describe('every machine of the catalog is playable', () => {
  it('has fixtures only under the ids of catalog machines', () => {
    const ids = machineCatalog.map((m) => m.id)
    expect(Object.keys(flowFixtures).filter((id) => !ids.includes(id))).toEqual([])
  })

  for (const { id, machine } of machineCatalog) {
    it(`${id}: the choices reach every state and take every transition, none fails`, () => {
      expect(walkChoices(machine, flowFixtures[id])).toEqual({
        unreached: [],
        untaken: [],
        failed: [],
        labelClashes: [],
      })
    })

    it(`${id}: its paths read as sentences`, () => {
      expect(pathsInWords(machine, flowFixtures[id]).length).toBeGreaterThan(0)
    })
  }
})
