/**
 * The reads the client keeps (docs/product/limits.md#polling-and-cache): the profile, which the
 * home page, the profile page and the landing's header all show, and the security overview, which
 * the passkeys and authenticator-app cards both read. Each is asked for once while it is kept; a
 * change that makes one stale drops it or puts what the change answered.
 */
import { callApi } from './api-call'
import type { KeptReads, MainClient } from './main-client'

/** GET /api/users/profile, kept. */
export function readProfile(api: MainClient, signal?: AbortSignal) {
  return api.cache.read(
    'profile',
    (shared) => callApi(api.GET('/api/users/profile', { signal: shared })),
    signal,
  )
}

/** GET /api/account/security, kept. */
export function readSecurityOverview(api: MainClient, signal?: AbortSignal) {
  return api.cache.read(
    'security',
    (shared) => callApi(api.GET('/api/account/security', { signal: shared })),
    signal,
  )
}

/**
 * A call that changes what `key` says (a factor added or removed): the kept read is dropped once
 * it has answered, whatever the answer, so the next read asks the server.
 */
export function changing<T>(api: MainClient, key: keyof KeptReads, call: Promise<T>): Promise<T> {
  return call.finally(() => {
    api.cache.drop(key)
  })
}
