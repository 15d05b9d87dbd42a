/**
 * A small machine and what its path tests could have recorded, with one failing path and parts no
 * path walked: the input of the report tests (unit and Chromium), so neither needs a test:paths run.
 */
import { fromPromise, setup } from 'xstate'
import type { PathCoverageRecord, PathRun } from './model-paths'

export const checkoutMachine = setup({
  types: {} as { events: { type: 'form.submit' } | { type: 'form.edit' } | { type: 'help.open' } },
  actors: { pay: fromPromise<string>(() => Promise.reject(new Error('pay not provided'))) },
  guards: { canRetry: () => true },
}).createMachine({
  id: 'checkout',
  initial: 'editing',
  states: {
    editing: {
      description: 'The card form.',
      on: { 'form.submit': 'paying', 'help.open': {} },
    },
    paying: {
      invoke: { id: 'pay', src: 'pay', onDone: 'paid', onError: 'failed' },
    },
    failed: {
      initial: 'showing',
      states: { showing: {}, retrying: {} },
      on: { 'form.edit': { guard: 'canRetry', target: 'editing' } },
    },
    paid: { type: 'final' },
  },
})

const run = (name: string, states: string[], transitions: string[]): PathRun => ({
  name,
  passed: true,
  states,
  transitions,
})

export const failingPath = 'from editing: form.submit → pay failed → form.edit'
export const failingError = "expected the 'Card number' field to be empty"

/** Three paths on the machine (the third fails at step 3), none through the UI. */
export const checkoutRecords: PathCoverageRecord[] = [
  {
    machine: 'checkout',
    level: 'machine',
    paths: ['a', 'b', 'c'],
    states: { total: [], covered: [] },
    transitions: { total: {}, covered: [] },
    unasserted: [],
    runs: [
      run(
        'from editing: form.submit → pay done',
        ['editing', 'paying', 'paid'],
        ['editing|form.submit|0', 'paying|xstate.done.actor.pay|0'],
      ),
      run(
        'from editing: form.submit → pay failed',
        ['editing', 'paying', 'failed', 'failed.showing'],
        ['editing|form.submit|0', 'paying|xstate.error.actor.pay|0'],
      ),
      {
        ...run(
          failingPath,
          ['editing', 'paying', 'failed', 'failed.showing'],
          ['editing|form.submit|0', 'paying|xstate.error.actor.pay|0', 'failed|form.edit|0'],
        ),
        passed: false,
        failedStep: { index: 3, event: 'form.edit', error: failingError },
      },
    ],
  },
]
