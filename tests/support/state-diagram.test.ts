import { describe, expect, it } from 'vitest'
import { fromPromise, setup } from 'xstate'
import { delayInWords, stateDiagram, summarize } from '../../src/flows/state-diagram'

const machine = setup({
  types: {} as {
    events: { type: 'form.submit' } | { type: 'status.poll' } | { type: 'form.reset' }
  },
  actors: { fetchStatus: fromPromise(() => Promise.resolve('init')) },
  guards: { isComplete: () => true },
  delays: { poll: 60_000, debounce: 750 },
}).createMachine({
  id: 'sample',
  initial: 'editing',
  states: {
    editing: {
      description: 'The customer types.',
      on: { 'form.submit': { target: 'watching', guard: 'isComplete' } },
    },
    watching: {
      type: 'parallel',
      states: {
        kyc: {
          initial: 'idle',
          states: {
            idle: { after: { poll: 'loading' } },
            loading: {
              invoke: { id: 'fetchStatus', src: 'fetchStatus', onDone: 'idle' },
            },
          },
        },
        kyb: {
          initial: 'waiting',
          states: { waiting: { after: { debounce: 'waiting', 3000: '#sample.done' } } },
        },
      },
      on: { 'form.reset': 'editing' },
    },
    done: { type: 'final' },
  },
})

describe('state diagram generator', () => {
  const text = stateDiagram(machine)

  it('matches the reviewed diagram of a machine with nesting, parallel regions, guards and delays', () => {
    expect(text).toMatchSnapshot()
  })

  it('draws nesting and parallel regions as composite states with separators', () => {
    expect(text).toContain('state watching {')
    expect(text).toContain('state watching__kyc {')
    expect(text.split('\n').filter((l) => l.trim() === '--')).toHaveLength(1)
    expect(text).toContain('[*] --> editing')
    expect(text).toContain('done --> [*]')
  })

  it('labels guards, named delays in words and invoked actors', () => {
    expect(text).toContain('editing --> watching : form.submit [isComplete]')
    expect(text).toContain('watching__kyc__idle --> watching__kyc__loading : after 1 min (poll)')
    expect(text).toContain('after 750 ms (debounce)')
    expect(text).toContain('watching__kyc__loading --> watching__kyc__idle : fetchStatus done')
    expect(text).toContain('watching__kyc__loading : invokes fetchStatus')
    expect(text).toContain('note right of editing')
  })

  it('draws an arrow that leaves a composite state from its outermost ancestor, saying where it starts', () => {
    expect(text).toContain('watching --> done : after 3 s (from watching.kyb.waiting)')
  })

  it('summarises states, events, delays and actors', () => {
    const summary = summarize(machine)
    expect(summary.events).toEqual(['form.reset', 'form.submit'])
    expect(summary.delays).toEqual([
      { name: 'poll', ms: 60_000 },
      { name: 'debounce', ms: 750 },
    ])
    expect(summary.actors).toEqual(['fetchStatus'])
    expect(summary.states).toContain('watching.kyb.waiting')
    expect(delayInWords(180_000)).toBe('3 min')
  })
})
