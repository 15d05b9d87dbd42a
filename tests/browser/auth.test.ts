import type { Request, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authMachine } from '../../src/machines/auth/auth.machine'
import { createAuthUiPathModel } from '../machines/auth-model'
import { AUTH_SESSION_KEY } from '../../src/machines/auth/auth-session'
import {
  coveringPaths,
  runAllPaths,
  statesWithoutAssertion,
  type Ev,
  type PathRunner,
  type Snap,
} from '../support/model-paths'
import {
  browserRunner,
  eventually,
  openFlowPage,
  pauseClock,
  startBrowserLevel,
  within,
  type BrowserLevel,
  type FlowPage,
} from './support/flow-page'
import { account, post } from './support/form-suite'
import {
  accessTokenExpired,
  openOtherTab,
  sessionIdOf,
  type ApiRequest,
} from './support/auth-session-tools'

/** The server's access tokens live 5 s here (its minimum), so one runs out within a path. */
const ACCESS_TOKEN_TTL_SECONDS = 5
/** The logout's bounded wait (the machine's `logoutWait` delay). */
const LOGOUT_WAIT_MS = 3000
const EMAIL = 'ann@example.com'
const PASSWORD = 'correct-horse-battery-1'

interface Ctx {
  flow: FlowPage<typeof authMachine>
  level: BrowserLevel
  /** The path's first event has happened: from then on the app's own reports are compared. */
  started: boolean
  /** The session this browser had stored before the page loaded, if any. */
  stored: { token: string; refreshToken: string } | null
  held: { refresh: Route[]; logout: Route[] }
  requests: ApiRequest[]
}

const contextOf = (s: Snap<typeof authMachine>) => s.context

describe('staying signed in, in Chromium (docs/product/flows.md#authentication, docs/product/screens.md#protected-routes, docs/product/errors.md#http-401)', () => {
  let level: BrowserLevel | undefined
  beforeAll(async () => {
    level = await startBrowserLevel({ ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL_SECONDS) })
    await account(level, EMAIL, PASSWORD, true)
  })
  afterAll(async () => {
    await level?.close()
  })

  // Each path is a page load: the fewest paths that still walk every state and transition. The
  // tokens are the server's, so a state is its value.
  const pm = coveringPaths(createAuthUiPathModel())

  const topBar = (ctx: Ctx) => ctx.flow.page.getByRole('navigation', { name: 'Account' })
  const pathname = (ctx: Ctx) => new URL(ctx.flow.page.url()).pathname
  /** The stored session, read by the browser (the page's own reads may be made to fail). */
  const storedSession = async (ctx: Ctx) => {
    const { origins } = await ctx.flow.context.storageState()
    const item = origins
      .find((o) => o.origin === ctx.level.server.url)
      ?.localStorage.find((i) => i.name === AUTH_SESSION_KEY)
    return JSON.parse(item?.value ?? 'null') as {
      token: string | null
      refreshToken: string | null
    } | null
  }
  const calls = (ctx: Ctx, path: string) => ctx.requests.filter((r) => r.path === path)

  /** Waits until a request of the page is held, and leaves it there. */
  const whenHeld = (list: Route[], what: string) =>
    within(
      (async () => {
        while (list.length === 0) await new Promise((r) => setTimeout(r, 5))
      })(),
      what,
    )
  /** Waits until a request of the page is held, and hands it over. */
  const heldRoute = async (list: Route[], what: string) => {
    await whenHeld(list, what)
    return list.splice(0, 1)[0] as Route
  }

  /** The customer opens the profile page from the top bar and presses Log out. */
  async function logOut(ctx: Ctx) {
    const { page } = ctx.flow
    if (pathname(ctx) !== '/app/profile') await page.getByRole('link', { name: 'Profile' }).click()
    await page.getByRole('button', { name: 'Log out' }).click()
  }

  /** A logout ends with /app/login loaded afresh (docs/product/flows.md#explicit-logout). */
  async function reloadedAtLogin(ctx: Ctx, end: () => Promise<void>) {
    const { page, messages } = ctx.flow
    const before = messages.length
    // The page is left once it has reported the state it ends in: a report still on its way when
    // the next document replaces it would be lost, and with it the transition it took.
    const reported = async () => {
      while (!messages.slice(before).some((m) => m.value === 'signedOut'))
        await new Promise((r) => setTimeout(r, 5))
    }
    await page.route('**/app/login', async (route) => {
      if (route.request().isNavigationRequest())
        await within(reported(), 'the signed-out state before the reload')
      await route.continue()
    })
    const loaded = page.waitForEvent('load')
    await end()
    await within(loaded, 'the reload after the logout')
    expect(pathname(ctx)).toBe('/app/login')
  }

  /** What each event stands for in the page, on the server or in another tab. */
  async function act(ctx: Ctx, event: Ev<typeof authMachine>): Promise<void> {
    ctx.started = true
    const { page } = ctx.flow
    switch (event.type) {
      case 'xstate.done.actor.restoreSession':
      case 'xstate.error.actor.restoreSession':
        // Arranged before the page loaded: the stored session, none, or storage that cannot be read.
        break
      case 'auth.login':
        await page.getByRole('heading', { name: 'Log in' }).waitFor()
        await page.getByLabel('Email', { exact: true }).fill(EMAIL)
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
        await page.getByRole('button', { name: 'Log in' }).click()
        break
      case 'auth.logout':
        await logOut(ctx)
        // Held: what the server answers, if it answers, is the path's next step.
        await whenHeld(ctx.held.logout, 'the logout request')
        break
      case 'xstate.done.actor.logOut': {
        const token = contextOf(ctx.flow.snapshot()).refreshToken
        await reloadedAtLogin(ctx, async () => {
          await (await heldRoute(ctx.held.logout, 'the logout request')).continue()
        })
        // The server ended the session: its refresh token no longer buys a token.
        expect(
          (await post(ctx.level, '/api/auth/refresh-token', { refreshToken: token })).status,
        ).toBe(401)
        break
      }
      case 'xstate.error.actor.logOut':
        await reloadedAtLogin(ctx, async () => {
          // The server cannot be brought to fail a logout (it ends the session or says there is
          // none): its answer when the database is down is made where the browser meets the
          // network.
          await (
            await heldRoute(ctx.held.logout, 'the logout request')
          ).fulfill({
            status: 503,
            contentType: 'application/problem+json',
            headers: { 'retry-after': '5' },
            body: JSON.stringify({
              type: 'urn:exchange:problem:database-unavailable',
              title: 'Service Unavailable',
              status: 503,
              detail: 'The database cannot be reached right now. Try again shortly.',
              errorType: 'OTHER_ERROR',
            }),
          })
        })
        break
      case 'xstate.after.logoutWait.auth.signedIn.signingOut':
        // The server does not answer (the logout stays held): 3 s later the customer is logged
        // out of this browser all the same.
        await reloadedAtLogin(ctx, async () => {
          await page.clock.runFor(LOGOUT_WAIT_MS - 1)
          expect(ctx.flow.snapshot().matches({ signedIn: 'signingOut' })).toBe(true)
          await page.clock.runFor(1)
        })
        break
      case 'auth.refresh':
        // The access token runs out on the server; the next protected request (the profile
        // page's) gets 401 and starts the one refresh.
        await accessTokenExpired(ctx.level, contextOf(ctx.flow.snapshot()).token)
        await page.getByRole('link', { name: 'Profile' }).click()
        break
      case 'xstate.done.actor.refreshSession':
        await (await heldRoute(ctx.held.refresh, 'the refresh request')).continue()
        break
      case 'xstate.error.actor.refreshSession': {
        // The customer ends this browser's session from their phone meanwhile: the server
        // refuses the refresh for real.
        const route = await heldRoute(ctx.held.refresh, 'the refresh request')
        const phone = await post(ctx.level, '/api/auth/login', {
          email: EMAIL,
          password: PASSWORD,
        })
        const { accessToken } = (await phone.json()) as { accessToken: string }
        const sid = sessionIdOf(contextOf(ctx.flow.snapshot()).token)
        const ended = await fetch(ctx.level.url(`/api/account/sessions/${sid}`), {
          method: 'DELETE',
          headers: { authorization: `Bearer ${accessToken}` },
        })
        expect(ended.status).toBe(204)
        await route.continue()
        break
      }
      case 'session.change': {
        const { session } = event as { session?: unknown }
        if (session === null) {
          // The customer logs out in another tab of this browser, which shares the session.
          const tab = await openOtherTab(ctx.flow.context, ctx.level.url('/app/profile'))
          await tab.getByRole('button', { name: 'Log out' }).click()
        } else if (ctx.flow.snapshot().matches('signedOut')) {
          // The customer logs in in another tab of this browser.
          const tab = await openOtherTab(ctx.flow.context, ctx.level.url('/app/login'))
          await tab.getByLabel('Email', { exact: true }).fill(EMAIL)
          await tab.getByLabel('Password', { exact: true }).fill(PASSWORD)
          await tab.getByRole('button', { name: 'Log in' }).click()
        } else {
          // Once the access token has run out, the customer opens the app in another tab: that
          // tab renews the shared session and stores the new pair, which this tab takes on.
          await accessTokenExpired(ctx.level, contextOf(ctx.flow.snapshot()).token)
          await openOtherTab(ctx.flow.context, ctx.level.url('/app'))
        }
        break
      }
      default:
        throw new Error(`no browser action for ${event.type}`)
    }
  }

  const runner = browserRunner<typeof authMachine, Ctx>({
    async open(run) {
      if (!level) throw new Error('the browser level did not start')
      const flow = await openFlowPage(level, authMachine, run?.recorder)
      const { page } = flow
      const first = run?.path.steps[1]?.event.type
      const ctx: Ctx = {
        flow,
        level,
        started: false,
        stored: null,
        held: { refresh: [], logout: [] },
        requests: [],
      }
      page.on('request', (request: Request) => {
        const url = new URL(request.url())
        if (!url.pathname.startsWith('/api/')) return
        ctx.requests.push({
          path: url.pathname,
          method: request.method(),
          authorization: request.headers().authorization ?? null,
          body: request.postData(),
          status: async () => (await request.response())?.status() ?? null,
        })
      })
      // The logout is held until the path's step; so is the refresh in the paths that take one
      // (elsewhere a refresh the server's short token lifetime brings goes through for real).
      await page.route('**/api/auth/logout', (route) => {
        ctx.held.logout.push(route)
      })
      if (run?.path.steps.some((s) => s.event.type === 'auth.refresh'))
        await page.route('**/api/auth/refresh-token', (route) => {
          ctx.held.refresh.push(route)
        })
      if (first === 'xstate.done.actor.restoreSession' && run?.path.steps[1]?.event.output) {
        // A session this browser stored when the customer logged in: a fresh one from the server.
        const answer = await post(level, '/api/auth/login', { email: EMAIL, password: PASSWORD })
        const pair = (await answer.json()) as { accessToken: string; refreshToken: string }
        ctx.stored = { token: pair.accessToken, refreshToken: pair.refreshToken }
        await page.goto(level.url('/robots.txt'))
        await page.evaluate(
          ([key, value]) => {
            localStorage.setItem(key, value)
          },
          [AUTH_SESSION_KEY, JSON.stringify(ctx.stored)] as const,
        )
      }
      // A browser that refuses this origin's storage to its scripts (a privacy setting or
      // extension) is the browser's doing, which no server answer can bring: reads throw as then.
      if (first === 'xstate.error.actor.restoreSession')
        await page.addInitScript(() => {
          Storage.prototype.getItem = () => {
            throw new DOMException('storage is not available', 'SecurityError')
          }
        })
      // The logout's bounded wait runs on the page's clock, which the test moves.
      await page.clock.install()
      await page.goto(level.url('/app'))
      await flow.actorStarted()
      await pauseClock(page)
      return ctx
    },
    act,
    states: {
      restoring: async (ctx) => {
        // The stored session is read in the task that starts the app, before the app hears from
        // a viewer: its first report already has the restore's outcome taken from restoring.
        const first = ctx.flow.messages[0]
        expect(first?.step).toBeGreaterThan(0)
        expect(first?.transitions.filter((t) => t.startsWith('restoring|'))).toHaveLength(1)
        // The protected page waited for it: its profile request carried the stored token, and
        // without a stored session none was made.
        const profiles = () => calls(ctx, '/api/users/profile').map((r) => r.authorization)
        if (ctx.stored) await eventually(() => profiles()[0]).toBe(`Bearer ${ctx.stored.token}`)
        else expect(profiles()).toEqual([])
      },
      signedOut: async (ctx) => {
        // The protected pages send the customer to the log-in form.
        await ctx.flow.page.getByRole('heading', { name: 'Log in' }).waitFor()
        await eventually(() => pathname(ctx)).toBe('/app/login')
        expect(await topBar(ctx).count()).toBe(0)
        expect((await storedSession(ctx))?.token ?? null).toBeNull()
      },
      signedIn: async (ctx) => {
        await topBar(ctx).waitFor()
        expect(pathname(ctx)).not.toBe('/app/login')
      },
      'signedIn.active': async (ctx, s) => {
        const { token, refreshToken } = contextOf(s)
        // The stored session and the chart agree (this tab's write or the other tab's).
        await eventually(() => storedSession(ctx)).toEqual({ token, refreshToken })
        if (pathname(ctx) === '/app')
          await ctx.flow.page.getByText(`Signed in as ${EMAIL}`).waitFor()
        else await eventually(() => ctx.flow.page.getByLabel('Email').inputValue()).toBe(EMAIL)
        // The page's profile came with a token of this session (GET /api/users/profile is
        // protected): this one, or the one before when another tab renewed it since.
        const profile = calls(ctx, '/api/users/profile').at(-1)
        expect(sessionIdOf(profile?.authorization?.replace(/^Bearer /, '') ?? null)).toBe(
          sessionIdOf(token),
        )
        expect(await profile?.status()).toBe(200)
      },
      'signedIn.signingOut': async (ctx, s) => {
        // One logout call, with the bearer token the session had; the page stays meanwhile.
        expect(calls(ctx, '/api/auth/logout')).toHaveLength(1)
        expect(calls(ctx, '/api/auth/logout')[0]?.authorization).toBe(
          `Bearer ${contextOf(s).token ?? ''}`,
        )
        expect(await storedSession(ctx)).not.toBeNull()
        expect(await topBar(ctx).isVisible()).toBe(true)
      },
      'signedIn.refreshing': async (ctx, s) => {
        // One refresh is on its way, with the refresh token the tab held; the page stays.
        await eventually(() => calls(ctx, '/api/auth/refresh-token').length).toBe(1)
        expect(JSON.parse(calls(ctx, '/api/auth/refresh-token')[0]?.body ?? 'null')).toEqual({
          refreshToken: contextOf(s).refreshToken,
        })
        expect(await topBar(ctx).isVisible()).toBe(true)
      },
    },
  })
  /** The events whose end is /app/login loaded afresh (docs/product/flows.md#explicit-logout). */
  const reloading = [
    'xstate.done.actor.logOut',
    'xstate.error.actor.logOut',
    'xstate.after.logoutWait.auth.signedIn.signingOut',
  ]
  const pathRunner: PathRunner<typeof authMachine, Ctx> = {
    ...runner,
    async event(ctx, event) {
      if (!reloading.includes(event.type)) return runner.event(ctx, event)
      // The reloaded page's auth actor counts its steps afresh, under the same session id: the
      // macrostep to wait for is its first report, not one past the old page's last.
      ctx.flow.follow()
      const before = ctx.flow.messages.length
      await act(ctx, event)
      await within(
        (async () => {
          while (!ctx.flow.messages.slice(before).some((m) => m.step === 1))
            await new Promise((r) => setTimeout(r, 5))
        })(),
        "the reloaded page's auth actor",
      )
    },
    // Until the path's first event, the machine's initial state (decision 102): the app leaves it
    // in the task that starts it, before it hears from a viewer (see the restoring assertion).
    snapshot: (ctx) =>
      ctx.started
        ? runner.snapshot(ctx)
        : authMachine.resolveState({
            value: 'restoring',
            context: authMachine.config.context as never,
          }),
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the real app against the real server', async () => {
    const report = await runAllPaths(pm, pathRunner, 'browser')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })
})
