import { describe, expect, it } from 'vitest'
import { createActor, setup, waitFor } from 'xstate'
import { fromAbortablePromise, unlessAborted } from '../../src/machines/abortable-promise'
import { deferred } from '../support/deferred'

/** Whether a promise has settled after the pending callbacks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  promise.then(
    () => (done = true),
    () => (done = true),
  )
  await new Promise((r) => setTimeout(r, 0))
  return done
}

describe('unlessAborted (decision 060)', () => {
  it('settles as the work does while the signal has not fired', async () => {
    const controller = new AbortController()
    await expect(unlessAborted(controller.signal, Promise.resolve(1))).resolves.toBe(1)
    const failure = new Error('refused')
    await expect(unlessAborted(controller.signal, Promise.reject(failure))).rejects.toBe(failure)
  })

  it('never settles once the signal fired before the work did, whatever the work does', async () => {
    for (const outcome of ['resolve', 'reject'] as const) {
      const controller = new AbortController()
      const work = deferred<number>()
      const guarded = unlessAborted(controller.signal, work.promise)
      controller.abort()
      if (outcome === 'resolve') work.resolve(1)
      else work.reject(new DOMException('This operation was aborted', 'AbortError'))
      expect(await settled(guarded)).toBe(false)
    }
  })
})

describe('fromAbortablePromise', () => {
  const machine = (load: ReturnType<typeof fromAbortablePromise<string>>) =>
    setup({ actors: { load } }).createMachine({
      initial: 'loading',
      states: {
        loading: { invoke: { id: 'load', src: 'load', onDone: 'loaded', onError: 'failed' } },
        loaded: {},
        failed: {},
      },
    })

  it('passes the run its signal and reports its answer or its failure', async () => {
    const signals: AbortSignal[] = []
    const loaded = createActor(
      machine(
        fromAbortablePromise(({ signal }) => {
          signals.push(signal)
          return Promise.resolve('ok')
        }),
      ),
    ).start()
    await waitFor(loaded, (s) => s.matches('loaded'))
    expect(signals).toHaveLength(1)
    const failed = createActor(
      machine(
        fromAbortablePromise(() => {
          throw new Error('thrown before any promise')
        }),
      ),
    ).start()
    await waitFor(failed, (s) => s.matches('failed'))
  })

  it('aborts the signal of a run whose actor stops', () => {
    const signals: AbortSignal[] = []
    const actor = createActor(
      machine(
        fromAbortablePromise(({ signal }) => {
          signals.push(signal)
          return new Promise<string>(() => undefined)
        }),
      ),
    ).start()
    actor.stop()
    expect(signals.map((s) => s.aborted)).toEqual([true])
  })
})
