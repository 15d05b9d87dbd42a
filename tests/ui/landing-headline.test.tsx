import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { InspectionEvent } from 'xstate'
import {
  HEADLINE_WORDS,
  headlineMachine,
  type HeadlineSnapshot,
} from '../../src/machines/headline/headline.machine'
import { useHeadline } from '../../src/routes/-landing/use-headline'
import { RotatingWord } from '../../src/ui/landing/rotating-word'
import {
  createPathModel,
  plainEventsOf,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'

/** The hero's word as the landing renders it: the route's hook driving the real view. */
function Headline(props: { reducedMotion: boolean; inspect: (event: InspectionEvent) => void }) {
  const { word, shown } = useHeadline(props.reducedMotion, props.inspect)
  return <RotatingWord word={word} shown={shown} />
}

interface Ctx {
  view: ReturnType<typeof render>
  actor: () => { getSnapshot(): HeadlineSnapshot }
  wordSince: number
}

/** What the visitor sees: the word (read once by assistive technology) and its visible letters. */
function seen(ctx: Ctx) {
  const root = ctx.view.container.querySelector('.rotating-word')
  return {
    word: root?.querySelector('.visually-hidden')?.textContent ?? '',
    visible: root?.querySelectorAll('.letter-in').length ?? -1,
  }
}

describe('rotating headline word through the UI (docs/product/screens.md#hero, docs/product/limits.md#rotating-headline)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  for (const reducedMotion of [false, true]) {
    describe(reducedMotion ? 'with reduced motion' : 'with motion', () => {
      const pm = createPathModel(headlineMachine, {
        events: plainEventsOf(headlineMachine),
        serializeState: (s) => JSON.stringify([s.value, s.context.index, s.context.shown]),
        input: { animate: !reducedMotion },
      })
      const runner: PathRunner<typeof headlineMachine, Ctx> = {
        setup(inspect) {
          let ref: { getSnapshot(): HeadlineSnapshot } | undefined
          const view = render(
            <Headline
              reducedMotion={reducedMotion}
              inspect={(event) => {
                ref ??= event.actorRef as unknown as typeof ref
                inspect(event)
              }}
            />,
          )
          return {
            view,
            wordSince: Date.now(),
            actor: () => {
              if (!ref) throw new Error('the headline actor has not started')
              return ref
            },
          }
        },
        async event(ctx, event) {
          if (event.type.startsWith('xstate.after.rotate')) {
            await act(() => vi.advanceTimersByTimeAsync(ctx.wordSince + 7000 - Date.now()))
            ctx.wordSince = Date.now()
          } else if (event.type.startsWith('xstate.after.letter')) {
            await act(() => vi.advanceTimersByTimeAsync(80))
          }
        },
        snapshot: (ctx) => ctx.actor().getSnapshot(),
        states: {
          cycling: (ctx) => {
            expect(HEADLINE_WORDS).toContain(seen(ctx).word)
          },
          'cycling.typing': (ctx) => {
            expect(reducedMotion).toBe(false)
            // One more letter every 80 ms since the word came, never the whole word yet.
            const { word, visible } = seen(ctx)
            expect(visible).toBe(Math.floor((Date.now() - ctx.wordSince) / 80))
            expect(visible).toBeLessThan(word.length)
          },
          'cycling.complete': (ctx) => {
            const { word, visible } = seen(ctx)
            expect(visible).toBe(word.length)
          },
        },
        teardown: (ctx) => {
          ctx.view.unmount()
        },
      }

      it('has an assertion for every state', () => {
        expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
      })

      it('walks every generated path through the rendered word', async () => {
        const report = await runAllPaths(pm, runner, 'ui')
        expect(report.states.missing).toEqual([])
        // With reduced motion a word appears whole: the letter-by-letter step cannot happen.
        expect(report.transitions.missing).toEqual(
          reducedMotion ? ['cycling.typing —xstate.after.letter.headline.cycling.typing→'] : [],
        )
      })
    })
  }
})
