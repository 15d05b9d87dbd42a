/**
 * The landing page's header (docs/product/flows.md#landing-header-and-hero): a visitor who is not
 * signed in sees 'Log in' and 'Sign up', a signed-in customer 'Dashboard' once their profile has
 * loaded. Technically, 'Dashboard' shows only when the signed-in customer's profile query returned
 * data. Once the customer signs in (here or in another tab) the profile is asked for once (GET
 * /api/users/profile, through the refresh queue like every protected call). Signing out leaves
 * `signedIn`, which stops the request (its abort signal fires), as does the landing unmounting,
 * which stops the actor (decision 097).
 */
import { fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate'

/** What the auth actor says about the customer, as this machine hears it. */
export type HeaderProfileEvent = { type: 'auth.signedIn' } | { type: 'auth.signedOut' }

function notProvided(name: string): never {
  throw new Error(`headerProfile: ${name} was not provided`)
}

export const headerProfileMachine = setup({
  types: {} as {
    events: HeaderProfileEvent
  },
  actors: {
    /**
     * Sends `auth.signedIn` / `auth.signedOut` as the auth actor enters and leaves signedIn, the
     * first one at once (the route provides it from the app's auth actor).
     */
    watchSignedIn: fromCallback<HeaderProfileEvent>(() => notProvided('watchSignedIn')),
    /** GET /api/users/profile; settles when it returned data, rejects when it did not. */
    loadProfile: fromPromise<undefined>(() => notProvided('loadProfile')),
  },
}).createMachine({
  id: 'headerProfile',
  description: "The landing header's logged-in display: is the signed-in customer's profile loaded",
  // Always on: the customer may sign in or out (here or in another tab) while the landing shows.
  invoke: { id: 'watchSignedIn', src: 'watchSignedIn' },
  initial: 'signedOut',
  states: {
    signedOut: {
      description: "Not signed in: 'Log in' and 'Sign up'; no profile is asked for.",
      on: { 'auth.signedIn': 'signedIn' },
    },
    signedIn: {
      description: 'Signed in: the profile is asked for once; signing out stops the request.',
      on: { 'auth.signedOut': 'signedOut' },
      initial: 'loading',
      states: {
        loading: {
          description: "The profile request runs; the header keeps 'Log in' and 'Sign up'.",
          invoke: {
            id: 'loadProfile',
            src: 'loadProfile',
            onDone: 'loaded',
            onError: 'notLoaded',
          },
        },
        loaded: {
          description: "The profile returned data: 'Dashboard' instead of 'Log in' and 'Sign up'.",
        },
        notLoaded: {
          description:
            "The profile returned no data (an error, no answer): 'Log in' and 'Sign up'.",
        },
      },
    },
  },
})

export type HeaderProfileMachine = typeof headerProfileMachine
export type HeaderProfileSnapshot = SnapshotFrom<HeaderProfileMachine>

/** The header's `profileLoaded`: signed in and the profile query returned data. */
export const selectProfileLoaded = (snapshot: HeaderProfileSnapshot): boolean =>
  snapshot.matches({ signedIn: 'loaded' })
