/**
 * Staying signed in (docs/product/data.md#authentication-state,
 * docs/product/flows.md#authentication, docs/product/overview.md#roles-and-permissions,
 * docs/product/errors.md#http-401): the customer stays signed in across reloads and in every tab of
 * the browser until they log out, and a session that runs out is renewed without them noticing or,
 * when it cannot be, ends. It starts logged out with auth in progress while it restores
 * `auth_session`, then is signedOut or signedIn; signedIn.refreshing is the one token refresh that
 * every 401 waits for, and a failed refresh is the logout intercept (access token gone, refresh
 * token kept). Explicit logout first ends the session on the server (POST /api/auth/logout, issue
 * 14), waiting at most `logoutWait`, then clears everything, goes to /app/login and reloads;
 * another tab's change to the stored session is followed, so the tabs of one browser agree.
 */
import {
  assign,
  fromCallback,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate'
import type { StoredSession } from './auth-session'

export interface TokenPair {
  accessToken: string
  refreshToken: string
}

export interface AuthContext {
  /**
   * The access token, sent as `Authorization: Bearer` (docs/product/data.md#authentication-state).
   */
  token: string | null
  /** The refresh token, exchanged for a new pair (docs/product/data.md#authentication-state). */
  refreshToken: string | null
}

export type AuthEvent =
  | ({ type: 'auth.login' } & TokenPair)
  | { type: 'auth.logout' }
  /** A request got 401: start the one refresh everyone waits for. */
  | { type: 'auth.refresh' }
  /** Another tab wrote or removed the stored session. */
  | { type: 'session.change'; session: StoredSession | null }

function notProvided(name: string): never {
  throw new Error(`auth: ${name} was not provided`)
}

/**
 * An explicit logout clears both tokens and the session, goes to /app/login and reloads
 * (docs/product/flows.md#explicit-logout).
 */
const signOut = ['clearTokens', 'clearSession', 'goToLogin', 'reloadPage'] as const

const hasText = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value !== ''

export const authMachine = setup({
  types: {} as {
    context: AuthContext
    events: AuthEvent
  },
  actors: {
    /**
     * Reads `auth_session`: a stored session is restored at start
     * (docs/product/flows.md#session-restore).
     */
    restoreSession: fromPromise<StoredSession | null>(() => notProvided('restoreSession')),
    /** POST /api/auth/refresh-token with the refresh token. */
    refreshSession: fromPromise<TokenPair, { refreshToken: string | null }>(() =>
      notProvided('refreshSession'),
    ),
    /** Sends `session.change` when another tab changes the stored session. */
    watchSession: fromCallback<AuthEvent>(() => notProvided('watchSession')),
    /** POST /api/auth/logout with the access token: the server ends the session (issue 14). */
    logOut: fromPromise<undefined, { token: string | null; refreshToken: string | null }>(() =>
      notProvided('logOut'),
    ),
  },
  actions: {
    storeTokens: assign((_, params: TokenPair) => ({
      token: params.accessToken,
      refreshToken: params.refreshToken,
    })),
    adoptSession: assign((_, params: { session: StoredSession | null }) => ({
      token: params.session?.token ?? null,
      refreshToken: params.session?.refreshToken ?? null,
    })),
    /**
     * The logout intercept clears the access token and the flag; the refresh token stays
     * (docs/product/flows.md#logout-intercept).
     */
    interceptLogout: assign({ token: null }),
    clearTokens: assign({ token: null, refreshToken: null }),
    /** Writes the context's tokens to `auth_session`. */
    persistSession: () => notProvided('persistSession'),
    /** Removes `auth_session`. */
    clearSession: () => notProvided('clearSession'),
    /** Navigation belongs to the route layer: /app after login. */
    goToHome: () => notProvided('goToHome'),
    /** /app/login after an explicit logout. */
    goToLogin: () => notProvided('goToLogin'),
    reloadPage: () => notProvided('reloadPage'),
  },
  guards: {
    hasAccessToken: (_, params: { token: string | null | undefined }) => hasText(params.token),
  },
  delays: {
    /** How long a logout waits for the server before it clears the browser's session anyway. */
    logoutWait: 3000,
  },
}).createMachine({
  id: 'auth',
  description: 'Who the customer is: the tokens, the logged-in flag, the refresh queue',
  context: { token: null, refreshToken: null },
  // Always on: another tab may log in or out at any time.
  invoke: { id: 'watchSession', src: 'watchSession' },
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Auth in progress: the stored session is read (full-screen Loading...).',
      tags: ['pending'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: {
              type: 'hasAccessToken',
              params: ({ event }) => ({ token: event.output?.token }),
            },
            target: 'signedIn',
            actions: { type: 'adoptSession', params: ({ event }) => ({ session: event.output }) },
          },
          {
            target: 'signedOut',
            actions: { type: 'adoptSession', params: ({ event }) => ({ session: event.output }) },
          },
        ],
        onError: 'signedOut',
      },
    },
    signedOut: {
      description: 'Logged out: protected routes redirect to /app/login.',
      on: {
        'auth.login': {
          guard: { type: 'hasAccessToken', params: ({ event }) => ({ token: event.accessToken }) },
          target: 'signedIn',
          actions: [
            {
              type: 'storeTokens',
              params: ({ event }) => ({
                accessToken: event.accessToken,
                refreshToken: event.refreshToken,
              }),
            },
            'persistSession',
            'goToHome',
          ],
        },
        'session.change': {
          guard: {
            type: 'hasAccessToken',
            params: ({ event }) => ({ token: event.session?.token }),
          },
          target: 'signedIn',
          actions: { type: 'adoptSession', params: ({ event }) => ({ session: event.session }) },
        },
      },
    },
    signedIn: {
      description: 'Logged in: requests carry the bearer token.',
      initial: 'active',
      on: {
        'session.change': [
          {
            guard: {
              type: 'hasAccessToken',
              params: ({ event }) => ({ token: event.session?.token }),
            },
            actions: { type: 'adoptSession', params: ({ event }) => ({ session: event.session }) },
          },
          {
            target: 'signedOut',
            actions: { type: 'adoptSession', params: ({ event }) => ({ session: event.session }) },
          },
        ],
      },
      states: {
        active: {
          description: 'The access token is believed valid.',
          on: { 'auth.refresh': 'refreshing', 'auth.logout': 'signingOut' },
        },
        refreshing: {
          description: 'One refresh runs; every request that got 401 waits for it, then retries.',
          invoke: {
            id: 'refreshSession',
            src: 'refreshSession',
            input: ({ context }) => ({ refreshToken: context.refreshToken }),
            onDone: {
              target: 'active',
              actions: [
                { type: 'storeTokens', params: ({ event }) => event.output },
                'persistSession',
              ],
            },
            onError: {
              target: '#auth.signedOut',
              actions: ['interceptLogout', 'persistSession'],
            },
          },
          on: { 'auth.logout': 'signingOut' },
        },
        signingOut: {
          description:
            'Explicit logout: the server ends the session; its answer, a failure or logoutWait clears everything.',
          invoke: {
            id: 'logOut',
            src: 'logOut',
            input: ({ context }) => ({ token: context.token, refreshToken: context.refreshToken }),
            onDone: { target: '#auth.signedOut', actions: signOut },
            onError: { target: '#auth.signedOut', actions: signOut },
          },
          // A slow server must not keep the customer logged in: leaving aborts the call.
          after: { logoutWait: { target: '#auth.signedOut', actions: signOut } },
        },
      },
    },
  },
})

export type AuthMachine = typeof authMachine
export type AuthActorRef = ActorRefFrom<AuthMachine>
export type AuthSnapshot = SnapshotFrom<AuthMachine>

/** The authentication state (docs/product/data.md#authentication-state), read from the chart. */
export interface AuthState {
  token: string | null
  refreshToken: string | null
  /** Logged in: the chart is in signedIn. */
  isUserLoggedIn: boolean
  /** Initially true: the stored session has not been read yet. */
  authInProgress: boolean
  /** The stored session has been read (whether or not one was there). */
  initiatedFromStorage: boolean
}

export function selectAuthState(snapshot: AuthSnapshot): AuthState {
  const restoring = snapshot.hasTag('pending')
  return {
    token: snapshot.context.token,
    refreshToken: snapshot.context.refreshToken,
    isUserLoggedIn: snapshot.matches('signedIn'),
    authInProgress: restoring,
    initiatedFromStorage: !restoring,
  }
}
