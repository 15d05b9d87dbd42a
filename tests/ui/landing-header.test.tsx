import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AUTH_SESSION_KEY, type StoredSession } from '../../src/machines/auth/auth-session'
import { headerProfileMachine } from '../../src/machines/header-profile/header-profile.machine'
import { candles } from '../../src/flows/fixtures/converter'
import { deferred, type Deferred } from '../support/deferred'
import {
  createPathModel,
  plainEventsOf,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'
import { FakeApi, json, problem, profileOf } from './support/fake-api'
import { ActorProbe, renderApp, type RenderedApp } from './support/render-app'

const SESSION: StoredSession = { token: 'access-1', refreshToken: 'refresh-1' }
const PROFILE = { method: 'GET', path: '/api/users/profile' }

interface ProfileRequest {
  authorization: string | null
  signal: AbortSignal
  answer: Deferred<Response>
}

interface Ctx {
  app: RenderedApp
  requests: ProfileRequest[]
}

/** A landing on a fake API whose profile answers wait for the test. */
function landingApi(requests: ProfileRequest[]): FakeApi {
  return new FakeApi().on(PROFILE.method, PROFILE.path, (request) => {
    const seen = {
      authorization: request.headers.get('authorization'),
      signal: request.signal,
      answer: deferred<Response>(),
    }
    requests.push(seen)
    return seen.answer.promise
  })
}

/** Profile requests still waiting for an answer whose signal has not been aborted. */
const live = (requests: ProfileRequest[]) =>
  requests.filter((r) => !r.signal.aborted && !settled.has(r))
const settled = new WeakSet<ProfileRequest>()
const answer = (request: ProfileRequest | undefined, response: () => Response | Error) => {
  if (!request) throw new Error('no profile request is waiting for an answer')
  settled.add(request)
  const outcome = response()
  if (outcome instanceof Error) request.answer.reject(outcome)
  else request.answer.resolve(outcome)
}

/** The customer signs in or out in another tab: this tab's auth actor follows (issue 14). */
function otherTabWrites(session: StoredSession | null) {
  const newValue = session ? JSON.stringify(session) : null
  if (newValue) window.localStorage.setItem(AUTH_SESSION_KEY, newValue)
  else window.localStorage.removeItem(AUTH_SESSION_KEY)
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_SESSION_KEY, newValue }))
  })
}

const header = () => screen.getByRole('banner')
const link = (name: string) => within(header()).queryByRole('link', { name })

/** 'Log in' and 'Sign up', no 'Dashboard'. */
async function expectLogInAndSignUp() {
  await waitFor(() => {
    expect(link('Dashboard')).toBeNull()
    expect(link('Log in')?.getAttribute('href')).toBe('/app')
    expect(link('Sign up')?.getAttribute('href')).toBe('/app/register')
  })
}

const events = [
  ...plainEventsOf(headerProfileMachine),
  { type: 'xstate.done.actor.loadProfile', output: undefined },
  { type: 'xstate.error.actor.loadProfile', error: { status: 500 } },
  { type: 'xstate.error.actor.loadProfile', error: { network: true } },
]

describe('the landing header signed in and out (docs/product/flows.md#landing-header-and-hero)', () => {
  beforeEach(() => {
    // The converter's market-data calls (the same origin's sandbox, here a fake).
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(json(200, candles('50000')))),
    )
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  const pm = createPathModel(headerProfileMachine, { events })

  const runner: PathRunner<typeof headerProfileMachine, Ctx> = {
    async setup(inspect) {
      window.localStorage.clear()
      const probe = new ActorProbe()
      probe.record('headerProfile', inspect)
      const requests: ProfileRequest[] = []
      const app = await renderApp('/', { api: landingApi(requests), probe })
      await screen.findByRole('heading', { level: 1 })
      await waitFor(() => {
        expect(probe.has('headerProfile')).toBe(true)
      })
      return { app, requests }
    },
    async event({ requests }, event) {
      const e = event as { type: string; error?: { status?: number } }
      switch (e.type) {
        case 'auth.signedIn':
          otherTabWrites(SESSION)
          break
        case 'auth.signedOut':
          otherTabWrites(null)
          break
        case 'xstate.done.actor.loadProfile':
          await waitFor(() => {
            expect(live(requests)).toHaveLength(1)
          })
          answer(live(requests)[0], () => json(200, profileOf('ann@example.com', 'Ann')))
          break
        case 'xstate.error.actor.loadProfile':
          await waitFor(() => {
            expect(live(requests)).toHaveLength(1)
          })
          answer(live(requests)[0], () =>
            e.error?.status === 500
              ? problem('OTHER_ERROR', 500)
              : new TypeError('Failed to fetch'),
          )
          break
      }
    },
    snapshot: ({ app }) => app.probe.actor('headerProfile').getSnapshot() as never,
    settleMs: 2000,
    states: {
      signedOut: async ({ requests }) => {
        await expectLogInAndSignUp()
        expect(
          screen.getByText('* Sign in to redeem a promo code for your personal quote').closest('a'),
        ).toBeNull()
        // Nothing is asked for signed out; a request running at sign-out was aborted.
        expect(live(requests)).toEqual([])
      },
      signedIn: async () => {
        // The promo note follows the logged-in flag, whatever the profile does.
        await waitFor(() => {
          expect(
            screen
              .getByText('* Redeem a promo code for your personal quote')
              .closest('a')
              ?.getAttribute('href'),
          ).toBe('/app')
        })
      },
      'signedIn.loading': async ({ requests }) => {
        await expectLogInAndSignUp()
        // One request, with the session's bearer token, StrictMode or not.
        await waitFor(() => {
          expect(live(requests).map((r) => r.authorization)).toEqual([`Bearer ${SESSION.token}`])
        })
      },
      'signedIn.loaded': async ({ requests }) => {
        await waitFor(() => {
          expect(link('Dashboard')?.getAttribute('href')).toBe('/app')
        })
        expect(link('Log in')).toBeNull()
        expect(link('Sign up')).toBeNull()
        expect(live(requests)).toEqual([])
      },
      'signedIn.notLoaded': async ({ requests }) => {
        await expectLogInAndSignUp()
        expect(live(requests)).toEqual([])
      },
    },
    teardown: ({ app, requests }) => {
      app.unmount()
      // Leaving the landing aborts a profile request still running.
      expect(live(requests)).toEqual([])
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the header', async () => {
    const report = await runAllPaths(pm, runner, 'ui')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  it('asks once under StrictMode when the landing opens signed in, and aborts on leaving it', async () => {
    window.localStorage.setItem(AUTH_SESSION_KEY, JSON.stringify(SESSION))
    const requests: ProfileRequest[] = []
    const app = await renderApp('/', { api: landingApi(requests) })
    await screen.findByRole('heading', { level: 1 })
    await waitFor(() => {
      expect(live(requests)).toHaveLength(1)
    })
    const running = live(requests)[0]
    await act(() => app.router.navigate({ to: '/app/register' }))
    await screen.findByRole('heading', { name: 'Sign up', level: 1 })
    // The landing is gone: its header's request is aborted, not left to settle.
    expect(running?.signal.aborted).toBe(true)
    expect(live(requests)).toEqual([])
    app.unmount()
  })
})
