/**
 * Playing a machine without running it (decision 099): every step is xstate's pure `transition`,
 * so no invoked actor starts, no delay elapses and no side effect runs by itself. In each
 * snapshot the player is offered what could happen next — an event the machine accepts, a
 * pending delay elapsing, or a running actor's outcome — and chooses one.
 */
import {
  initialTransition,
  transition,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
} from 'xstate'
import type { FlowFixtures } from './flow-fixtures'
import { plainEventsOf } from './path-model'
import { choiceLabels } from './choice-labels'
import { stateValueKeys } from './state-diagram'

export type ChoiceKind = 'event' | 'delay' | 'outcome'

export interface PlayChoice {
  kind: ChoiceKind
  /** What the button says: "quote.next", "after 750 ms (debounce)", "submitQuote: error (…)". */
  label: string
  event: AnyEventObject
  /** The snapshot the choice leads to, computed when it was offered. */
  next: AnyMachineSnapshot
  /** The named actions (side effects) the step would run in the app: "goToVerification". */
  effects: string[]
}

export interface PlayStep {
  /** The choice that led here; "start" for the first step. */
  label: string
  snapshot: AnyMachineSnapshot
  effects: string[]
}

/** A play: the machine, its fixtures, and the steps taken so far (never empty). */
export interface Play {
  machine: AnyStateMachine
  fixtures: FlowFixtures | undefined
  steps: readonly [PlayStep, ...PlayStep[]]
}

const DONE = 'xstate.done.actor.'
const ERROR = 'xstate.error.actor.'

/** Named actions only: xstate's own (assign, raise, spawning actors) are how the chart works. */
function effectsOf(actions: readonly { type: string }[]): string[] {
  return actions.map((a) => a.type).filter((type) => !type.startsWith('xstate.'))
}

/**
 * Events the player may choose from here: the fixtures' samples (payloads and actor outcomes)
 * when the machine has fixtures, every event the chart names otherwise; delays always come from
 * the chart, as they carry nothing.
 */
function candidates(
  machine: AnyStateMachine,
  fixtures: FlowFixtures | undefined,
  snapshot: AnyMachineSnapshot,
): AnyEventObject[] {
  const plain = plainEventsOf(machine).filter(
    (e) => e.type !== 'xstate.init' && !e.type.startsWith('xstate.done.state.'),
  )
  if (!fixtures?.events) return plain
  const sampled = fixtures.events(snapshot)
  const types = new Set(sampled.map((e) => e.type))
  return [
    ...sampled,
    ...plain.filter((e) => e.type.startsWith('xstate.after.') && !types.has(e.type)),
  ]
}

function accepts(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  try {
    return snapshot.can(event)
  } catch {
    // A guard that reads a payload the event lacks: the event needs a sample, not offered bare.
    return false
  }
}

/**
 * The step an event leads to, or nothing when the chart cannot take it as it is: an action that
 * reads a payload the bare event lacks throws, and an unhandled failure stops the machine.
 */
function attempt(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: AnyEventObject,
): { next: AnyMachineSnapshot; effects: string[] } | undefined {
  try {
    const [next, actions] = transition(machine, snapshot, event)
    return next.status === 'error' ? undefined : { next, effects: effectsOf(actions) }
  } catch {
    return undefined
  }
}

function kindOf(type: string): ChoiceKind {
  if (type.startsWith('xstate.after.')) return 'delay'
  if (type.startsWith(DONE) || type.startsWith(ERROR)) return 'outcome'
  return 'event'
}

/** Same label and same next state: one button. Same label, another state: numbered. */
function distinct(choices: PlayChoice[]): PlayChoice[] {
  const kept: PlayChoice[] = []
  const seen = new Map<string, number>()
  for (const choice of choices) {
    const twin = kept.find((k) => k.label === choice.label && sameState(k.next, choice.next))
    if (twin) continue
    const n = (seen.get(choice.label) ?? 0) + 1
    seen.set(choice.label, n)
    kept.push(n === 1 ? choice : { ...choice, label: `${choice.label} #${String(n)}` })
  }
  return kept
}

function sameState(a: AnyMachineSnapshot, b: AnyMachineSnapshot): boolean {
  return JSON.stringify([a.value, a.context]) === JSON.stringify([b.value, b.context])
}

/** What the player may choose in `snapshot`, each with the snapshot it leads to. */
export function choicesAt(
  machine: AnyStateMachine,
  fixtures: FlowFixtures | undefined,
  snapshot: AnyMachineSnapshot,
): PlayChoice[] {
  if (snapshot.status !== 'active') return []
  const offered: Omit<PlayChoice, 'label'>[] = []
  for (const event of candidates(machine, fixtures, snapshot)) {
    if (!accepts(snapshot, event)) continue
    const step = attempt(machine, snapshot, event)
    if (step) offered.push({ kind: kindOf(event.type), event, ...step })
  }
  const labels = choiceLabels(
    machine,
    offered.map((c) => c.event),
  )
  return distinct(offered.map((choice, i) => ({ ...choice, label: labels[i] ?? '' })))
}

export function startPlay(machine: AnyStateMachine, fixtures?: FlowFixtures): Play {
  const [snapshot, actions] = initialTransition(machine, fixtures?.input)
  return { machine, fixtures, steps: [{ label: 'start', snapshot, effects: effectsOf(actions) }] }
}

export function currentSnapshot(play: Play): AnyMachineSnapshot {
  return play.steps[play.steps.length - 1]?.snapshot ?? play.steps[0].snapshot
}

export function choicesOf(play: Play): PlayChoice[] {
  return choicesAt(play.machine, play.fixtures, currentSnapshot(play))
}

export function choose(play: Play, choice: PlayChoice): Play {
  const step = { label: choice.label, snapshot: choice.next, effects: choice.effects }
  return { ...play, steps: [...play.steps, step] }
}

/** One step back; the start stays. */
export function stepBack(play: Play): Play {
  const [first, ...rest] = play.steps
  return { ...play, steps: [first, ...rest.slice(0, -1)] }
}

export function restart(play: Play): Play {
  return { ...play, steps: [play.steps[0]] }
}

/** The snapshot's states as dotted keys, outermost first: ["contact", "contact.failed"]. */
export function activeStateKeys(snapshot: AnyMachineSnapshot): string[] {
  return stateValueKeys(snapshot.value).map((path) => path.join('.'))
}

/** The running actors that are machines themselves (played on their own): id → machine id. */
export function childMachinesOf(
  snapshot: AnyMachineSnapshot,
): { actorId: string; machineId: string }[] {
  return Object.entries(snapshot.children as Record<string, { logic?: unknown } | undefined>)
    .map(([actorId, child]) => {
      const logic = child?.logic as { id?: unknown; config?: unknown } | undefined
      return logic && 'config' in logic && typeof logic.id === 'string'
        ? { actorId, machineId: logic.id }
        : undefined
    })
    .filter((c) => c !== undefined)
}
