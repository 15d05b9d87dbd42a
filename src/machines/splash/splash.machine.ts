/**
 * The first-load splash (docs/product/screens.md#landing-splash,
 * docs/product/limits.md#landing-splash): on opening the site, 'Loading...' shows for a moment
 * before the landing page, once per visit. When the application first loads, the root path shows
 * 'Loading...' for the `splash` delay and then the landing page; the actor lives as long as the
 * application, so it shows only once.
 */
import { setup } from 'xstate'

/** How long the splash shows on first load. */
export const SPLASH_MS = 750

export const splashMachine = setup({
  delays: {
    splash: SPLASH_MS,
  },
}).createMachine({
  id: 'splash',
  description: 'The first-load splash at the root path',
  initial: 'showing',
  states: {
    showing: {
      description: "'Loading...' covers the landing page.",
      after: { splash: 'done' },
    },
    done: {
      type: 'final',
      description: 'The landing page shows.',
    },
  },
})
