/**
 * The landing page's chunk (decision 021): requested when / first mounts, or before a prerendered
 * / is rendered or hydrated (decision 101), so that render already has it.
 */
export type LandingModule = typeof import('./landing')

let loaded: LandingModule | undefined
let request: Promise<LandingModule> | undefined

/** The chunk once it has arrived: later visits of / render it at once. */
export const loadedLanding = (): LandingModule | undefined => loaded

export const loadLanding = (): Promise<LandingModule> =>
  (request ??= import('./landing').then(
    (chunk) => (loaded = chunk),
    (error: unknown) => {
      request = undefined // the next mount asks again
      throw error
    },
  ))
