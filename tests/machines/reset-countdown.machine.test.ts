import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, type Actor } from 'xstate'
import { forgotPasswordFormMachine } from '../../src/machines/forms/forgot-password-form.machine'
import { submitWith } from '../../src/machines/forms/form.machine'
import {
  formatCountdown,
  RESET_COUNTDOWN_SECONDS,
  resetCountdownMachine,
} from '../../src/machines/reset-countdown/reset-countdown.machine'
import { DeferredQueue } from '../support/deferred'
import {
  createPathModel,
  plainEventsOf,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'

interface Ctx {
  actor: Actor<typeof resetCountdownMachine>
  requests: DeferredQueue<undefined>
  emails: string[]
}

describe('reset countdown (docs/product/flows.md#password-reset)', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const pm = createPathModel(resetCountdownMachine, {
    events: plainEventsOf(resetCountdownMachine),
    serializeState: (s) => JSON.stringify([s.value, s.context.remaining]),
  })

  const runner: PathRunner<typeof resetCountdownMachine, Ctx> = {
    setup(inspect) {
      const requests = new DeferredQueue<undefined>()
      const emails: string[] = []
      const actor = createActor(
        resetCountdownMachine.provide({
          actors: {
            requestLink: forgotPasswordFormMachine.provide({
              actors: {
                submit: submitWith(({ email }: { email: string }) => {
                  emails.push(email)
                  return requests.next()
                }),
              },
            }),
          },
        }),
        { inspect },
      ).start()
      return { actor, requests, emails }
    },
    async event(ctx, event) {
      if (event.type === 'xstate.done.actor.requestLink') {
        // The child form sends the link: the customer types the e-mail and sends it.
        const form = ctx.actor.getSnapshot().children.requestLink
        form?.send({ type: 'field.change', field: 'email', value: 'ann@example.com' })
        form?.send({ type: 'form.submit' })
        ctx.requests.latest.resolve(undefined)
      } else if (event.type.startsWith('xstate.after.tick')) {
        vi.advanceTimersByTime(1000)
      } else if (event.type === 'countdown.restart') {
        ctx.actor.send({ type: 'countdown.restart' })
      }
      await vi.advanceTimersByTimeAsync(0)
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      requesting: (ctx, s) => {
        expect(s.children.requestLink?.getSnapshot().value).toBe('editing')
        expect(s.can({ type: 'countdown.restart' })).toBe(false)
        expect(ctx.emails.length).toBe(ctx.requests.all.length)
      },
      counting: (ctx, s) => {
        expect(s.context.remaining).toBeGreaterThan(0)
        expect(s.context.remaining).toBeLessThanOrEqual(RESET_COUNTDOWN_SECONDS)
        expect(ctx.emails.at(-1)).toBe('ann@example.com')
        // The send button is disabled while the countdown runs.
        expect(s.can({ type: 'countdown.restart' })).toBe(false)
      },
      expired: (_ctx, s) => {
        expect(formatCountdown(s.context.remaining)).toBe('00:00')
        expect(s.can({ type: 'countdown.restart' })).toBe(true)
      },
    },
    teardown: (ctx) => {
      ctx.actor.stop()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition on generated paths (180 ticks of 1 s)', async () => {
    const report = await runAllPaths(pm, runner, 'machine')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
    // From the form to the end of the countdown takes 180 ticks.
    expect(Math.max(...pm.paths.map((p) => p.steps.length))).toBeGreaterThan(
      RESET_COUNTDOWN_SECONDS,
    )
  })

  it('formats the remaining time as mm:ss', () => {
    expect(formatCountdown(180)).toBe('03:00')
    expect(formatCountdown(179)).toBe('02:59')
    expect(formatCountdown(61)).toBe('01:01')
    expect(formatCountdown(9)).toBe('00:09')
    expect(formatCountdown(0)).toBe('00:00')
  })
})
