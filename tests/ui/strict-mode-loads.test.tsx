/**
 * The mechanism behind decision 060, on a one-state load: under StrictMode `useActorRef` stops
 * the actor and rehydrates it, so a load's first, cancelled run can settle the live state.
 */
import { render, screen } from '@testing-library/react'
import { useActorRef, useSelector } from '@xstate/react'
import { describe, expect, it } from 'vitest'
import { fromPromise, setup, type PromiseActorLogic } from 'xstate'
import { fromAbortablePromise } from '../../src/machines/abortable-promise'
import { abortable } from './support/fake-api'

const loadMachine = setup({
  actors: {
    load: fromPromise<string>(() => Promise.reject(new Error('load not provided'))),
  },
}).createMachine({
  id: 'load',
  initial: 'loading',
  states: {
    loading: { invoke: { id: 'load', src: 'load', onDone: 'loaded', onError: 'failed' } },
    loaded: {},
    failed: {},
  },
})

/** A request that honours its signal like fetch, answered a moment later. */
function request(signal: AbortSignal, runs: AbortSignal[]): Promise<Response> {
  runs.push(signal)
  const answer = new Promise<Response>((resolve) => {
    setTimeout(() => {
      resolve(new Response('ok'))
    }, 5)
  })
  return abortable(signal, answer)
}

function Screen({ load }: { load: PromiseActorLogic<string> }) {
  const actor = useActorRef(loadMachine.provide({ actors: { load } }))
  const state = useSelector(actor, (s) => s.value)
  return <p>{state}</p>
}

describe('a load under StrictMode (useActorRef stops and rehydrates the actor on the remount)', () => {
  it('runs twice, the first run aborted: with plain fromPromise its AbortError wins', async () => {
    const runs: AbortSignal[] = []
    const load = fromPromise<string>(async ({ signal }) => (await request(signal, runs)).text())
    render(<Screen load={load} />, { reactStrictMode: true })
    expect(await screen.findByText('failed')).toBeTruthy()
    expect(runs.map((signal) => signal.aborted)).toEqual([true, false])
  })

  it('with fromAbortablePromise the cancelled run never settles and the live run decides', async () => {
    const runs: AbortSignal[] = []
    const load = fromAbortablePromise<string>(async ({ signal }) =>
      (await request(signal, runs)).text(),
    )
    render(<Screen load={load} />, { reactStrictMode: true })
    expect(await screen.findByText('loaded')).toBeTruthy()
    expect(runs.map((signal) => signal.aborted)).toEqual([true, false])
  })

  it('without StrictMode there is one run, and both kinds of actor load', async () => {
    for (const make of [fromPromise, fromAbortablePromise]) {
      const runs: AbortSignal[] = []
      const view = render(
        <Screen load={make<string>(async ({ signal }) => (await request(signal, runs)).text())} />,
        { reactStrictMode: false },
      )
      expect(await screen.findByText('loaded')).toBeTruthy()
      expect(runs).toHaveLength(1)
      view.unmount()
    }
  })
})
