import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise, type Actor } from 'xstate'
import { isWebAddress, paybisEventOf } from '../../src/machines/payment-widget/paybis-events'
import {
  paymentWidgetMachine,
  selectPaymentView,
  type PaymentSession,
  type PaymentWidgetEvent,
} from '../../src/machines/payment-widget/payment-widget.machine'
import { DeferredQueue } from '../support/deferred'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { redirectUrl, session, WIDGET_ORIGIN } from '../../src/flows/fixtures/payment-widget'
import { createPaymentPathModel } from './payment-widget-model'

interface Ctx {
  actor: Actor<typeof paymentWidgetMachine>
  sessions: DeferredQueue<PaymentSession>
  locked: boolean
  /** The widget's messages reach the chart through the listener, as the page delivers them. */
  widget?: { origin: string; send: (event: PaymentWidgetEvent) => void }
}

describe('payment widget (docs/product/flows.md#payment-widget)', () => {
  const pm = createPaymentPathModel()

  const runner: PathRunner<typeof paymentWidgetMachine, Ctx> = {
    setup(inspect) {
      const ctx = { sessions: new DeferredQueue<PaymentSession>(), locked: false } as Ctx
      ctx.actor = createActor(
        paymentWidgetMachine.provide({
          actors: {
            createSession: fromPromise(() => ctx.sessions.next()),
            lockScroll: fromCallback(() => {
              ctx.locked = true
              return () => {
                ctx.locked = false
              }
            }),
            listenToWidget: fromCallback(({ input, sendBack }) => {
              ctx.widget = { origin: input.origin, send: sendBack }
              return () => {
                ctx.widget = undefined
              }
            }),
          },
        }),
        { inspect },
      ).start()
      return ctx
    },
    async event(ctx, event) {
      const e = event as { type: string; output?: PaymentSession }
      if (e.type === 'xstate.done.actor.createSession' && e.output)
        ctx.sessions.latest.resolve(e.output)
      else if (e.type === 'xstate.error.actor.createSession')
        ctx.sessions.latest.reject(new Error('503'))
      else if (e.type.startsWith('widget.')) ctx.widget?.send(event as PaymentWidgetEvent)
      else ctx.actor.send(event as PaymentWidgetEvent)
      await new Promise((r) => setTimeout(r, 0))
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      closed: (ctx, s) => {
        expect(ctx.locked).toBe(false)
        expect(ctx.widget).toBeUndefined()
        expect(selectPaymentView(s)).toEqual({ phase: 'closed', frameUrl: null, error: null })
      },
      failed: (ctx, s) => {
        expect(ctx.locked).toBe(false)
        expect(ctx.widget).toBeUndefined()
        const view = selectPaymentView(s)
        expect(view.phase).toBe('closed')
        expect(['missing-request', 'unavailable']).toContain(view.error)
      },
      active: (ctx) => {
        expect(ctx.locked).toBe(true)
      },
      'active.creatingSession': (ctx, s) => {
        expect(selectPaymentView(s).phase).toBe('loading')
        expect(ctx.widget).toBeUndefined()
      },
      'active.open': (ctx, s) => {
        const view = selectPaymentView(s)
        expect(view.phase).toBe('open')
        expect([session.widgetUrl, redirectUrl]).toContain(view.frameUrl)
        // Only the widget's origin is listened to.
        expect(ctx.widget?.origin).toBe(WIDGET_ORIGIN)
      },
    },
    teardown: (ctx) => {
      ctx.actor.stop()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition on generated paths', async () => {
    const report = await runAllPaths(pm, runner, 'machine')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  it('never sends the frame to an address that is not http(s)', () => {
    const actor = createActor(
      paymentWidgetMachine.provide({
        actors: {
          createSession: fromPromise(() => Promise.resolve(session)),
          lockScroll: fromCallback(() => undefined),
          listenToWidget: fromCallback(() => undefined),
        },
      }),
    ).start()
    actor.send({ type: 'payment.open' })
    return new Promise<void>((done) => {
      setTimeout(() => {
        actor.send({ type: 'widget.redirect', url: 'javascript:alert(1)' })
        expect(actor.getSnapshot().context.frameUrl).toBe(session.widgetUrl)
        expect(isWebAddress('data:text/html,hi')).toBe(false)
        done()
      }, 0)
    })
  })

  it("reads the widget's messages as objects or JSON strings, in both event forms", () => {
    expect(paybisEventOf({ name: 'closed', payload: {} })).toEqual({ type: 'widget.closed' })
    expect(paybisEventOf('{"name":"closed"}')).toEqual({ type: 'widget.closed' })
    expect(paybisEventOf({ name: 'state', payload: 'closed' })).toEqual({ type: 'widget.closed' })
    expect(paybisEventOf({ name: 'state', payload: { state: 'closed' } })).toEqual({
      type: 'widget.closed',
    })
    expect(paybisEventOf({ name: 'payment-redirect', payload: { url: redirectUrl } })).toEqual({
      type: 'widget.redirect',
      url: redirectUrl,
    })
    expect(paybisEventOf({ name: 'loaded', payload: {} })).toBeNull()
    expect(paybisEventOf('not json')).toBeNull()
    expect(paybisEventOf(null)).toBeNull()
  })
})
