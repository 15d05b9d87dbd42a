import { describe, expect, it, vi } from 'vitest'
import { assign, createActor, fromPromise, setup } from 'xstate'
import {
  createPathModel,
  plainEventsOf,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from './model-paths'

/** A small machine with what app machines have: an invoked actor, a named delay, a guard, nesting. */
const sample = setup({
  types: {} as {
    context: { attempts: number }
    events: { type: 'form.submit' } | { type: 'form.edit' }
  },
  actors: { send: fromPromise<string>(() => Promise.reject(new Error('send not provided'))) },
  delays: { pause: 1000 },
  guards: { canRetry: ({ context }) => context.attempts < 2 },
}).createMachine({
  id: 'sample',
  context: { attempts: 0 },
  initial: 'editing',
  states: {
    editing: { on: { 'form.submit': 'submitting' } },
    submitting: {
      invoke: {
        id: 'send',
        src: 'send',
        onDone: 'done',
        onError: {
          target: 'failed',
          actions: assign({ attempts: ({ context }) => context.attempts + 1 }),
        },
      },
    },
    failed: {
      initial: 'waiting',
      states: { waiting: { after: { pause: 'ready' } }, ready: {} },
      on: { 'form.edit': { guard: 'canRetry', target: 'editing' } },
    },
    done: { type: 'final' },
  },
})

type Ctx = {
  actor: ReturnType<typeof createActor<typeof sample>>
  outcomes: { resolve(v: string): void; reject(e: Error): void }[]
}

describe('model-paths helper', () => {
  const pm = createPathModel(sample, {
    events: [
      ...plainEventsOf(sample),
      { type: 'xstate.done.actor.send', output: 'ok' },
      { type: 'xstate.error.actor.send', error: new Error('x') },
    ],
    serializeState: (s) => JSON.stringify([s.value, s.context.attempts]),
  })

  it('generates paths that reach every state and transition of the machine', () => {
    expect(pm.stateKeys).toEqual([
      'editing',
      'submitting',
      'failed',
      'failed.waiting',
      'failed.ready',
      'done',
    ])
    expect(pm.transitions.size).toBe(5)
    expect(pm.paths.length).toBeGreaterThan(0)
    expect(pm.paths.every((p) => p.name.startsWith('from '))).toBe(true)
  })

  it('runs the paths on the real actor with fake timers and reports full coverage', async () => {
    vi.useFakeTimers()
    const seen: string[] = []
    const runner: PathRunner<typeof sample, Ctx> = {
      setup(inspect) {
        const outcomes: Ctx['outcomes'] = []
        const actor = createActor(
          sample.provide({
            actors: {
              send: fromPromise<string>(
                () => new Promise<string>((resolve, reject) => outcomes.push({ resolve, reject })),
              ),
            },
          }),
          { inspect },
        ).start()
        return { actor, outcomes }
      },
      async event(ctx, event) {
        if (event.type === 'xstate.done.actor.send') ctx.outcomes.at(-1)?.resolve('ok')
        else if (event.type === 'xstate.error.actor.send')
          ctx.outcomes.at(-1)?.reject(new Error('no'))
        else if (event.type.startsWith('xstate.after.')) vi.advanceTimersByTime(1000)
        else if (event.type === 'form.submit' || event.type === 'form.edit')
          ctx.actor.send({ type: event.type })
        await vi.advanceTimersByTimeAsync(0)
      },
      snapshot: (ctx) => ctx.actor.getSnapshot(),
      states: {
        editing: () => void seen.push('editing'),
        submitting: () => void seen.push('submitting'),
        failed: () => void seen.push('failed'),
        'failed.waiting': () => void seen.push('failed.waiting'),
        'failed.ready': () => void seen.push('failed.ready'),
        done: (ctx) => {
          expect(ctx.actor.getSnapshot().status).toBe('done')
        },
      },
      teardown: (ctx) => {
        ctx.actor.stop()
      },
    }
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
    const report = await runAllPaths(pm, runner, 'machine')
    vi.useRealTimers()
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
    expect(new Set(seen)).toEqual(
      new Set(['editing', 'submitting', 'failed', 'failed.waiting', 'failed.ready']),
    )
  })

  it('names the states that have no assertion', () => {
    expect(statesWithoutAssertion(pm, { editing: 1, done: 1 })).toEqual([
      'submitting',
      'failed',
      'failed.waiting',
      'failed.ready',
    ])
  })
})
