/**
 * The cache rules (docs/product/limits.md#polling-and-cache),
 * counted in requests: the profile and the security overview are kept 60 s after their last use,
 * read once by the parts of a page that show them, never again on focus or reconnect, and the
 * profile update keeps what it saved.
 */
import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { anna, flush, renderSignedIn } from './home-support'
import { json } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import { settle } from './support/security-ui'

const PROFILE = { method: 'GET', path: '/api/users/profile' }
const SECURITY = { method: 'GET', path: '/api/account/security' }
const SAVE = { method: 'PUT', path: '/api/users/profile' }

const profileCount = (app: RenderedApp) => app.api.count(PROFILE.method, PROFILE.path)
const securityCount = (app: RenderedApp) => app.api.count(SECURITY.method, SECURITY.path)

async function goHome(app: RenderedApp, firstName = anna.firstName) {
  await app.user.click(screen.getByRole('link', { name: 'Vistula Exchange — home' }))
  expect(await screen.findByRole('heading', { name: `Welcome, ${firstName}` })).toBeTruthy()
  await flush()
}

async function goToProfile(app: RenderedApp) {
  await app.user.click(screen.getByRole('link', { name: 'Profile' }))
  expect(await screen.findByDisplayValue(anna.lastName)).toBeTruthy()
  await settle()
}

describe('kept reads (docs/product/limits.md#polling-and-cache)', () => {
  beforeEach(() => {
    // Only the clock moves: timers, React and the router run as they do.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-27T10:00:00.000Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('reads the profile once for /app, /app/profile and /app again within 60 s', async () => {
    const app = await renderSignedIn('/app')
    expect(await screen.findByRole('heading', { name: 'Welcome, Anna' })).toBeTruthy()
    await flush()
    expect(profileCount(app)).toBe(1)
    vi.setSystemTime(Date.now() + 30_000)
    await goToProfile(app)
    vi.setSystemTime(Date.now() + 30_000)
    await goHome(app)
    expect(profileCount(app)).toBe(1)
    app.unmount()
  })

  it('reads the security overview once per profile load, for both cards that show it', async () => {
    const app = await renderSignedIn('/app/profile')
    expect(await screen.findByDisplayValue(anna.lastName)).toBeTruthy()
    await settle()
    expect(screen.getByText('You have no passkeys yet.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Set up' })).toBeTruthy()
    expect(securityCount(app)).toBe(1)
    app.unmount()
  })

  it('reads again after 60 s without use, and not before', async () => {
    const app = await renderSignedIn('/app/profile')
    expect(await screen.findByDisplayValue(anna.lastName)).toBeTruthy()
    await settle()
    vi.setSystemTime(Date.now() + 60_000)
    await goHome(app)
    expect(profileCount(app)).toBe(1)
    // Read at 60 s: kept until 120 s.
    vi.setSystemTime(Date.now() + 59_000)
    await goToProfile(app)
    expect([profileCount(app), securityCount(app)]).toEqual([1, 2])
    vi.setSystemTime(Date.now() + 60_001)
    await goHome(app)
    expect(profileCount(app)).toBe(2)
    app.unmount()
  })

  it('does not read again when the window gets the focus back or the browser is online again', async () => {
    const app = await renderSignedIn('/app/profile')
    expect(await screen.findByDisplayValue(anna.lastName)).toBeTruthy()
    await settle()
    const before = app.api.requests.length
    vi.setSystemTime(Date.now() + 120_000)
    act(() => {
      window.dispatchEvent(new Event('focus'))
      window.dispatchEvent(new Event('online'))
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await settle()
    expect(app.api.requests.slice(before)).toEqual([])
    app.unmount()
  })

  it('keeps the profile the update answered: the home page greets with it without reading', async () => {
    const app = await renderSignedIn('/app/profile', {
      prepare: (api) =>
        api.on(SAVE.method, SAVE.path, (_request, seen) =>
          json(200, { ...anna, ...(seen.body as object) }),
        ),
    })
    const firstName = (await screen.findByDisplayValue(anna.firstName)) as HTMLInputElement
    await settle()
    await app.user.clear(firstName)
    await app.user.type(firstName, 'Hanna')
    await app.user.click(screen.getByRole('button', { name: 'Update' }))
    expect(await screen.findByText('Profile was updated')).toBeTruthy()
    await goHome(app, 'Hanna')
    expect(profileCount(app)).toBe(1)
    app.unmount()
  })

  it('forgets what it kept when the customer signs out: the next customer sees their own', async () => {
    const app = await renderSignedIn('/app')
    expect(await screen.findByRole('heading', { name: 'Welcome, Anna' })).toBeTruthy()
    await goToProfile(app)
    await app.user.click(screen.getByRole('button', { name: 'Log out' }))
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy()
    app.api
      .on('POST', '/api/auth/login', () =>
        json(200, { accessToken: 'access-2', refreshToken: 'refresh-2' }),
      )
      .on(PROFILE.method, PROFILE.path, () => json(200, { ...anna, firstName: 'Bob' }))
    await app.user.type(screen.getByLabelText('Email'), 'bob@example.com')
    await app.user.type(screen.getByLabelText('Password'), 'correct-horse{Enter}')
    expect(await screen.findByRole('heading', { name: 'Welcome, Bob' })).toBeTruthy()
    expect(profileCount(app)).toBe(2)
    app.unmount()
  })
})
