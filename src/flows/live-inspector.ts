/**
 * Live states for the flow viewer: every app actor is created with `inspectFlows`, which keeps the
 * latest state of each running machine and, once a viewer has said hello (in this tab or another
 * tab of the same browser), shares it over a BroadcastChannel. With no viewer open it only keeps a
 * small map (each actor's latest snapshot and the transitions it has taken, at most one entry per
 * transition of its machine), so customers' pages pay almost nothing. The browser path tests
 * (tests/browser/) listen as a viewer does, to measure the states and transitions the app took.
 */
import type { AnyTransitionDefinition, InspectionEvent } from 'xstate'
import { transitionKey } from './transition-key'

export interface LiveActor {
  /** The actor's session id: unique per running actor. */
  actorId: string
  machineId: string
  value: unknown
  /** The context as JSON, without actor references, functions or what JSON cannot hold. */
  context: unknown
  status: string
  /** Macrosteps since the actor started: 0 is its initial state. */
  step: number
  /** Every transition the actor has taken since it started (transition-key.ts's keys). */
  transitions: string[]
  at: number
}

type Message =
  { kind: 'app-hello' } | { kind: 'viewer-hello' } | { kind: 'actor'; actor: LiveActor }

/** What is kept of a running actor: no key or JSON is computed until someone listens. */
interface Running {
  actorId: string
  machineId: string
  snapshot: { value?: unknown; context?: unknown; status?: string }
  step: number
  transitions: Set<AnyTransitionDefinition>
  at: number
}

const channelName = 'exchange-flow-viewer'
const running = new Map<string, Running>()
const listeners = new Set<(actor: LiveActor) => void>()
let channel: BroadcastChannel | undefined
let viewerSeen = false

/** JSON of a context, leaving out what a viewer cannot read (actor references, functions). */
function jsonContext(context: unknown): unknown {
  try {
    return JSON.parse(
      JSON.stringify(context, (_key, value: unknown) => {
        if (typeof value === 'function') return undefined
        if (typeof value === 'object' && value !== null && 'sessionId' in value) return undefined
        if (value instanceof Error) return { name: value.name, message: value.message }
        return value
      }),
    ) as unknown
  } catch {
    return undefined
  }
}

function live(r: Running): LiveActor {
  return {
    actorId: r.actorId,
    machineId: r.machineId,
    value: r.snapshot.value,
    context: jsonContext(r.snapshot.context),
    status: r.snapshot.status ?? 'active',
    step: r.step,
    transitions: [...r.transitions].map(transitionKey),
    at: r.at,
  }
}

function openChannel(): BroadcastChannel | undefined {
  if (channel || typeof BroadcastChannel === 'undefined') return channel
  channel = new BroadcastChannel(channelName)
  channel.onmessage = (event: MessageEvent<Message>) => {
    const message = event.data
    // A tab that opens after the viewer asks whether one is there; an open viewer answers.
    if (message.kind === 'app-hello') {
      if (listeners.size > 0) channel?.postMessage({ kind: 'viewer-hello' } satisfies Message)
    } else if (message.kind === 'viewer-hello') {
      viewerSeen = true
      for (const r of running.values())
        channel?.postMessage({ kind: 'actor', actor: live(r) } satisfies Message)
    } else {
      for (const listener of listeners) listener(message.actor)
    }
  }
  return channel
}

/** The `inspect` option of every actor the app creates. */
export function inspectFlows(event: InspectionEvent): void {
  if (event.type !== '@xstate.snapshot' && event.type !== '@xstate.microstep') return
  const snapshot = event.snapshot as Running['snapshot'] & { machine?: { id: string } }
  if (!snapshot.machine) return
  const actorId = event.actorRef.sessionId
  const r = running.get(actorId) ?? {
    actorId,
    machineId: snapshot.machine.id,
    snapshot,
    step: -1,
    transitions: new Set<AnyTransitionDefinition>(),
    at: Date.now(),
  }
  running.set(actorId, r)
  if (event.type === '@xstate.microstep') {
    for (const t of event._transitions) r.transitions.add(t)
    return
  }
  // The first snapshot is the initial state (step 0); each later one ends a macrostep.
  r.step += 1
  r.snapshot = snapshot
  r.at = Date.now()
  // Keep the map small: stopped actors are reported once, then forgotten.
  if ((snapshot.status ?? 'active') !== 'active') running.delete(actorId)
  if (listeners.size === 0 && !viewerSeen) return
  const actor = live(r)
  for (const listener of listeners) listener(actor)
  if (viewerSeen) openChannel()?.postMessage({ kind: 'actor', actor } satisfies Message)
}

/** Starts listening for a viewer in other tabs (called once by the app at start). */
export function listenForFlowViewers(): void {
  openChannel()?.postMessage({ kind: 'app-hello' } satisfies Message)
}

/** The viewer's side: every actor's state now and as it changes, from this tab and the others. */
export function subscribeToLiveActors(listener: (actor: LiveActor) => void): () => void {
  listeners.add(listener)
  for (const r of running.values()) listener(live(r))
  openChannel()?.postMessage({ kind: 'viewer-hello' } satisfies Message)
  return () => {
    listeners.delete(listener)
  }
}
