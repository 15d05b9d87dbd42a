import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, type Actor } from 'xstate'
import { splashMachine } from '../../src/machines/splash/splash.machine'
import {
  createPathModel,
  plainEventsOf,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'

interface Ctx {
  actor: Actor<typeof splashMachine>
  startedAt: number
}

describe('landing splash (docs/product/flows.md#landing-splash, docs/product/limits.md#landing-splash: 750 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const pm = createPathModel(splashMachine, { events: plainEventsOf(splashMachine) })
  const runner: PathRunner<typeof splashMachine, Ctx> = {
    setup: (inspect) => ({
      actor: createActor(splashMachine, { inspect }).start(),
      startedAt: Date.now(),
    }),
    async event(ctx, event) {
      if (event.type.startsWith('xstate.after.splash')) {
        // Not a moment before the named delay…
        await vi.advanceTimersByTimeAsync(749)
        expect(ctx.actor.getSnapshot().value).toBe('showing')
        await vi.advanceTimersByTimeAsync(1)
      }
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      showing: (ctx) => {
        expect(Date.now() - ctx.startedAt).toBeLessThan(750)
      },
      done: (ctx) => {
        expect(Date.now() - ctx.startedAt).toBe(750)
        expect(ctx.actor.getSnapshot().status).toBe('done')
      },
    },
    teardown: (ctx) => {
      ctx.actor.stop()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition on generated paths', async () => {
    const report = await runAllPaths(pm, runner, 'machine')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })
})
