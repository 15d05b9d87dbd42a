import { fromCallback } from 'xstate'
import { fromAbortablePromise } from '../abortable-promise'
import { unwrap } from '../../api/api-error'
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
 * The auth machine's real side effects: localStorage for the session, the main API for the
 * refresh, and the window's `storage` events for the other tabs. Navigation is not here: the
 * route layer provides goToHome, goToLogin and reloadPage.
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
          return unwrap(
            api.POST('/api/auth/refresh-token', {
              body: { refreshToken: input.refreshToken },
              signal,
            }),
          )
        },
      ),
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
