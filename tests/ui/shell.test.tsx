import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { routerFallbacks } from '../../src/create-app'
import { splashMachine } from '../../src/machines/splash/splash.machine'
import { ErrorPage } from '../../src/ui/error-page'
import {
  createPathModel,
  plainEventsOf,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'
import { publicConfig } from './support/fake-api'
import { ActorProbe, renderApp, type RenderedApp } from './support/render-app'

describe('landing splash through the screen (docs/product/screens.md#landing-splash: 750 ms at / on first load)', () => {
  const pm = createPathModel(splashMachine, { events: plainEventsOf(splashMachine) })
  const runner: PathRunner<typeof splashMachine, RenderedApp> = {
    setup(inspect) {
      const probe = new ActorProbe()
      probe.record('splash', inspect)
      // The real named delay: 750 ms.
      return renderApp('/', { probe, splashMs: 750 })
    },
    event: () => undefined,
    snapshot: (app) => app.splash.getSnapshot(),
    settleMs: 2000,
    states: {
      showing: () => {
        expect(screen.getByText('Loading...')).toBeTruthy()
        expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
      },
      done: async () => {
        expect(
          await screen.findByRole('heading', {
            name: /^Exchange crypto with full legal compliance/,
          }),
        ).toBeTruthy()
        expect(screen.queryByText('Loading...')).toBeNull()
      },
    },
    teardown: (app) => {
      app.unmount()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('shows Loading... first, then the landing page', async () => {
    const report = await runAllPaths(pm, runner, 'ui')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  it('shows the splash only on first load: later visits of / go straight to the landing page', async () => {
    const app = await renderApp('/app/login', { splashMs: 100 })
    await screen.findByRole('heading', { name: 'Log in' })
    await new Promise((r) => setTimeout(r, 150))
    await act(() => app.router.navigate({ to: '/' }))
    expect(screen.queryByText('Loading...')).toBeNull()
    expect(
      screen.getByRole('heading', { name: /^Exchange crypto with full legal compliance/ }),
    ).toBeTruthy()
    app.unmount()
  })
})

describe('route protection (docs/product/screens.md#protected-routes)', () => {
  for (const path of ['/app', '/app/verification', '/app/profile']) {
    it(`${path} sends a visitor to /app/login`, async () => {
      const app = await renderApp(path)
      expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy()
      expect(app.pathname()).toBe('/app/login')
      app.unmount()
    })
  }

  it('a logged-in customer sees the top bar: logo, Verification, Support and the avatar', async () => {
    window.localStorage.setItem('auth_session', JSON.stringify({ token: 'a', refreshToken: 'r' }))
    const app = await renderApp('/app/verification')
    expect(await screen.findByRole('heading', { name: 'Verification' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Vistula Exchange — home' }).getAttribute('href')).toBe(
      '/app',
    )
    const support = screen.getByRole('link', { name: /Support/ })
    expect(support.getAttribute('href')).toBe(publicConfig.supportUrl)
    expect(support.getAttribute('target')).toBe('_blank')
    await app.user.click(screen.getByRole('link', { name: 'Profile' }))
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeTruthy()
    expect(app.pathname()).toBe('/app/profile')
    await app.user.click(screen.getByRole('link', { name: 'Vistula Exchange — home' }))
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann' })).toBeTruthy()
    expect(screen.getByText('What can we do for you today?')).toBeTruthy()
    app.unmount()
  })

  it('a logged-in customer who opens /app/login is taken to /app', async () => {
    window.localStorage.setItem('auth_session', JSON.stringify({ token: 'a', refreshToken: 'r' }))
    const app = await renderApp('/app/login')
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann' })).toBeTruthy()
    expect(app.pathname()).toBe('/app')
    app.unmount()
  })
})

describe('router and application errors (docs/product/screens.md#application-error-page, docs/product/errors.md#application-errors)', () => {
  // The router reports the failures it catches on the console; these tests cause them on purpose.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  function renderFailingRoute(error: unknown) {
    const root = createRootRoute()
    const failing = createRoute({
      getParentRoute: () => root,
      path: '/',
      loader: () => {
        throw error
      },
    })
    const router = createRouter({
      routeTree: root.addChildren([failing]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
      ...routerFallbacks,
    })
    render(<RouterProvider router={router} />)
  }

  it("shows 'Unexpected Application Error!' when a route fails", async () => {
    renderFailingRoute(new Error('boom'))
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/')
  })

  it.each([
    [400, 'The request could not be understood. Please check the address and try again.'],
    [403, 'You are not allowed to see this page.'],
    [404, 'This page does not exist.'],
    [405, 'This action is not allowed here.'],
  ])('shows the generic message for HTTP %i', async (status, message) => {
    renderFailingRoute(new Response(null, { status }))
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeTruthy()
    expect(screen.getByText(message)).toBeTruthy()
  })

  it('renders without a status too', () => {
    render(<ErrorPage />)
    expect(screen.getByText('Something went wrong on our side. Please try again.')).toBeTruthy()
  })
})
