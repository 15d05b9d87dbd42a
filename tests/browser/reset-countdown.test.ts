import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  formatCountdown,
  resetCountdownMachine,
} from '../../src/machines/reset-countdown/reset-countdown.machine'
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
  startBrowserLevel,
  type BrowserLevel,
  type FlowPage,
} from './support/flow-page'

interface Ctx {
  flow: FlowPage<typeof resetCountdownMachine>
  resetBodies: unknown[]
}

describe('forgot-password screen in Chromium: the 3-minute countdown (docs/product/flows.md#password-reset, docs/product/screens.md#check-your-email-screen)', () => {
  let level: BrowserLevel | undefined
  beforeAll(async () => {
    level = await startBrowserLevel()
  })
  afterAll(async () => {
    await level?.close()
  })

  const pm = coveringPaths(
    createPathModel(resetCountdownMachine, {
      events: plainEventsOf(resetCountdownMachine),
      serializeState: (s) => JSON.stringify([s.value, s.context.remaining]),
    }),
  )

  const heading = (ctx: Ctx, name: string) => ctx.flow.page.getByRole('heading', { name })
  const sendAgain = (ctx: Ctx) => ctx.flow.page.getByRole('button', { name: 'Send again' })
  const timer = (ctx: Ctx) => ctx.flow.page.getByRole('timer')

  const runner = browserRunner<typeof resetCountdownMachine, Ctx>({
    async open(run) {
      if (!level) throw new Error('the browser level did not start')
      const flow = await openFlowPage(level, resetCountdownMachine, run?.recorder)
      const ctx: Ctx = { flow, resetBodies: [] }
      flow.page.on('request', (request) => {
        if (request.url().endsWith('/api/auth/reset-password'))
          ctx.resetBodies.push(request.postDataJSON())
      })
      // The countdown's ticks run on the page's clock, which the test moves.
      await flow.page.clock.install()
      await flow.page.goto(level.url('/app/forgot-password'))
      await flow.actorStarted()
      await pauseClock(flow.page)
      return ctx
    },
    async act(ctx, event) {
      const { page } = ctx.flow
      if (event.type === 'xstate.done.actor.requestLink') {
        // The entry form sends the link for real; the server answers 'sent'.
        await page.getByLabel('Email').fill('ann@example.com')
        await page.getByRole('button', { name: 'Send', exact: true }).click()
      } else if (event.type.startsWith('xstate.after.tick')) {
        await page.clock.runFor(1000)
      } else if (event.type === 'countdown.restart') {
        await sendAgain(ctx).click()
      } else throw new Error(`no browser action for ${event.type}`)
    },
    states: {
      requesting: async (ctx) => {
        await heading(ctx, 'Forgot password').waitFor()
        expect(await ctx.flow.page.getByLabel('Email').inputValue()).toBe('')
        expect(await timer(ctx).count()).toBe(0)
      },
      counting: async (ctx, s) => {
        await heading(ctx, 'Check your email').waitFor()
        await eventually(() => timer(ctx).textContent()).toBe(formatCountdown(s.context.remaining))
        expect(await sendAgain(ctx).isDisabled()).toBe(true)
        expect(ctx.resetBodies.at(-1)).toEqual({ email: 'ann@example.com' })
      },
      expired: async (ctx) => {
        await eventually(() => timer(ctx).textContent()).toBe('00:00')
        expect(await sendAgain(ctx).isEnabled()).toBe(true)
      },
    },
  })

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('counts 03:00 down to 00:00 on the page clock, then the button brings the form back', async () => {
    const report = await runAllPaths(pm, runner, 'browser')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })
})
