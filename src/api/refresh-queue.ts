/**
 * The refresh queue (docs/product/flows.md#token-refresh, docs/product/errors.md#http-401): an
 * openapi-fetch middleware that sends the bearer token and credentials, and on a 401 asks the auth
 * actor for a fresh token. Only one refresh runs (the chart's signedIn.refreshing); concurrent
 * requests wait for it and retry once; a retry's own 401 is returned as it is.
 */
import type { Middleware } from 'openapi-fetch'
import { waitFor } from 'xstate'
import type { AuthActorRef } from '../machines/auth/auth.machine'

/** What the middleware needs from the session. */
export interface SessionBroker {
  /** The access token to send now, if any. */
  accessToken(): string | null
  /**
   * A request sent with `rejected` got 401: resolves to the token to retry with, or null when
   * there is none (not logged in, or the refresh failed and the intercept logged out).
   */
  tokenAfter401(rejected: string): Promise<string | null>
}

/** The broker over the auth actor: starts a refresh only when none runs and none already replaced the token. */
export function authBroker(actor: AuthActorRef): SessionBroker {
  return {
    accessToken: () => actor.getSnapshot().context.token,
    async tokenAfter401(rejected) {
      const now = actor.getSnapshot()
      if (!now.matches('signedIn')) return null
      if (now.matches({ signedIn: 'active' })) {
        // Another request's refresh already replaced the token this one was sent with.
        if (now.context.token !== rejected) return now.context.token
        actor.send({ type: 'auth.refresh' })
      }
      const settled = await waitFor(actor, (s) => !s.matches({ signedIn: 'refreshing' }))
      return settled.matches('signedIn') ? settled.context.token : null
    },
  }
}

/**
 * Calls that never trigger a refresh: logging in and the refresh itself answer 401 on purpose, and
 * the logout refreshes by itself (auth.actors.ts) while the chart is signing out.
 */
const noRefreshPaths = ['/api/auth/login', '/api/auth/refresh-token', '/api/auth/logout']

async function isWrongAnswer(response: Response): Promise<boolean> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null)
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as { errorType?: unknown }).errorType === 'INVALID_CREDENTIALS'
  )
}

export function createRefreshQueueMiddleware(broker: SessionBroker): Middleware {
  // The request as first sent, per call id: its body can be read once, so the retry uses a copy.
  const originals = new Map<string, { request: Request; token: string }>()
  return {
    onRequest({ request, schemaPath, id }) {
      const token = broker.accessToken()
      const headers = new Headers(request.headers)
      // A call that names its own token (the logout's after a refresh) keeps it.
      if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`)
      const authorised = new Request(request, { headers, credentials: 'include' })
      if (token && !noRefreshPaths.includes(schemaPath)) {
        originals.set(id, { request: authorised.clone(), token })
      }
      return authorised
    },
    async onResponse({ response, id, options }) {
      const original = originals.get(id)
      originals.delete(id)
      if (response.status !== 401 || !original) return response
      // A wrong password or code (the step-up's 401 INVALID_CREDENTIALS) says nothing about the
      // token: refreshing and resending it would count the same wrong answer twice.
      if (await isWrongAnswer(response)) return response
      const token = await broker.tokenAfter401(original.token)
      if (!token) return response
      const retry = new Request(original.request)
      retry.headers.set('Authorization', `Bearer ${token}`)
      // options.fetch is the plain fetch: the retry does not pass this middleware again, so a
      // second 401 is the answer. Called unbound: a browser's fetch refuses another `this`.
      const plainFetch = options.fetch
      return plainFetch(retry)
    },
    onError({ id }) {
      originals.delete(id)
    },
  }
}
