import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate'
import type { components } from '../../../openapi/main.gen'
import { errorTypeOf } from '../../api/api-call'
import { isWebAddress, originOf, type PaybisWidgetEvent } from './paybis-events'

export type PaymentSession = components['schemas']['PaybisRequest']

/**
 * Why the widget could not be shown: no session id came back, the session was refused, or the
 * account is on hold (ACCOUNT_ON_HOLD: the customer is told to contact support).
 */
export type PaymentWidgetError = 'missing-request' | 'unavailable' | 'on-hold'

export interface PaymentWidgetContext {
  /** The frame's address: the widget URL, later wherever a redirect event sends it. */
  frameUrl: string | null
  /** The origin whose messages are the widget's (the widget URL's origin). */
  widgetOrigin: string
  error: PaymentWidgetError | null
}

export type PaymentWidgetEvent =
  /** 'Exchange now'. */
  | { type: 'payment.open' }
  /** The close button or Escape. */
  | { type: 'payment.close' }
  | PaybisWidgetEvent

const hasSession = (session: Partial<PaymentSession> | undefined) =>
  typeof session?.requestId === 'string' &&
  session.requestId !== '' &&
  typeof session.widgetUrl === 'string' &&
  isWebAddress(session.widgetUrl)

/**
 * Paying by card in the fast exchange (docs/product/screens.md#payment-widget,
 * docs/product/flows.md#payment-widget, docs/product/api.md#payment-widget-session,
 * docs/product/errors.md#payment-widget-failure): 'Exchange now' opens the payment provider's page
 * full screen over the site, and the customer leaves it from the page itself, with the close button
 * or with Escape; when it cannot open, an error says so. In detail, 'Exchange now' opens it full
 * screen with the page scroll locked, asks the server for a session and frames the widget at the
 * returned address; it closes on the widget's `closed` event, the close button or Escape, and a
 * session without a requestId closes it with an error shown.
 */
export const paymentWidgetMachine = setup({
  types: {} as {
    context: PaymentWidgetContext
    events: PaymentWidgetEvent
  },
  actors: {
    /** POST /api/paybis/createRequest. */
    createSession: fromPromise<PaymentSession>(() => {
      throw new Error('paymentWidget: the createSession actor was not provided')
    }),
    /** Locks the page's scroll while it runs (the route layer owns the DOM). */
    lockScroll: fromCallback(() => {
      throw new Error('paymentWidget: the lockScroll actor was not provided')
    }),
    /** Sends the widget's messages (from its origin only) back as events. */
    listenToWidget: fromCallback<PaymentWidgetEvent, { origin: string }>(() => {
      throw new Error('paymentWidget: the listenToWidget actor was not provided')
    }),
  },
  actions: {
    openSession: assign((_, params: { session: PaymentSession }) => ({
      frameUrl: params.session.widgetUrl,
      widgetOrigin: originOf(params.session.widgetUrl),
      error: null,
    })),
    redirect: assign((_, params: { url: string }) => ({ frameUrl: params.url })),
    fail: assign((_, params: { error: PaymentWidgetError }) => ({
      frameUrl: null,
      widgetOrigin: '',
      error: params.error,
    })),
    forget: assign({ frameUrl: null, widgetOrigin: '', error: null }),
  },
  guards: {
    hasSession: (_, params: { session: Partial<PaymentSession> | undefined }) =>
      hasSession(params.session),
    isWebAddress: (_, params: { url: string }) => isWebAddress(params.url),
  },
}).createMachine({
  id: 'paymentWidget',
  description: 'The full-screen card payment widget of the fast exchange',
  context: { frameUrl: null, widgetOrigin: '', error: null },
  initial: 'closed',
  states: {
    closed: {
      description: "Not shown; 'Exchange now' opens it.",
      entry: 'forget',
      on: { 'payment.open': 'active' },
    },
    active: {
      description: 'Full screen over the page, whose scroll is locked.',
      invoke: { id: 'lockScroll', src: 'lockScroll' },
      initial: 'creatingSession',
      on: { 'payment.close': 'closed' },
      states: {
        creatingSession: {
          description: 'The server creates the widget session; a loader shows.',
          invoke: {
            id: 'createSession',
            src: 'createSession',
            onDone: [
              {
                guard: { type: 'hasSession', params: ({ event }) => ({ session: event.output }) },
                target: 'open',
                actions: {
                  type: 'openSession',
                  params: ({ event }) => ({ session: event.output }),
                },
              },
              {
                target: '#paymentWidget.failed',
                actions: { type: 'fail', params: { error: 'missing-request' } },
              },
            ],
            onError: {
              target: '#paymentWidget.failed',
              actions: {
                type: 'fail',
                params: ({ event }) => ({
                  error:
                    errorTypeOf(event.error) === 'ACCOUNT_ON_HOLD'
                      ? ('on-hold' as const)
                      : ('unavailable' as const),
                }),
              },
            },
          },
        },
        open: {
          description: 'The widget is framed at its address; its messages are heard.',
          invoke: {
            id: 'listenToWidget',
            src: 'listenToWidget',
            input: ({ context }) => ({ origin: context.widgetOrigin }),
          },
          on: {
            'widget.closed': '#paymentWidget.closed',
            'widget.redirect': {
              guard: { type: 'isWebAddress', params: ({ event }) => ({ url: event.url }) },
              actions: { type: 'redirect', params: ({ event }) => ({ url: event.url }) },
            },
          },
        },
      },
    },
    failed: {
      description: 'Closed because no session could be had; the error shows on the page.',
      on: { 'payment.open': 'active' },
    },
  },
})

export type PaymentWidgetMachine = typeof paymentWidgetMachine
export type PaymentWidgetSnapshot = SnapshotFrom<PaymentWidgetMachine>

/** What the page shows, read from the chart. */
export function selectPaymentView(snapshot: PaymentWidgetSnapshot) {
  return {
    phase: snapshot.matches({ active: 'open' })
      ? ('open' as const)
      : snapshot.matches('active')
        ? ('loading' as const)
        : ('closed' as const),
    frameUrl: snapshot.context.frameUrl,
    error: snapshot.matches('failed') ? snapshot.context.error : null,
  }
}

export type PaymentView = ReturnType<typeof selectPaymentView>
