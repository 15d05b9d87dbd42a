import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, waitFor, type Actor } from 'xstate'
import { headerProfileEvents } from '../../src/flows/fixtures/header-profile'
import { createMainClient } from '../../src/api/main-client'
import type { StoredSession } from '../../src/machines/auth/auth-session'
import { authMachine } from '../../src/machines/auth/auth.machine'
import { createHeaderProfileActors } from '../../src/machines/header-profile/header-profile.actors'
import {
  headerProfileMachine,
  selectProfileLoaded,
} from '../../src/machines/header-profile/header-profile.machine'
import { deferred, type Deferred } from '../support/deferred'
import {
  createPathModel,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'

const SESSION = { token: 'access-1', refreshToken: 'refresh-1' }
const PROFILE = { firstName: 'Ann', lastName: '', email: 'ann@example.com', phone: '', country: '' }

interface ProfileRequest {
  url: string
  signal: AbortSignal
  answer: Deferred<Response>
  settled: boolean
}

interface Ctx {
  auth: Actor<typeof authMachine>
  actor: Actor<typeof headerProfileMachine>
  requests: ProfileRequest[]
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 400 ? 'application/json' : 'application/problem+json' },
  })

/** The main API as far as this machine uses it: each profile request waits for the test. */
function profileApi(requests: ProfileRequest[]) {
  return createMainClient({
    baseUrl: 'http://app.test',
    fetch: ((request: Request) => {
      const seen: ProfileRequest = {
        url: request.url,
        signal: request.signal,
        answer: deferred<Response>(),
        settled: false,
      }
      requests.push(seen)
      return new Promise<Response>((resolve, reject) => {
        // What the real fetch does with an aborted signal: it rejects with an AbortError.
        request.signal.addEventListener('abort', () => {
          reject(new DOMException('This operation was aborted', 'AbortError'))
        })
        seen.answer.promise.then(resolve, reject).finally(() => {
          seen.settled = true
        })
      })
    }) as typeof fetch,
  })
}

/** The app's auth machine with its storage replaced: nothing stored, no other tabs. */
async function signedOutAuth() {
  const auth = createActor(
    authMachine.provide({
      actors: {
        restoreSession: fromPromise<StoredSession | null>(() => Promise.resolve(null)),
        watchSession: fromCallback(() => undefined),
      },
    }),
  ).start()
  await waitFor(auth, (s) => s.matches('signedOut'))
  return auth
}

/** Requests still waiting for an answer whose signal has not been aborted. */
const live = (ctx: Ctx) => ctx.requests.filter((r) => !r.settled && !r.signal.aborted)

describe('landing header profile (docs/product/flows.md#landing-header-and-hero)', () => {
  const pm = createPathModel(headerProfileMachine, { events: headerProfileEvents })

  const runner: PathRunner<typeof headerProfileMachine, Ctx> = {
    async setup(inspect) {
      const requests: ProfileRequest[] = []
      const auth = await signedOutAuth()
      const actor = createActor(
        headerProfileMachine.provide({
          actors: createHeaderProfileActors({ api: profileApi(requests), auth }),
        }),
        { inspect },
      ).start()
      return { auth, actor, requests }
    },
    event(ctx, event) {
      const e = event as { type: string; error?: { status?: number; body?: string } }
      const latest = ctx.requests.at(-1)
      switch (e.type) {
        case 'auth.signedIn':
          // The customer signs in (here or in another tab): the auth actor enters signedIn.
          ctx.auth.send({ type: 'session.change', session: SESSION })
          break
        case 'auth.signedOut':
          ctx.auth.send({ type: 'session.change', session: null })
          break
        case 'xstate.done.actor.loadProfile':
          latest?.answer.resolve(json(200, PROFILE))
          break
        case 'xstate.error.actor.loadProfile':
          if (e.error?.status === 500)
            latest?.answer.resolve(json(500, { type: 'about:blank', title: 'x', status: 500 }))
          else if (e.error?.status === 200) latest?.answer.resolve(new Response(null))
          else latest?.answer.reject(new TypeError('Failed to fetch'))
          break
      }
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    settleMs: 1000,
    states: {
      signedOut: (ctx) => {
        expect(ctx.auth.getSnapshot().matches('signedOut')).toBe(true)
        expect(selectProfileLoaded(ctx.actor.getSnapshot())).toBe(false)
        // Nothing is asked for signed out; a request still running at sign-out was aborted.
        expect(live(ctx)).toEqual([])
      },
      signedIn: (ctx) => {
        expect(ctx.auth.getSnapshot().matches('signedIn')).toBe(true)
      },
      'signedIn.loading': (ctx) => {
        expect(selectProfileLoaded(ctx.actor.getSnapshot())).toBe(false)
        expect(live(ctx).map((r) => r.url)).toEqual(['http://app.test/api/users/profile'])
      },
      'signedIn.loaded': (ctx) => {
        expect(selectProfileLoaded(ctx.actor.getSnapshot())).toBe(true)
        expect(live(ctx)).toEqual([])
      },
      'signedIn.notLoaded': (ctx) => {
        expect(selectProfileLoaded(ctx.actor.getSnapshot())).toBe(false)
        expect(live(ctx)).toEqual([])
      },
    },
    teardown: (ctx) => {
      ctx.actor.stop()
      ctx.auth.stop()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition on generated paths', async () => {
    const report = await runAllPaths(pm, runner, 'machine')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  it('asks for the profile at once when the customer is already signed in', async () => {
    const requests: ProfileRequest[] = []
    const auth = await signedOutAuth()
    auth.send({ type: 'session.change', session: SESSION })
    const actor = createActor(
      headerProfileMachine.provide({
        actors: createHeaderProfileActors({ api: profileApi(requests), auth }),
      }),
    ).start()
    expect(actor.getSnapshot().matches({ signedIn: 'loading' })).toBe(true)
    await expect.poll(() => requests.length).toBe(1)
    requests[0]?.answer.resolve(json(200, PROFILE))
    await waitFor(actor, selectProfileLoaded)
    actor.stop()
    auth.stop()
  })

  it('aborts the running request when the actor stops (the landing unmounts)', async () => {
    const requests: ProfileRequest[] = []
    const auth = await signedOutAuth()
    const actor = createActor(
      headerProfileMachine.provide({
        actors: createHeaderProfileActors({ api: profileApi(requests), auth }),
      }),
    ).start()
    auth.send({ type: 'session.change', session: SESSION })
    await expect.poll(() => requests.length).toBe(1)
    expect(requests[0]?.signal.aborted).toBe(false)
    actor.stop()
    expect(requests[0]?.signal.aborted).toBe(true)
    // The auth actor no longer reaches a stopped header: signing out and in asks for nothing.
    auth.send({ type: 'session.change', session: null })
    auth.send({ type: 'session.change', session: SESSION })
    await new Promise((r) => setTimeout(r, 10))
    expect(requests).toHaveLength(1)
    auth.stop()
  })
})
