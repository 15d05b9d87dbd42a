import { readFileSync } from 'node:fs'
import type { Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consentEvents } from '../../src/flows/fixtures/consent'
import { consentMachine } from '../../src/machines/consent/consent.machine'
import {
  CONSENT_DELAY_EVENT,
  DENIED,
  describeConsentEvent,
  GRANTED,
} from '../machines/consent-model'
import { deferred, type Deferred } from '../support/deferred'
import {
  coveringPaths,
  createPathModel,
  plainEventsOf,
  runAllPaths,
  statesWithoutAssertion,
} from '../support/model-paths'
import {
  browserRunner,
  eventually,
  openFlowPage,
  pauseClock,
  within,
  startBrowserLevel,
  type BrowserLevel,
  type FlowPage,
} from './support/flow-page'

/** react-gtm-module's chunk in the build: holding its request holds the tag manager's start. */
const gtmChunk = (
  JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>
)['node_modules/react-gtm-module/dist/index.js']?.file

interface Ctx {
  flow: FlowPage<typeof consentMachine>
  stored: string | null
  gtmRequest: Deferred<Route>
  gtmRequested: boolean
}

describe('cookie banner in Chromium (docs/product/screens.md#cookie-banner, docs/product/flows.md#cookie-banner, docs/product/providers/gtm.md#consent-mode-v2)', () => {
  let level: BrowserLevel | undefined
  beforeAll(async () => {
    level = await startBrowserLevel({ GTM_CONTAINER_ID: 'GTM-TEST1' })
  })
  afterAll(async () => {
    await level?.close()
  })

  // Each path is a page load: the fewest paths that still walk every state and transition.
  const pm = coveringPaths(
    createPathModel(consentMachine, {
      events: [
        ...consentEvents,
        ...plainEventsOf(consentMachine).filter((e) => e.type === CONSENT_DELAY_EVENT),
      ],
      serializeEvent: describeConsentEvent,
    }),
  )

  /** The dataLayer's consent commands and events, as `gtag` and GTM left them. */
  const dataLayer = (ctx: Ctx) =>
    ctx.flow.page.evaluate(() =>
      ((window as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
        entry !== null && typeof entry === 'object' && 'event' in entry
          ? (entry as { event: string }).event
          : Array.from(entry as ArrayLike<unknown>),
      ),
    )
  const commands = async (ctx: Ctx, kind: 'default' | 'update') =>
    (await dataLayer(ctx))
      .filter((e): e is unknown[] => Array.isArray(e) && e[0] === 'consent' && e[1] === kind)
      .map((e) => e[2])
  const cookie = async (ctx: Ctx) =>
    (await ctx.flow.context.cookies()).find((c) => c.name === 'ConsentCookie')
  const banner = (ctx: Ctx) => ctx.flow.page.getByRole('region', { name: 'Cookies' })
  const nothingLoaded = async (ctx: Ctx) => {
    expect(ctx.gtmRequested).toBe(false)
    expect(await commands(ctx, 'update')).toEqual([])
    expect(await dataLayer(ctx)).not.toContain('gtm.js')
  }

  const runner = browserRunner<typeof consentMachine, Ctx>({
    async open(run) {
      if (!level) throw new Error('the browser level did not start')
      const flow = await openFlowPage(level, consentMachine, run?.recorder)
      const first = run?.path.steps[1]?.event as
        { type: string; output?: string | null } | undefined
      const ctx: Ctx = {
        flow,
        stored: first?.type === 'xstate.done.actor.readConsent' ? (first.output ?? null) : null,
        gtmRequest: deferred<Route>(),
        gtmRequested: false,
      }
      if (ctx.stored !== null)
        await flow.context.addCookies([
          { name: 'ConsentCookie', value: ctx.stored, url: level.url('/') },
        ])
      // A page whose cookies cannot be read (a sandboxed frame) is the browser's doing: the server
      // cannot make document.cookie throw, so the page's getter throws as such a frame's does.
      if (first?.type === 'xstate.error.actor.readConsent')
        await flow.page.addInitScript(() => {
          Object.defineProperty(Document.prototype, 'cookie', {
            get() {
              throw new DOMException('no cookies here', 'SecurityError')
            },
            set() {
              throw new DOMException('no cookies here', 'SecurityError')
            },
          })
        })
      await flow.page.route(`**/${gtmChunk ?? 'no-gtm-chunk'}`, (route) => {
        ctx.gtmRequested = true
        ctx.gtmRequest.resolve(route)
      })
      // The consent delay runs on the page's clock, which the test moves.
      await flow.page.clock.install()
      await flow.page.goto(level.url('/'))
      await flow.actorStarted()
      await pauseClock(flow.page)
      return ctx
    },
    async act(ctx, event) {
      const { page } = ctx.flow
      switch (event.type) {
        case 'xstate.done.actor.readConsent':
        case 'xstate.error.actor.readConsent':
          // Arranged before the page loaded: the stored cookie, or cookies that cannot be read.
          break
        case 'consent.accept':
          await page.getByRole('button', { name: 'Enable All' }).click()
          break
        case 'consent.reject':
          await page.getByRole('button', { name: 'Reject Optional' }).click()
          break
        case 'xstate.done.actor.initTagManager':
          await (await within(ctx.gtmRequest.promise, 'the tag manager chunk request')).continue()
          break
        case 'xstate.error.actor.initTagManager':
          // The chunk does not load (offline, blocked): the real server always serves it.
          await (
            await within(ctx.gtmRequest.promise, 'the tag manager chunk request')
          ).abort('internetdisconnected')
          break
        case CONSENT_DELAY_EVENT:
          await page.clock.runFor(499)
          expect(await commands(ctx, 'update')).toEqual([])
          await page.clock.runFor(1)
          break
        default:
          throw new Error(`no browser action for ${event.type}`)
      }
    },
    states: {
      checking: async (ctx) => {
        // The cookie is read in the same task as the actor starts, so the page is already past
        // this state: what must hold is that consent was denied before anything else, and that
        // nothing loaded unless an acceptance was stored.
        expect((await dataLayer(ctx))[0]).toEqual(['consent', 'default', DENIED])
        if (ctx.stored !== 'true') await nothingLoaded(ctx)
      },
      asking: async (ctx) => {
        await eventually(() => banner(ctx).textContent()).toContain('optional analytics cookies')
        expect(await ctx.flow.page.getByRole('button', { name: 'Enable All' }).isVisible()).toBe(
          true,
        )
        expect(
          await ctx.flow.page.getByRole('button', { name: 'Reject Optional' }).isVisible(),
        ).toBe(true)
        expect(
          await ctx.flow.page.getByRole('link', { name: 'Privacy policy' }).getAttribute('href'),
        ).toBe('/docs/privacy-policy.pdf')
        expect(await cookie(ctx)).toBeUndefined()
        await nothingLoaded(ctx)
      },
      accepted: async (ctx) => {
        await eventually(() => banner(ctx).count()).toBe(0)
        const stored = await cookie(ctx)
        expect(stored?.value).toBe('true')
        if (ctx.stored === null)
          // 150 days (docs/product/limits.md#consent-cookie), written by the banner.
          expect(Math.round(((stored?.expires ?? 0) * 1000 - Date.now()) / 86_400_000)).toBe(150)
        expect(await commands(ctx, 'default')).toEqual([DENIED])
      },
      'accepted.initialising': async (ctx) => {
        expect(await dataLayer(ctx)).not.toContain('gtm.js')
      },
      'accepted.granting': async (ctx) => {
        await eventually(() => dataLayer(ctx)).toContain('gtm.js')
        expect(await commands(ctx, 'update')).toEqual([])
      },
      'accepted.granted': async (ctx) => {
        expect(await commands(ctx, 'update')).toEqual([GRANTED])
        expect(
          (await dataLayer(ctx)).map((e) => (Array.isArray(e) ? e[1] : e)).filter(Boolean),
        ).toEqual(['default', 'gtm.js', 'update'])
      },
      'accepted.unavailable': async (ctx) => {
        expect(await dataLayer(ctx)).not.toContain('gtm.js')
        expect(await commands(ctx, 'update')).toEqual([])
      },
      rejected: async (ctx) => {
        expect(await banner(ctx).count()).toBe(0)
        const first = ctx.flow.messages[0]
        if (first && ctx.stored === null)
          expect((await cookie(ctx))?.value ?? 'unreadable').toMatch(/^(false|unreadable)$/)
        else if (ctx.stored !== null) expect((await cookie(ctx))?.value).toBe(ctx.stored)
        expect(ctx.gtmRequested).toBe(false)
        expect(await commands(ctx, 'update')).toEqual([])
      },
    },
  })

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition on generated paths through the landing page', async () => {
    const report = await runAllPaths(pm, runner, 'browser')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })
})
