import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PaymentWidgetSnapshot } from '../../src/machines/payment-widget/payment-widget.machine'
import { PAYMENT_ERRORS } from '../../src/ui/account/home-page'
import { redirectUrl, session, WIDGET_ORIGIN } from '../../src/flows/fixtures/payment-widget'
import { createPaymentPathModel } from '../machines/payment-widget-model'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { flush, renderSignedIn } from './home-support'
import { json, problem } from './support/fake-api'
import type { RenderedApp } from './support/render-app'

const SESSION = { method: 'POST', path: '/api/paybis/createRequest' }

const widget = () => screen.queryByRole('dialog', { name: 'Fast exchange' })
const frame = () => screen.queryByTitle('Card payment') as HTMLIFrameElement | null
const scrollLocked = () =>
  document.documentElement.style.overflow === 'hidden' && document.body.style.overflow === 'hidden'
const snapshotOf = (app: RenderedApp) =>
  app.probe.actor('paymentWidget').getSnapshot() as PaymentWidgetSnapshot

/** The widget posts to the page, as Paybis does: from its frame, at its origin. */
function widgetPosts(data: unknown, init: { origin?: string; source?: Window | null } = {}) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data,
        origin: init.origin ?? WIDGET_ORIGIN,
        source: init.source === undefined ? (frame()?.contentWindow ?? null) : init.source,
      }),
    )
  })
}

describe('payment widget through the home page (docs/product/screens.md#home, docs/product/flows.md#payment-widget, docs/product/errors.md#payment-widget-failure)', () => {
  const pm = createPaymentPathModel()

  const runner: PathRunner<typeof pm.machine, RenderedApp> = {
    async setup(inspect) {
      const app = await renderSignedIn('/app', {
        machineId: 'paymentWidget',
        inspect,
        prepare: (api) => api.hold(SESSION.method, SESSION.path),
      })
      await screen.findByRole('heading', { name: 'Welcome, Anna' })
      return app
    },
    async event(app, event) {
      const e = event as { type: string; output?: unknown; url?: string }
      switch (e.type) {
        case 'payment.open':
          await app.user.click(screen.getByRole('button', { name: 'Exchange now' }))
          break
        case 'payment.close':
          // Escape where the widget runs; the close button while it loads.
          if (snapshotOf(app).matches({ active: 'open' })) await app.user.keyboard('{Escape}')
          else await app.user.click(screen.getByRole('button', { name: 'Close' }))
          break
        case 'xstate.done.actor.createSession':
          await app.api.answer(SESSION.method, SESSION.path, json(200, e.output))
          break
        case 'xstate.error.actor.createSession':
          await app.api.answer(SESSION.method, SESSION.path, problem('OTHER_ERROR', 503))
          break
        case 'widget.closed':
          widgetPosts({ name: 'closed', payload: {} })
          break
        case 'widget.redirect':
          // Paybis sends some events as JSON strings.
          widgetPosts(JSON.stringify({ name: 'payment-redirect', payload: { url: e.url } }))
          break
      }
      await flush(1)
    },
    snapshot: (app) => snapshotOf(app) as never,
    settleMs: 2000,
    states: {
      closed: () => {
        expect(widget()).toBeNull()
        expect(scrollLocked()).toBe(false)
        expect(screen.queryByRole('alert')).toBeNull()
      },
      failed: (_app, s) => {
        expect(widget()).toBeNull()
        expect(scrollLocked()).toBe(false)
        const error = s.context.error
        expect(error).not.toBeNull()
        if (error) expect(screen.getByRole('alert').textContent).toBe(PAYMENT_ERRORS[error])
      },
      active: () => {
        expect(widget()).not.toBeNull()
        // Full screen, and the page behind cannot scroll.
        expect(scrollLocked()).toBe(true)
      },
      'active.creatingSession': () => {
        expect(screen.getByRole('status').textContent).toContain('Opening the payment window')
        expect(frame()).toBeNull()
      },
      'active.open': (_app, s) => {
        expect(frame()?.getAttribute('src')).toBe(s.context.frameUrl)
        expect([session.widgetUrl, redirectUrl]).toContain(s.context.frameUrl)
      },
    },
    teardown: (app) => {
      app.unmount()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the page', async () => {
    const report = await runAllPaths(pm, runner, 'ui')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  }, 60_000)
})

describe('payment widget messages', () => {
  it("hears only the widget's own frame at the widget's origin", async () => {
    const app = await renderSignedIn('/app', {
      prepare: (api) => api.on(SESSION.method, SESSION.path, () => json(200, session)),
    })
    await screen.findByRole('heading', { name: 'Welcome, Anna' })
    await app.user.click(screen.getByRole('button', { name: 'Exchange now' }))
    await screen.findByTitle('Card payment')
    expect(app.api.last(SESSION.method, SESSION.path)?.body).toBeUndefined()
    // Another origin, another window, and a redirect to a script address change nothing.
    widgetPosts({ name: 'closed' }, { origin: 'https://evil.example' })
    widgetPosts({ name: 'closed' }, { source: window })
    widgetPosts({ name: 'payment-redirect', payload: { url: 'javascript:alert(1)' } })
    await flush()
    expect(frame()?.getAttribute('src')).toBe(session.widgetUrl)
    // The older form of the closed event closes it.
    widgetPosts({ name: 'state', payload: { state: 'closed' } })
    await flush()
    expect(widget()).toBeNull()
    expect(scrollLocked()).toBe(false)
    app.unmount()
  })
})
