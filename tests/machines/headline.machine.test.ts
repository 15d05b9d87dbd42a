import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, type Actor } from 'xstate'
import {
  HEADLINE_WORDS,
  headlineMachine,
  headlineWord,
  type HeadlineSnapshot,
} from '../../src/machines/headline/headline.machine'
import {
  createPathModel,
  plainEventsOf,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'

interface Ctx {
  actor: Actor<typeof headlineMachine>
  /** When the current word came (fake clock): the next one comes 7000 ms later. */
  wordSince: number
}

const serialize = (s: HeadlineSnapshot) =>
  JSON.stringify([s.value, s.context.index, s.context.shown])

describe('headline machine (docs/product/flows.md#rotating-headline, docs/product/limits.md#rotating-headline: 7000 ms, letters 80 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  for (const animate of [true, false]) {
    describe(animate ? 'with motion' : 'with reduced motion', () => {
      const pm = createPathModel(headlineMachine, {
        events: plainEventsOf(headlineMachine),
        serializeState: serialize,
        input: { animate },
      })
      const runner: PathRunner<typeof headlineMachine, Ctx> = {
        setup(inspect) {
          const actor = createActor(headlineMachine, { input: { animate }, inspect }).start()
          return { actor, wordSince: Date.now() }
        },
        async event(ctx, event) {
          if (event.type.startsWith('xstate.after.rotate')) {
            await vi.advanceTimersByTimeAsync(ctx.wordSince + 7000 - Date.now())
            ctx.wordSince = Date.now()
          } else if (event.type.startsWith('xstate.after.letter')) {
            await vi.advanceTimersByTimeAsync(80)
          }
        },
        snapshot: (ctx) => ctx.actor.getSnapshot(),
        states: {
          cycling: (_ctx, s) => {
            const { word, shown } = headlineWord(s.context)
            expect(HEADLINE_WORDS).toContain(word)
            expect(shown).toBeGreaterThanOrEqual(0)
            expect(shown).toBeLessThanOrEqual(word.length)
          },
          'cycling.typing': (ctx, s) => {
            expect(animate).toBe(true)
            // One more letter every 80 ms since the word came.
            expect(s.context.shown).toBe(Math.floor((Date.now() - ctx.wordSince) / 80))
            expect(s.context.shown).toBeLessThan(headlineWord(s.context).word.length)
          },
          'cycling.complete': (_ctx, s) => {
            expect(s.context.shown).toBe(headlineWord(s.context).word.length)
          },
        },
        teardown: (ctx) => {
          ctx.actor.stop()
        },
      }

      it('has an assertion for every state', () => {
        expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
      })

      it('takes every reachable state and transition on generated paths', async () => {
        const report = await runAllPaths(
          pm,
          runner,
          animate ? 'machine' : 'machine, reduced motion',
        )
        // With reduced motion `typing` is only passed through: the word is whole at once.
        expect(report.states.missing).toEqual([])
        expect(report.transitions.missing).toEqual(
          animate ? [] : ['cycling.typing —xstate.after.letter.headline.cycling.typing→'],
        )
      })
    })
  }

  it("alternates 'for individuals.' and 'for business.' every 7 s, letters 80 ms apart", async () => {
    const actor = createActor(headlineMachine, { input: { animate: true } }).start()
    const now = () => headlineWord(actor.getSnapshot().context)
    expect(now()).toEqual({ word: 'for individuals.', shown: 16 })
    await vi.advanceTimersByTimeAsync(6999)
    expect(now().word).toBe('for individuals.')
    await vi.advanceTimersByTimeAsync(1)
    expect(now()).toEqual({ word: 'for business.', shown: 0 })
    await vi.advanceTimersByTimeAsync(80)
    expect(now()).toEqual({ word: 'for business.', shown: 1 })
    await vi.advanceTimersByTimeAsync(79)
    expect(now().shown).toBe(1)
    await vi.advanceTimersByTimeAsync(12 * 80)
    expect(now()).toEqual({ word: 'for business.', shown: 13 })
    expect(actor.getSnapshot().matches({ cycling: 'complete' })).toBe(true)
    // 80 + 79 + 960 ms have passed since 'for business.' came.
    await vi.advanceTimersByTimeAsync(7000 - 1119 - 1)
    expect(now().word).toBe('for business.')
    await vi.advanceTimersByTimeAsync(1)
    expect(now()).toEqual({ word: 'for individuals.', shown: 0 })
    actor.stop()
  })

  it('shows each word whole at once with reduced motion', async () => {
    const actor = createActor(headlineMachine, { input: { animate: false } }).start()
    await vi.advanceTimersByTimeAsync(7000)
    expect(headlineWord(actor.getSnapshot().context)).toEqual({ word: 'for business.', shown: 13 })
    await vi.advanceTimersByTimeAsync(7000)
    expect(headlineWord(actor.getSnapshot().context)).toEqual({
      word: 'for individuals.',
      shown: 16,
    })
    actor.stop()
  })
})
