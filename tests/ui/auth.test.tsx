import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fromPromise, SimulatedClock } from 'xstate'
import { loginPair, refreshedPair } from '../../src/flows/fixtures/auth'
import { authMachine } from '../../src/machines/auth/auth.machine'
import { createAuthUiPathModel } from '../machines/auth-model'
import { AUTH_SESSION_KEY, type StoredSession } from '../../src/machines/auth/auth-session'
import { DeferredQueue } from '../support/deferred'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { json, problem } from './support/fake-api'
import { ActorProbe, renderApp, type RenderedApp } from './support/render-app'

const REFRESH = { method: 'POST', path: '/api/auth/refresh-token' }
const LOGOUT = { method: 'POST', path: '/api/auth/logout' }
/** The logout's bounded wait (the machine's `logoutWait` delay). */
const LOGOUT_WAIT_MS = 3000

interface Ctx {
  app: RenderedApp
  restores: DeferredQueue<StoredSession | null>
  clock: SimulatedClock
}

/**
 * Once the logout is over, everything is cleared, the page is at /app/login and reloads there
 * (docs/product/flows.md#explicit-logout).
 */
async function expectSignedOutAndReloaded(app: RenderedApp, reloadsBefore: number) {
  await expect.poll(() => app.reloads.length).toBe(reloadsBefore + 1)
  expect(window.localStorage.getItem(AUTH_SESSION_KEY)).toBeNull()
  expect(app.reloads.at(-1)).toBe('/app/login')
}

/** Another tab writes (or removes) the stored session: this tab gets a storage event. */
function otherTabWrites(session: StoredSession | null) {
  const newValue = session ? JSON.stringify(session) : null
  if (newValue) window.localStorage.setItem(AUTH_SESSION_KEY, newValue)
  else window.localStorage.removeItem(AUTH_SESSION_KEY)
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: AUTH_SESSION_KEY, newValue }))
  })
}

const topBar = () => screen.queryByRole('navigation', { name: 'Account' })

describe('authentication through the screens (docs/product/screens.md#protected-routes, docs/product/flows.md#authentication)', () => {
  const pm = createAuthUiPathModel()

  const runner: PathRunner<typeof authMachine, Ctx> = {
    async setup(inspect) {
      const restores = new DeferredQueue<StoredSession | null>()
      const clock = new SimulatedClock()
      const probe = new ActorProbe()
      probe.record('auth', inspect)
      const app = await renderApp('/app', {
        probe,
        // The test decides when (and what) the stored session is read.
        authActors: { restoreSession: fromPromise(() => restores.next()) },
        // …and when the logout's wait runs out.
        authClock: clock,
      })
      app.api
        .on('POST', '/api/auth/login', () => json(200, loginPair))
        .hold(REFRESH.method, REFRESH.path)
        .hold(LOGOUT.method, LOGOUT.path)
      return { app, restores, clock }
    },
    async event({ app, restores, clock }, event) {
      const e = event as { type: string; output?: unknown; session?: StoredSession | null }
      switch (e.type) {
        case 'xstate.done.actor.restoreSession':
          // What the restore reads is what this browser has stored.
          if (e.output) window.localStorage.setItem(AUTH_SESSION_KEY, JSON.stringify(e.output))
          await act(async () => {
            restores.latest.resolve(e.output as StoredSession | null)
            await Promise.resolve()
          })
          break
        case 'xstate.error.actor.restoreSession':
          await act(async () => {
            restores.latest.reject(new Error('storage unavailable'))
            await Promise.resolve()
          })
          break
        case 'auth.login':
          await screen.findByRole('heading', { name: 'Log in' })
          await app.user.type(screen.getByLabelText('Email'), 'ann@example.com')
          await app.user.type(screen.getByLabelText('Password'), 'correct-horse')
          await app.user.click(screen.getByRole('button', { name: 'Log in' }))
          break
        case 'auth.logout': {
          const reloads = app.reloads.length
          const stored = window.localStorage.getItem(AUTH_SESSION_KEY)
          await app.user.click(screen.getByRole('link', { name: 'Profile' }))
          await app.user.click(await screen.findByRole('button', { name: 'Log out' }))
          // Issue 14: the server hears of it first; nothing is cleared before it answers.
          await expect.poll(() => app.api.count(LOGOUT.method, LOGOUT.path)).toBe(1)
          expect(app.reloads.length).toBe(reloads)
          expect(window.localStorage.getItem(AUTH_SESSION_KEY)).toBe(stored)
          break
        }
        case 'xstate.done.actor.logOut': {
          const reloads = app.reloads.length
          await app.api.answer(LOGOUT.method, LOGOUT.path, new Response(null, { status: 204 }))
          await expectSignedOutAndReloaded(app, reloads)
          break
        }
        case 'xstate.error.actor.logOut': {
          // The server cannot end the session: the customer is logged out of this browser anyway.
          const reloads = app.reloads.length
          await app.api.answer(LOGOUT.method, LOGOUT.path, problem('OTHER_ERROR', 503))
          await expectSignedOutAndReloaded(app, reloads)
          break
        }
        case 'xstate.after.logoutWait.auth.signedIn.signingOut': {
          // The server does not answer: 3 s later the customer is logged out all the same.
          const reloads = app.reloads.length
          act(() => {
            clock.increment(LOGOUT_WAIT_MS - 1)
          })
          expect(app.reloads.length).toBe(reloads)
          act(() => {
            clock.increment(1)
          })
          await expectSignedOutAndReloaded(app, reloads)
          break
        }
        case 'auth.refresh': {
          // The access token expires; the next protected request (the verification page's status;
          // the profile is kept) gets 401.
          const token = app.auth.getSnapshot().context.token
          if (token) app.api.expiredTokens.add(token)
          await app.user.click(screen.getByRole('link', { name: 'Verification' }))
          await screen.findByRole('heading', { name: 'Verification' })
          break
        }
        case 'xstate.done.actor.refreshSession':
          await app.api.answer(REFRESH.method, REFRESH.path, json(200, refreshedPair))
          // The request that got 401 is sent again, once, with the new token.
          await expect
            .poll(() => app.api.last('GET', '/api/sumsub/kyc-status')?.authorization)
            .toBe(`Bearer ${refreshedPair.accessToken}`)
          break
        case 'xstate.error.actor.refreshSession':
          await app.api.answer(REFRESH.method, REFRESH.path, problem('INVALID_TOKEN', 401))
          break
        case 'session.change':
          otherTabWrites(e.session ?? null)
          break
      }
    },
    snapshot: ({ app }) => app.auth.getSnapshot(),
    settleMs: 2000,
    states: {
      restoring: () => {
        // Auth in progress on a non-root path: a full-screen 'Loading...' and nothing else.
        expect(screen.getByText('Loading...')).toBeTruthy()
        expect(topBar()).toBeNull()
        expect(screen.queryByRole('heading', { name: 'Log in' })).toBeNull()
      },
      signedOut: async ({ app }) => {
        // The protected pages send the customer to the log-in form.
        expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy()
        expect(app.pathname()).toBe('/app/login')
        expect(topBar()).toBeNull()
        expect(window.localStorage.getItem(AUTH_SESSION_KEY) ?? 'null').not.toContain('"token":"')
      },
      signedIn: async ({ app }) => {
        await expect.poll(() => topBar()).not.toBeNull()
        expect(app.pathname()).not.toBe('/app/login')
      },
      'signedIn.active': async ({ app }) => {
        const token = app.auth.getSnapshot().context.token
        // The stored session and the chart agree (this tab's or the other tab's write).
        expect(JSON.parse(window.localStorage.getItem(AUTH_SESSION_KEY) ?? '{}')).toMatchObject({
          token,
        })
        if (app.pathname() === '/app') {
          expect(await screen.findByText('ann@example.com')).toBeTruthy()
          // The home page's profile came with a bearer token (GET /api/users/profile is protected).
          expect(app.api.last('GET', '/api/users/profile')?.authorization).toMatch(
            /^Bearer access-/,
          )
        }
      },
      'signedIn.signingOut': ({ app }) => {
        // One logout call, with the bearer token the session had; the page stays meanwhile.
        expect(app.api.count(LOGOUT.method, LOGOUT.path)).toBe(1)
        expect(app.api.last(LOGOUT.method, LOGOUT.path)?.authorization).toMatch(
          /^Bearer access-\d$/,
        )
        expect(window.localStorage.getItem(AUTH_SESSION_KEY)).not.toBeNull()
        expect(topBar()).not.toBeNull()
      },
      'signedIn.refreshing': ({ app }) => {
        // One refresh is on its way, with a refresh token the tab held; the page stays.
        expect(app.api.count(REFRESH.method, REFRESH.path)).toBe(1)
        expect(app.api.last(REFRESH.method, REFRESH.path)?.body).toEqual({
          refreshToken: expect.stringMatching(/^refresh-/) as unknown,
        })
        expect(topBar()).not.toBeNull()
      },
    },
    teardown: ({ app }) => {
      app.unmount()
      window.localStorage.clear()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the screens', async () => {
    const report = await runAllPaths(pm, runner, 'ui')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  }, 60_000)
})
