/**
 * Promise actors whose outcomes a path step decides, for the machine-level path tests: one queue
 * per actor id, every input recorded, and `settle` for the xstate.done/error.actor.<id> events
 * the path models name.
 */
import { fromPromise, type AnyEventObject } from 'xstate'
import { DeferredQueue } from './deferred'

export function deferredActors<Id extends string>(ids: readonly Id[]) {
  const queues = {} as Record<Id, DeferredQueue<unknown>>
  const inputs = {} as Record<Id, unknown[]>
  const actors = {} as Record<Id, ReturnType<typeof fromPromise<unknown, unknown>>>
  for (const id of ids) {
    const queue = new DeferredQueue<unknown>()
    const seen: unknown[] = []
    queues[id] = queue
    inputs[id] = seen
    actors[id] = fromPromise<unknown, unknown>(({ input }) => {
      seen.push(input)
      return queue.next()
    })
  }
  /** Settles the newest run of the actor the event names; false for any other event. */
  function settle(event: AnyEventObject): boolean {
    const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type)
    if (!match) return false
    const queue = queues[match[2] as Id] as DeferredQueue<unknown> | undefined
    if (!queue) throw new Error(`no fake for the actor of ${event.type}`)
    const { output, error } = event as { output?: unknown; error?: unknown }
    if (match[1] === 'done') queue.latest.resolve(output)
    else queue.latest.reject(error)
    return true
  }
  return { actors, queues, inputs, settle }
}

/** Lets settled promises reach the actor and its transitions run. */
export const settled = () => new Promise((resolve) => setTimeout(resolve, 0))
