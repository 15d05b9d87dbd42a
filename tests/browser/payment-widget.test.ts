import type { Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentEvents, sessionWithoutId } from '../../src/flows/fixtures/payment-widget'
import {
  paymentWidgetMachine,
  type PaymentWidgetSnapshot,
} from '../../src/machines/payment-widget/payment-widget.machine'
import { PAYMENT_ERRORS } from '../../src/ui/account/home-page'
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
  startBrowserLevel,
  within,
  type BrowserLevel,
  type FlowPage,
} from './support/flow-page'
import { customer, signIn } from './support/signed-in'

const EMAIL = 'anna@example.com'

interface Ctx {
  flow: FlowPage<typeof paymentWidgetMachine>
  held: Route[]
  /** The customer clicked in the widget's frame, which then has the keyboard. */
  inFrame: boolean
}

/** Whether the frame followed the widget's redirect to its payment step. */
const followedRedirect = (frameUrl: string | null | undefined) =>
  frameUrl ? new URL(frameUrl).pathname.endsWith('/payment') : false

describe('payment widget in Chromium through the home page, with the Paybis sandbox (docs/product/screens.md#home, docs/product/flows.md#payment-widget, docs/product/errors.md#payment-widget-failure)', () => {
  let level: BrowserLevel | undefined
  beforeAll(async () => {
    level = await startBrowserLevel()
    await customer(level, EMAIL)
  })
  afterAll(async () => {
    await level?.close()
  })

  // The UI level's samples; whether the frame followed the redirect is read from its address's
  // path, which the sandbox's payment step shares with the sample's (/payment), not its host.
  const pm = coveringPaths(
    createPathModel(paymentWidgetMachine, {
      events: paymentEvents,
      serializeState: (s) =>
        JSON.stringify([s.value, s.context.error, followedRedirect(s.context.frameUrl)]),
    }),
  )

  const widget = (ctx: Ctx) => ctx.flow.page.getByRole('dialog', { name: 'Fast exchange' })
  const frame = (ctx: Ctx) => ctx.flow.page.locator('iframe[title="Card payment"]')
  const inFrame = (ctx: Ctx) => ctx.flow.page.frameLocator('iframe[title="Card payment"]')
  const scrollLocked = (ctx: Ctx) =>
    ctx.flow.page.evaluate(
      () =>
        document.documentElement.style.overflow === 'hidden' &&
        document.body.style.overflow === 'hidden',
    )

  const runner = browserRunner<typeof paymentWidgetMachine, Ctx>({
    async open(run) {
      if (!level) throw new Error('the browser level did not start')
      const flow = await openFlowPage(level, paymentWidgetMachine, run?.recorder)
      const ctx: Ctx = { flow, held: [], inFrame: false }
      await signIn(flow.context, level, EMAIL)
      await flow.page.route('**/api/paybis/createRequest', (route) => {
        ctx.held.push(route)
      })
      await flow.page.goto(level.url('/app'))
      await flow.actorStarted()
      await flow.page.getByRole('button', { name: 'Exchange now' }).waitFor()
      return ctx
    },
    async act(ctx, event) {
      const e = event as { type: string; output?: unknown }
      const { page } = ctx.flow
      const held = () =>
        within(
          (async () => {
            while (ctx.held.length === 0) await new Promise((r) => setTimeout(r, 5))
            return ctx.held.splice(0, 1)[0] as Route
          })(),
          'the session request',
        )
      switch (e.type) {
        case 'payment.open':
          await page.getByRole('button', { name: 'Exchange now' }).click()
          break
        case 'payment.close':
          // Escape where the widget runs, unless the keyboard is in the provider's frame, whose
          // keys never reach the page (a cross-origin frame in production); else the bar's Close.
          if (ctx.flow.snapshot().matches({ active: 'open' }) && !ctx.inFrame)
            await page.keyboard.press('Escape')
          else await widget(ctx).getByRole('button', { name: 'Close', exact: true }).click()
          break
        case 'xstate.done.actor.createSession':
          if ((e.output as { requestId?: string }).requestId === sessionWithoutId.requestId)
            // Paybis answering without a request id: the sandbox always creates one.
            await (await held()).fulfill({ json: sessionWithoutId })
          // The sandbox's session: its widget, framed from this server.
          else await (await held()).continue()
          break
        case 'xstate.error.actor.createSession':
          // Paybis unreachable: the sandbox always answers.
          await (
            await held()
          ).fulfill({
            status: 503,
            contentType: 'application/problem+json',
            json: {
              type: 'about:blank',
              title: 'Service Unavailable',
              status: 503,
              errorType: 'OTHER_ERROR',
            },
          })
          break
        case 'widget.redirect':
          // The sandbox widget's own redirect event, as Paybis's after the amount is chosen.
          await inFrame(ctx).getByRole('button', { name: 'Pay by card' }).click()
          ctx.inFrame = true
          break
        case 'widget.closed':
          // The widget's closed event, from its own Close button.
          await inFrame(ctx).getByRole('button', { name: 'Close' }).click()
          break
        default:
          throw new Error(`no browser action for ${e.type}`)
      }
    },
    states: {
      closed: async (ctx) => {
        await eventually(() => widget(ctx).count()).toBe(0)
        expect(await scrollLocked(ctx)).toBe(false)
        expect(await ctx.flow.page.getByRole('alert').count()).toBe(0)
      },
      failed: async (ctx, s: PaymentWidgetSnapshot) => {
        await eventually(() => widget(ctx).count()).toBe(0)
        expect(await scrollLocked(ctx)).toBe(false)
        const { error } = s.context
        expect(error).not.toBeNull()
        if (error)
          await eventually(() => ctx.flow.page.getByRole('alert').textContent()).toBe(
            PAYMENT_ERRORS[error],
          )
      },
      active: async (ctx) => {
        await widget(ctx).waitFor()
        // Full screen, and the page behind cannot scroll.
        await eventually(() => scrollLocked(ctx)).toBe(true)
      },
      'active.creatingSession': async (ctx) => {
        await eventually(() => widget(ctx).getByRole('status').textContent()).toContain(
          'Opening the payment window',
        )
        expect(await frame(ctx).count()).toBe(0)
      },
      'active.open': async (ctx, s: PaymentWidgetSnapshot) => {
        await eventually(() => frame(ctx).getAttribute('src')).toBe(s.context.frameUrl)
        // The sandbox's widget, or its payment step once the widget redirected.
        expect(new URL(s.context.frameUrl ?? '').pathname).toMatch(
          /^\/sandbox\/paybis\/(widget|payment)$/,
        )
        await inFrame(ctx).getByRole('button', { name: 'Close' }).waitFor()
      },
    },
  })

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the page and the Paybis sandbox', async () => {
    const report = await runAllPaths(pm, runner, 'browser')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })
})
