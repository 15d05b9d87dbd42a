import { fromCallback } from 'xstate'
import { fromAbortablePromise } from '../abortable-promise'
import { ApiError, callApi } from '../../api/api-call'
import type { MainClient } from '../../api/main-client'
import type { AuthContext, AuthEvent, TokenPair } from './auth.machine'
import {
  AUTH_SESSION_KEY,
  parseSession,
  readSession,
  removeSession,
  writeSession,
  type StoredSession,
} from './auth-session'

/** Where `storage` events come from: the window, in the browser. */
export interface StorageEventSource {
  addEventListener(type: 'storage', listener: (event: StorageEvent) => void): void
  removeEventListener(type: 'storage', listener: (event: StorageEvent) => void): void
}

export interface AuthDependencies {
  api: MainClient
  storage: Storage
  storageEvents: StorageEventSource
}

/**
 * Ends this browser's session on the server (POST /api/auth/logout with the access token). An
 * access token that has expired meanwhile answers 401: then the refresh token buys a fresh one
 * for the logout, so a customer who logs out after a quiet quarter of an hour still ends the
 * session instead of leaving its refresh token alive. Settles once the server has answered
 * (a refused refresh means the session is already gone); rejects when it could not be reached.
 */
async function endSession(
  api: MainClient,
  { token, refreshToken }: { token: string | null; refreshToken: string | null },
  signal: AbortSignal,
): Promise<undefined> {
  const bearer = (accessToken: string | null) =>
    accessToken ? { Authorization: `Bearer ${accessToken}` } : undefined
  const first = await api.POST('/api/auth/logout', { headers: bearer(token), signal })
  let last = first.response
  if (first.response.status === 401 && refreshToken) {
    const refreshed = await api.POST('/api/auth/refresh-token', { body: { refreshToken }, signal })
    last = refreshed.response
    if (refreshed.data) {
      const headers = bearer(refreshed.data.accessToken)
      last = (await api.POST('/api/auth/logout', { headers, signal })).response
    }
  }
  // A 4xx is the server's word that there is no session left to end; a 5xx is a failure.
  if (last.status >= 500) throw new ApiError(last.status, 'OTHER_ERROR')
  return undefined
}

/**
 * The auth machine's real side effects: localStorage for the session, the main API for the
 * refresh and the logout, and the window's `storage` events for the other tabs. Navigation is
 * not here: the route layer provides goToHome, goToLogin and reloadPage.
 */
export function createAuthImplementations({ api, storage, storageEvents }: AuthDependencies) {
  return {
    actors: {
      restoreSession: fromAbortablePromise<StoredSession | null>(() =>
        Promise.resolve(readSession(storage)),
      ),
      refreshSession: fromAbortablePromise<TokenPair, { refreshToken: string | null }>(
        async ({ input, signal }) => {
          if (!input.refreshToken) throw new Error('There is no refresh token to refresh with')
          return callApi(
            api.POST('/api/auth/refresh-token', {
              body: { refreshToken: input.refreshToken },
              signal,
            }),
          )
        },
      ),
      logOut: fromAbortablePromise<
        undefined,
        { token: string | null; refreshToken: string | null }
      >(({ input, signal }) => endSession(api, input, signal)),
      watchSession: fromCallback<AuthEvent>(({ sendBack }) => {
        const onStorage = (event: StorageEvent) => {
          // key null: the other tab cleared the whole storage.
          if (event.key !== AUTH_SESSION_KEY && event.key !== null) return
          sendBack({ type: 'session.change', session: parseSession(event.newValue) })
        }
        storageEvents.addEventListener('storage', onStorage)
        return () => {
          storageEvents.removeEventListener('storage', onStorage)
        }
      }),
    },
    actions: {
      persistSession: ({ context }: { context: AuthContext }) => {
        writeSession(storage, { token: context.token, refreshToken: context.refreshToken })
      },
      clearSession: () => {
        removeSession(storage)
      },
    },
  }
}
