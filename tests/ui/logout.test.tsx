import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AUTH_SESSION_KEY } from '../../src/machines/auth/auth-session'
import { FakeApi, json, problem } from './support/fake-api'
import { renderApp, type RenderedApp } from './support/render-app'

const LOGOUT = { method: 'POST', path: '/api/auth/logout' }
const REFRESH = { method: 'POST', path: '/api/auth/refresh-token' }
const stored = { token: 'access-1', refreshToken: 'refresh-1' }

/** A customer whose session is stored presses 'Log out' on the profile page. */
async function logOutWith(api: FakeApi): Promise<RenderedApp> {
  window.localStorage.setItem(AUTH_SESSION_KEY, JSON.stringify(stored))
  const app = await renderApp('/app/profile', { api })
  await app.user.click(await screen.findByRole('button', { name: 'Log out' }))
  return app
}

/**
 * Both tokens and the flag cleared, the session removed, /app/login, a reload
 * (docs/product/flows.md#explicit-logout).
 */
async function expectLoggedOut(app: RenderedApp) {
  expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy()
  expect(app.pathname()).toBe('/app/login')
  expect(window.localStorage.getItem(AUTH_SESSION_KEY)).toBeNull()
  expect(app.reloads.length).toBe(1)
  expect(app.auth.getSnapshot().context).toEqual({ token: null, refreshToken: null })
}

describe('logout (docs/product/flows.md#explicit-logout: the server ends the session first)', () => {
  it('asks the server to end the session with the access token, then clears the browser', async () => {
    const api = new FakeApi().hold(LOGOUT.method, LOGOUT.path)
    const app = await logOutWith(api)
    await expect.poll(() => api.count(LOGOUT.method, LOGOUT.path)).toBe(1)
    expect(api.last(LOGOUT.method, LOGOUT.path)?.authorization).toBe(`Bearer ${stored.token}`)
    // Nothing is cleared before the server has answered.
    expect(window.localStorage.getItem(AUTH_SESSION_KEY)).toBe(JSON.stringify(stored))
    expect(app.reloads).toEqual([])
    await api.answer(LOGOUT.method, LOGOUT.path, new Response(null, { status: 204 }))
    await expectLoggedOut(app)
    app.unmount()
  })

  it('clears the browser even when the server fails', async () => {
    const api = new FakeApi().on(LOGOUT.method, LOGOUT.path, () => problem('OTHER_ERROR', 503))
    const app = await logOutWith(api)
    await expectLoggedOut(app)
    expect(api.count(LOGOUT.method, LOGOUT.path)).toBe(1)
    app.unmount()
  })

  it('clears the browser even when the server cannot be reached', async () => {
    const api = new FakeApi().on(LOGOUT.method, LOGOUT.path, () =>
      Promise.reject(new TypeError('Failed to fetch')),
    )
    const app = await logOutWith(api)
    await expectLoggedOut(app)
    app.unmount()
  })

  it('still ends the session when the access token has expired: refresh, then log out', async () => {
    const fresh = { accessToken: 'access-2', refreshToken: 'refresh-2' }
    const api = new FakeApi()
      .on(LOGOUT.method, LOGOUT.path, (request) =>
        request.headers.get('authorization') === `Bearer ${fresh.accessToken}`
          ? new Response(null, { status: 204 })
          : problem('INVALID_TOKEN', 401),
      )
      .on(REFRESH.method, REFRESH.path, () => json(200, fresh))
    const app = await logOutWith(api)
    await expectLoggedOut(app)
    const calls = api.requests
      .filter((r) => r.method === 'POST')
      .map((r) => [r.path, r.authorization, r.body])
    expect(calls).toEqual([
      [LOGOUT.path, `Bearer ${stored.token}`, undefined],
      [REFRESH.path, `Bearer ${stored.token}`, { refreshToken: stored.refreshToken }],
      [LOGOUT.path, `Bearer ${fresh.accessToken}`, undefined],
    ])
    // The refreshed tokens are never stored: the browser is logged out.
    expect(window.localStorage.getItem(AUTH_SESSION_KEY)).toBeNull()
    app.unmount()
  })

  it('is logged out once when Log out is pressed twice', async () => {
    const api = new FakeApi().hold(LOGOUT.method, LOGOUT.path)
    const app = await logOutWith(api)
    await app.user.click(screen.getByRole('button', { name: 'Log out' }))
    expect(api.count(LOGOUT.method, LOGOUT.path)).toBe(1)
    await api.answer(LOGOUT.method, LOGOUT.path, new Response(null, { status: 204 }))
    await expectLoggedOut(app)
    app.unmount()
  })
})
