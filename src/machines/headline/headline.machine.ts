import { assign, setup, type SnapshotFrom } from 'xstate'

/**
 * The words that follow 'Exchange crypto with full legal compliance', in turn
 * (docs/product/screens.md#hero).
 */
export const HEADLINE_WORDS: readonly string[] = ['for individuals.', 'for business.']

export interface HeadlineContext {
  /** Which of HEADLINE_WORDS shows. */
  index: number
  /** How many of its letters are visible. */
  shown: number
  /** False when the customer prefers reduced motion: a new word shows at once. */
  animate: boolean
}

const lengthOf = (index: number) => HEADLINE_WORDS[index]?.length ?? 0

/** The word a headline snapshot shows, and how many of its letters are visible. */
export function headlineWord(context: HeadlineContext): { word: string; shown: number } {
  return { word: HEADLINE_WORDS[context.index] ?? '', shown: context.shown }
}

/**
 * The rotating word in the landing page's heading (docs/product/screens.md#hero,
 * docs/product/flows.md#rotating-headline, docs/product/limits.md#rotating-headline): every 7
 * seconds a new word types itself in letter by letter, or appears whole for a customer who asked
 * for reduced motion. Every `rotate` (7 s) the next word replaces the current one and its letters
 * appear one per `letter` (80 ms); with reduced motion the word appears whole. The first word is
 * whole from the start, so the heading is complete on first paint.
 */
export const headlineMachine = setup({
  types: {} as {
    context: HeadlineContext
    input: { animate: boolean }
  },
  actions: {
    nextWord: assign(({ context }) => {
      const index = (context.index + 1) % HEADLINE_WORDS.length
      return { index, shown: context.animate ? 0 : lengthOf(index) }
    }),
    revealLetter: assign(({ context }) => ({ shown: context.shown + 1 })),
  },
  guards: {
    wordComplete: ({ context }) => context.shown >= lengthOf(context.index),
  },
  delays: {
    rotate: 7000,
    letter: 80,
  },
}).createMachine({
  id: 'headline',
  description: "The hero heading's rotating word",
  context: ({ input }) => ({ index: 0, shown: lengthOf(0), animate: input.animate }),
  initial: 'cycling',
  states: {
    cycling: {
      description: 'One word shows; the next one comes 7 s after this one came.',
      after: {
        rotate: { target: 'cycling', reenter: true, actions: 'nextWord' },
      },
      initial: 'typing',
      states: {
        typing: {
          description: 'The letters appear one by one, 80 ms apart.',
          always: { guard: 'wordComplete', target: 'complete' },
          after: {
            letter: { target: 'typing', reenter: true, actions: 'revealLetter' },
          },
        },
        complete: {
          description: 'The whole word shows until the next one.',
        },
      },
    },
  },
})

export type HeadlineMachine = typeof headlineMachine
export type HeadlineSnapshot = SnapshotFrom<HeadlineMachine>
