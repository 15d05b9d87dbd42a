import type { Request, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verificationEvents } from '../../src/flows/fixtures/verification'
import {
  kybVerificationMachine,
  kycVerificationMachine,
  STATUS_POLL_MS,
  type VerificationMachine,
} from '../../src/machines/verification/verification.machine'
import {
  buttonOf,
  type VerificationKind,
  type VerificationStatus,
} from '../../src/machines/verification/verification-status'
import { START_FAILURE } from '../../src/ui/account/verification-page'
import { serializeVerification } from '../machines/verification-model'
import {
  coveringPaths,
  createPathModel,
  runAllPaths,
  statesWithoutAssertion,
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
import { account } from './support/form-suite'
import { logIn, PASSWORD, signIn } from './support/signed-in'
import { reviewElsewhere } from './support/verification-sandbox'

/**
 * The sandbox's SDK tokens live 20 s here: the widget's own timer, on the page's clock, says its
 * token expired well before the status's next 60 s poll would be read.
 */
const SUMSUB_TOKEN_TTL_SECONDS = 20

/** The sandbox widget's own heading once it has loaded the applicant. */
const widgetTitles: Record<VerificationKind, string> = {
  kyc: 'Identity verification (KYC)',
  kyb: 'Business verification (KYB)',
}

const titles: Record<VerificationKind, { card: string; check: string }> = {
  kyc: { card: 'Personal account (KYC)', check: 'Identity check (KYC)' },
  kyb: { card: 'Business account (KYB)', check: 'Business check (KYB)' },
}

interface Ctx {
  flow: FlowPage<VerificationMachine>
  email: string
  /** The page's status reads and token requests, held until the path's step. */
  held: { status: Route[]; token: Route[] }
  statusReads: number
  tokenRequests: number
  /** The tokens the server gave the page, in order. */
  tokens: string[]
  /** How the last token request ended. */
  lastToken: 'given' | 'refused' | null
  /** What the sandbox page's calls sent and got: the token they carried, and its expiry. */
  frameCalls: { action: string; token: string; expiresAt?: string }[]
}

/** The answer of our server when a dependency is down (the contract's ServiceUnavailable). */
function unavailable(what: 'database' | 'provider') {
  return {
    status: 503,
    contentType: 'application/problem+json',
    headers: { 'retry-after': '5' },
    body: JSON.stringify({
      type: `urn:exchange:problem:${what}-unavailable`,
      title: 'Service Unavailable',
      status: 503,
      detail:
        what === 'database'
          ? 'The database cannot be reached right now. Try again shortly.'
          : 'The verification provider cannot be reached right now. Try again shortly.',
      errorType: 'OTHER_ERROR',
    }),
  }
}

/** Resolves once a request is held, and hands over all that are, oldest first. */
async function heldRoutes(list: Route[], what: string): Promise<Route[]> {
  await within(
    (async () => {
      while (list.length === 0) await new Promise((r) => setTimeout(r, 5))
    })(),
    what,
  )
  return list.splice(0, list.length)
}

/** The page's live request of a kind (the last one); any it gave up on before goes nowhere. */
async function liveRoute(list: Route[], what: string): Promise<Route> {
  const [route, ...cancelled] = (await heldRoutes(list, what)).reverse()
  for (const old of cancelled) await old.abort().catch(() => undefined)
  if (!route) throw new Error(`no ${what}`)
  return route
}

function verificationSuite(
  machine: VerificationMachine,
  kind: VerificationKind,
  levelOf: () => BrowserLevel,
) {
  describe(`${kind.toUpperCase()} verification in Chromium with the Sumsub sandbox (docs/product/screens.md#verification-page, docs/product/flows.md#verification, docs/product/providers/sumsub.md#websdk-message-protocol)`, () => {
    const all = verificationEvents(machine)
    // The machine's samples, but for a status report while a token is renewed: the sandbox page,
    // like the WebSDK, waits for its token then and reports nothing.
    const pm = coveringPaths(
      createPathModel(machine, {
        events: (s) =>
          all(s).filter(
            (e) =>
              !(e.type === 'widget.statusChanged' && s.matches({ widget: { open: 'renewing' } })),
          ),
        serializeState: serializeVerification,
      }),
    )
    let accounts = 0

    const pageOf = (ctx: Ctx) => ctx.flow.page
    const card = (ctx: Ctx) => pageOf(ctx).getByRole('region', { name: titles[kind].card })
    const button = (ctx: Ctx) => card(ctx).getByRole('button')
    const exit = (ctx: Ctx) => pageOf(ctx).getByRole('button', { name: 'Exit' })
    const frameElement = (ctx: Ctx) => pageOf(ctx).getByTitle('Verification (sandbox)')
    const frame = (ctx: Ctx) => pageOf(ctx).frameLocator('iframe[title="Verification (sandbox)"]')
    const frameSays = (ctx: Ctx) => frame(ctx).getByRole('status').textContent()
    const sandboxSrc = (token: string) =>
      `/sandbox/sumsub/websdk?accessToken=${encodeURIComponent(token)}`

    const runner = browserRunner<VerificationMachine, Ctx>({
      async open(run) {
        const level = levelOf()
        const flow = await openFlowPage(level, machine, run?.recorder)
        const { page } = flow
        // A customer of their own per path: the applicant's review only moves forward.
        accounts += 1
        const email = `ann.${kind}.${String(accounts)}@example.com`
        await account(level, email, PASSWORD, true)
        await signIn(flow.context, level, email)
        const ctx: Ctx = {
          flow,
          email,
          held: { status: [], token: [] },
          statusReads: 0,
          tokenRequests: 0,
          tokens: [],
          lastToken: null,
          frameCalls: [],
        }
        await page.route(`**/api/sumsub/${kind}-status`, (route) => {
          ctx.statusReads += 1
          ctx.held.status.push(route)
        })
        await page.route(`**/api/sumsub/${kind}`, (route) => {
          ctx.tokenRequests += 1
          ctx.held.token.push(route)
        })
        page.on('requestfinished', (request: Request) => {
          const { pathname } = new URL(request.url())
          if (!pathname.startsWith('/sandbox/sumsub/websdk/api/')) return
          const call = {
            action: pathname.split('/').at(-1) ?? '',
            token: request.headers()['x-access-token'] ?? '',
          }
          ctx.frameCalls.push(call)
          void request.response().then(async (response) => {
            const body = (await response?.json().catch(() => null)) as {
              expiresAt?: string
            } | null
            if (body?.expiresAt) Object.assign(call, { expiresAt: body.expiresAt })
          })
        })
        // The 60 s poll and the widget's token lifetime run on the page's clock, which the test
        // moves.
        await page.clock.install()
        await page.goto(level.url('/app/verification'))
        await flow.actorStarted()
        await page.getByRole('heading', { name: 'Verification', level: 1 }).waitFor()
        await pauseClock(page)
        return ctx
      },
      async act(ctx, event) {
        const { page } = ctx.flow
        const e = event as { type: string; output?: unknown } & Partial<VerificationStatus>
        if (e.type.startsWith('xstate.after.poll')) {
          // The named delay: nothing is read before a full minute has passed.
          const reads = ctx.statusReads
          await page.clock.runFor(STATUS_POLL_MS - 1)
          expect(ctx.statusReads).toBe(reads)
          await page.clock.runFor(1)
          return
        }
        switch (e.type) {
          case 'verification.start':
            await button(ctx).click()
            break
          case 'widget.exit':
            await exit(ctx).click()
            break
          case 'xstate.done.actor.fetchStatus': {
            const route = await liveRoute(ctx.held.status, `the ${kind}-status request`)
            // The review moved on meanwhile where the customer did it: another device's widget.
            const { token } = await logIn(levelOf(), ctx.email)
            await reviewElsewhere(levelOf(), token, kind, e.output as VerificationStatus)
            await route.continue()
            break
          }
          case 'xstate.error.actor.fetchStatus':
            // The status is read from our database, which the test cannot take down for one
            // request: the server's answer then is made where the browser meets the network.
            await (
              await liveRoute(ctx.held.status, `the ${kind}-status request`)
            ).fulfill(unavailable('database'))
            break
          case 'xstate.done.actor.fetchToken':
          case 'xstate.done.actor.renewToken': {
            const route = await liveRoute(ctx.held.token, `the ${kind} token request`)
            const answer = await route.fetch()
            expect(answer.status()).toBe(200)
            ctx.tokens.push(((await answer.json()) as { token: string }).token)
            ctx.lastToken = 'given'
            await route.fulfill({ response: answer })
            break
          }
          case 'xstate.error.actor.fetchToken':
          case 'xstate.error.actor.renewToken':
            // The Sumsub sandbox always mints a token: Sumsub unreachable is our server's 503,
            // made where the browser meets the network.
            await (
              await liveRoute(ctx.held.token, `the ${kind} token request`)
            ).fulfill(unavailable('provider'))
            ctx.lastToken = 'refused'
            break
          case 'widget.statusChanged': {
            // The customer works in the sandbox widget: Submit documents, or Approve standing in
            // for Sumsub's review; the widget reports the status the sandbox then holds.
            const name = e.reviewStatus === 'pending' ? 'Submit documents' : 'Approve'
            const action = frame(ctx).getByRole('button', { name })
            await eventually(() => action.isEnabled()).toBe(true)
            await action.click()
            break
          }
          case 'widget.tokenExpired': {
            // The widget's token runs out on the page's clock: the widget notices when its
            // lifetime has passed and asks the page for a new one.
            const expiresAt = ctx.frameCalls.at(-1)?.expiresAt
            if (!expiresAt) throw new Error('the widget has not loaded its applicant')
            const left = Date.parse(expiresAt) - (await page.evaluate(() => Date.now()))
            await page.clock.runFor(left - 1)
            expect(ctx.flow.snapshot().matches({ widget: { open: 'running' } })).toBe(true)
            await page.clock.runFor(1)
            break
          }
          default:
            throw new Error(`no browser action for ${e.type}`)
        }
      },
      states: {
        status: async (ctx) => {
          // The button follows the status the chart holds (the widget's reports included).
          await eventually(async () => {
            const s = ctx.flow.snapshot()
            const expected = buttonOf(s.context.status)
            return [await button(ctx).textContent(), await button(ctx).isDisabled()].join(' ') ===
              [expected.label, expected.disabled || s.hasTag('embedded')].join(' ')
              ? 'agrees'
              : `shows ${(await button(ctx).textContent()) ?? ''}`
          }).toBe('agrees')
        },
        'status.loading': async (ctx) => {
          await eventually(() => ctx.held.status.length).toBeGreaterThan(0)
        },
        'status.waiting': (ctx) => {
          // Every read was answered: the next one comes with the poll.
          expect(ctx.held.status).toEqual([])
        },
        widget: async (ctx, s) => {
          await pageOf(ctx)
            .getByText(/if requested by a manager/)
            .waitFor()
          // Exit shows exactly while a check is embedded.
          await eventually(() => exit(ctx).count()).toBe(s.hasTag('embedded') ? 1 : 0)
        },
        'widget.closed': async (ctx) => {
          expect(await frameElement(ctx).count()).toBe(0)
          expect(await card(ctx).getByRole('alert').count()).toBe(0)
        },
        'widget.fetchingToken': async (ctx) => {
          const check = pageOf(ctx).getByRole('region', { name: titles[kind].check })
          await eventually(() => check.getByRole('status').textContent()).toBe(
            'Preparing the check…',
          )
          expect(ctx.held.token.length).toBeGreaterThan(0)
        },
        'widget.failed': async (ctx) => {
          await eventually(() => card(ctx).getByRole('alert').textContent()).toBe(START_FAILURE)
          expect(await frameElement(ctx).count()).toBe(0)
        },
        'widget.open': async (ctx) => {
          await pageOf(ctx).getByRole('heading', { name: titles[kind].check }).waitFor()
          // Sandbox mode: the local page, given the first token; a renewal never reloads it.
          expect(await frameElement(ctx).getAttribute('src')).toBe(sandboxSrc(ctx.tokens[0] ?? ''))
          await frame(ctx).getByRole('heading', { name: widgetTitles[kind] }).waitFor()
        },
        'widget.open.running': async (ctx) => {
          // Every token asked for has been answered.
          expect(ctx.held.token).toEqual([])
          if (ctx.lastToken === 'refused')
            // The widget was told there is no new token.
            await eventually(() => frameSays(ctx)).toBe(
              'The access token could not be renewed: The access token could not be renewed.',
            )
          else {
            // The widget works with the last token the server gave (a renewal was handed over).
            await eventually(() => ctx.frameCalls.at(-1)?.token).toBe(ctx.tokens.at(-1))
            await eventually(() => frameSays(ctx)).not.toMatch(/expired|could not be renewed/)
          }
        },
        'widget.open.renewing': async (ctx) => {
          // The widget waits for a new token, which the page has asked our server for.
          await eventually(() => frameSays(ctx)).toBe(
            'The session has expired: waiting for a new access token from the page…',
          )
          await eventually(() => ctx.held.token.length).toBe(1)
        },
      },
    })

    it('has an assertion for every state', () => {
      expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
    })

    it('takes every state and transition through the page and the sandbox widget', async () => {
      const report = await runAllPaths(pm, runner, 'browser')
      expect(report.states.missing).toEqual([])
      expect(report.transitions.missing).toEqual([])
    })
  })
}

describe('verification page in Chromium', () => {
  let level: BrowserLevel | undefined
  beforeAll(async () => {
    level = await startBrowserLevel({
      SANDBOX_SUMSUB_TOKEN_TTL: String(SUMSUB_TOKEN_TTL_SECONDS),
    })
  })
  afterAll(async () => {
    await level?.close()
  })
  const levelOf = () => {
    if (!level) throw new Error('the browser level did not start')
    return level
  }
  verificationSuite(kycVerificationMachine, 'kyc', levelOf)
  verificationSuite(kybVerificationMachine, 'kyb', levelOf)
})
