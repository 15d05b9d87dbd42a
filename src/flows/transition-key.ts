/**
 * A transition's identity that survives `machine.provide()` (which copies the state nodes): its
 * source state, its event and its position among that event's candidates. Its own module, so the
 * app's live inspector computes it without loading xstate/graph.
 */
/* eslint-disable @typescript-eslint/no-unsafe-argument -- XState's Any* transition types are built on `any` */
import type { AnyTransitionDefinition } from 'xstate'

export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source.path.join('.')
  if (t.eventType === '') return `${source}|always|${String(t.source.always?.indexOf(t) ?? 0)}`
  const list = t.source.transitions.get(t.eventType) ?? []
  return `${source}|${t.eventType}|${String(list.indexOf(t))}`
}
