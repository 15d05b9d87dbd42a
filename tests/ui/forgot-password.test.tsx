import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  forgotPasswordFormMachine,
  forgotPasswordSchema,
} from '../../src/machines/forms/forgot-password-form.machine'
import {
  formatCountdown,
  RESET_COUNTDOWN_SECONDS,
  resetCountdownMachine,
} from '../../src/machines/reset-countdown/reset-countdown.machine'
import { forgotPasswordFixture } from '../../src/flows/fixtures/forms'
import {
  createPathModel,
  plainEventsOf,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'
import { json } from './support/fake-api'
import { formUiSuite } from './support/form-ui-suite'
import { renderApp, type RenderedApp } from './support/render-app'

const GENERIC = 'Error. Please try again or contact support'
const RESET = { method: 'POST', path: '/api/auth/reset-password' }

formUiSuite(
  'forgot-password screen: the entry form (docs/product/screens.md#forgot-password-screen, docs/product/validation.md#forgot-password, docs/product/errors.md#forgot-password-failure)',
  {
    machine: forgotPasswordFormMachine,
    fixture: { schema: forgotPasswordSchema, ...forgotPasswordFixture },
    path: '/app/forgot-password',
    call: RESET,
    expectedBody: () => forgotPasswordFixture.valid,
    success: () => json(200, { status: 'sent' }),
    labels: { email: 'Email' },
    submitLabel: 'Send',
    heading: 'Forgot password',
    failureText: () => GENERIC,
    afterSuccess: async (_app, { t }) => {
      expect(await screen.findByRole('heading', { name: t('Check your email') })).toBeTruthy()
      expect(screen.getByRole('timer').textContent).toBe('03:00')
    },
  },
)

/** Lets React, the router and the actors finish what the last step started, without moving time. */
async function settle(until: () => boolean = () => false) {
  for (let i = 0; i < 50 && !until(); i++) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0)
    })
  }
}

describe('forgot-password screen: the 3-minute countdown (docs/product/flows.md#password-reset)', () => {
  beforeEach(() => {
    // Only the clock: React's scheduling and the fetch bodies keep their real queues.
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    })
    // Testing Library recognises fake timers through a `jest` global and then advances them
    // itself; without it, its wrappers wait for a timer nobody moves.
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  const pm = createPathModel(resetCountdownMachine, {
    events: plainEventsOf(resetCountdownMachine),
    serializeState: (s) => JSON.stringify([s.value, s.context.remaining]),
  })
  const sendAgain = () => screen.getByRole('button', { name: 'Send again' }) as HTMLButtonElement

  const runner: PathRunner<typeof resetCountdownMachine, RenderedApp> = {
    async setup(inspect) {
      const app = await renderApp('/app/forgot-password', {
        user: { advanceTimers: (ms) => vi.advanceTimersByTime(ms) },
      })
      app.api.hold(RESET.method, RESET.path)
      app.probe.record('resetCountdown', inspect)
      await settle(() => screen.queryByRole('heading', { name: 'Forgot password' }) !== null)
      return app
    },
    async event(app, event) {
      if (event.type === 'xstate.done.actor.requestLink') {
        const sent = app.api.held(RESET.method, RESET.path).length
        await app.user.type(screen.getByLabelText('Email'), 'ann@example.com')
        await app.user.click(screen.getByRole('button', { name: 'Send' }))
        await settle(() => app.api.held(RESET.method, RESET.path).length > sent)
        expect(app.api.last(RESET.method, RESET.path)?.body).toEqual({ email: 'ann@example.com' })
        await app.api.answer(RESET.method, RESET.path, json(200, { status: 'sent' }))
        await settle(() => screen.queryByRole('heading', { name: 'Check your email' }) !== null)
      } else if (event.type.startsWith('xstate.after.tick')) {
        await act(async () => {
          await vi.advanceTimersByTimeAsync(1000)
        })
      } else if (event.type === 'countdown.restart') {
        await app.user.click(sendAgain())
        await settle(() => screen.queryByLabelText('Email') !== null)
      }
    },
    snapshot: (app) => app.probe.actor('resetCountdown').getSnapshot() as never,
    states: {
      requesting: () => {
        expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeTruthy()
        expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('')
        expect(screen.queryByRole('timer')).toBeNull()
      },
      counting: (_app, s) => {
        expect(screen.getByRole('heading', { name: 'Check your email' })).toBeTruthy()
        expect(screen.getByRole('timer').textContent).toBe(formatCountdown(s.context.remaining))
        expect(sendAgain().disabled).toBe(true)
      },
      expired: () => {
        expect(screen.getByRole('timer').textContent).toBe('00:00')
        expect(sendAgain().disabled).toBe(false)
      },
    },
    teardown: (app) => {
      app.unmount()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('counts 03:00 down to 00:00 in mm:ss, then the button brings the form back', async () => {
    const report = await runAllPaths(pm, runner, 'ui')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
    expect(RESET_COUNTDOWN_SECONDS).toBe(180)
  }, 30_000)
})
