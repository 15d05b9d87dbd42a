import { fromPromise, setup, type SnapshotFrom } from 'xstate'

/** The cookie's name and its two values (docs/product/data.md#cookie-consent). */
export const CONSENT_COOKIE = 'ConsentCookie'
export type ConsentValue = 'true' | 'false'
/** The consent cookie lasts 150 days (docs/product/limits.md#consent-cookie). */
export const CONSENT_COOKIE_DAYS = 150

export type ConsentEvent = { type: 'consent.accept' } | { type: 'consent.reject' }

function notProvided(name: string): never {
  throw new Error(`consent: ${name} was not provided`)
}

/**
 * The cookie banner (docs/product/screens.md#cookie-banner, docs/product/data.md#cookie-consent,
 * docs/product/flows.md#cookie-banner, docs/product/limits.md#consent-cookie): on a first visit the
 * customer is asked about cookies, analytics start only once they accept, and the choice is
 * remembered for 150 days. Consent is denied by default before anything else; the banner asks while
 * no ConsentCookie exists, and only an acceptance (now or stored) starts the tag manager, whose
 * consent-granted update follows `consentDelay` (500 ms) after it initialised.
 */
export const consentMachine = setup({
  types: {} as {
    events: ConsentEvent
  },
  actors: {
    /** The stored ConsentCookie value, or null when there is none. */
    readConsent: fromPromise<string | null>(() => notProvided('readConsent')),
    /** Loads react-gtm-module and initialises the configured container; resolves to its id. */
    initTagManager: fromPromise<string>(() => notProvided('initTagManager')),
  },
  actions: {
    /** Consent mode v2 default: every signal denied, before any tag can load. */
    denyByDefault: () => notProvided('denyByDefault'),
    /** Writes ConsentCookie for 150 days. */
    storeConsent: (_, _params: { value: ConsentValue }) => notProvided('storeConsent'),
    /** Consent mode v2 update: every signal granted. */
    grantConsent: () => notProvided('grantConsent'),
  },
  guards: {
    isAccepted: (_, params: { stored: string | null }) => params.stored === 'true',
    /**
     * The banner shows while no consent cookie exists; any stored value is a decision
     * (docs/product/flows.md#cookie-banner).
     */
    isDecided: (_, params: { stored: string | null }) => params.stored !== null,
  },
  delays: {
    consentDelay: 500,
  },
}).createMachine({
  id: 'consent',
  description: 'The cookie banner, the consent cookie and the tag manager',
  entry: 'denyByDefault',
  initial: 'checking',
  states: {
    checking: {
      description: 'ConsentCookie is read; nothing shows yet.',
      invoke: {
        id: 'readConsent',
        src: 'readConsent',
        onDone: [
          {
            guard: { type: 'isAccepted', params: ({ event }) => ({ stored: event.output }) },
            target: 'accepted',
          },
          {
            guard: { type: 'isDecided', params: ({ event }) => ({ stored: event.output }) },
            target: 'rejected',
          },
          { target: 'asking' },
        ],
        onError: 'asking',
      },
    },
    asking: {
      description: "The banner shows 'Enable All' and 'Reject Optional'.",
      on: {
        'consent.accept': {
          target: 'accepted',
          actions: { type: 'storeConsent', params: { value: 'true' } },
        },
        'consent.reject': {
          target: 'rejected',
          actions: { type: 'storeConsent', params: { value: 'false' } },
        },
      },
    },
    accepted: {
      description: 'Optional cookies are allowed: the tag manager runs.',
      initial: 'initialising',
      states: {
        initialising: {
          description: 'react-gtm-module loads and initialises the container.',
          invoke: {
            id: 'initTagManager',
            src: 'initTagManager',
            onDone: 'granting',
            onError: 'unavailable',
          },
        },
        granting: {
          description: 'The container runs; the consent update waits 500 ms.',
          after: {
            consentDelay: { target: 'granted', actions: 'grantConsent' },
          },
        },
        granted: {
          type: 'final',
          description: 'The consent-granted update is in the dataLayer.',
        },
        unavailable: {
          type: 'final',
          description: 'No container is configured, or it could not start: no tag runs.',
        },
      },
    },
    rejected: {
      type: 'final',
      description: 'Only necessary cookies: nothing of the tag manager loads.',
    },
  },
})

export type ConsentMachine = typeof consentMachine
export type ConsentSnapshot = SnapshotFrom<ConsentMachine>
