import { fromCallback } from 'xstate'
import { fromAbortablePromise } from '../abortable-promise'
import { callApi, statusOf } from '../../api/api-call'
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

/** A refused logout still means the session is gone: the server answered 4xx, not 5xx or nothing. */
function endedAnyway(error: unknown): boolean {
  const status = statusOf(error)
  return status !== null && status < 500
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
  const logOut = (accessToken: string | null) =>
    callApi(
      api.POST('/api/auth/logout', {
        headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : undefined,
        signal,
      }),
    )
  try {
    await logOut(token)
    return undefined
  } catch (error) {
    if (statusOf(error) !== 401 || !refreshToken) {
      if (endedAnyway(error)) return undefined
      throw error
    }
  }
  try {
    const pair = await callApi(
      api.POST('/api/auth/refresh-token', { body: { refreshToken }, signal }),
    )
    await logOut(pair.accessToken)
  } catch (error) {
    if (!endedAnyway(error)) throw error
  }
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
