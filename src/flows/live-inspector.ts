/**
 * Live states for the flow viewer: every app actor is created with `inspectFlows`, which keeps the
 * latest state of each running machine and, once a viewer has said hello (in this tab or another
 * tab of the same browser), shares it over a BroadcastChannel. With no viewer open it only keeps a
 * small map, so customers' pages pay almost nothing.
 */
import type { InspectionEvent } from 'xstate'

export interface LiveActor {
  /** The actor's session id: unique per running actor. */
  actorId: string
  machineId: string
  value: unknown
  status: string
  at: number
}

type Message =
  { kind: 'app-hello' } | { kind: 'viewer-hello' } | { kind: 'actor'; actor: LiveActor }

const channelName = 'exchange-flow-viewer'
const latest = new Map<string, LiveActor>()
const listeners = new Set<(actor: LiveActor) => void>()
let channel: BroadcastChannel | undefined
let viewerSeen = false

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
      for (const actor of latest.values())
        channel?.postMessage({ kind: 'actor', actor } satisfies Message)
    } else {
      for (const listener of listeners) listener(message.actor)
    }
  }
  return channel
}

/** The `inspect` option of every actor the app creates. */
export function inspectFlows(event: InspectionEvent): void {
  if (event.type !== '@xstate.snapshot') return
  const snapshot = event.snapshot as { value?: unknown; status?: string; machine?: { id: string } }
  if (!snapshot.machine) return
  const actor: LiveActor = {
    actorId: event.actorRef.sessionId,
    machineId: snapshot.machine.id,
    value: snapshot.value,
    status: snapshot.status ?? 'active',
    at: Date.now(),
  }
  latest.set(actor.actorId, actor)
  // Keep the map small: stopped actors are reported once, then forgotten.
  if (actor.status !== 'active') latest.delete(actor.actorId)
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
  for (const actor of latest.values()) listener(actor)
  openChannel()?.postMessage({ kind: 'viewer-hello' } satisfies Message)
  return () => {
    listeners.delete(listener)
  }
}
