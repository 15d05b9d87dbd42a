import { assign, fromCallback, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate'
import type { WidgetEvent } from './sumsub-messages'
import {
  buttonOf,
  isCompleted,
  NOT_STARTED,
  type OpenVerificationRequest,
  type PolledStatus,
  type VerificationKind,
  type VerificationStatus,
} from './verification-status'

/** Each status is polled every 60 seconds (docs/product/limits.md#polling-and-cache). */
export const STATUS_POLL_MS = 60_000

export interface VerificationContext {
  kind: VerificationKind
  status: VerificationStatus
  /** Our team's open request for this kind, as the last poll read it (none: null). */
  request: OpenVerificationRequest | null
  /** The token the widget was opened with (a renewed one is handed over, not re-rendered). */
  token: string | null
  /** How many times the token was renewed while the widget ran. */
  renewals: number
}

export type VerificationEvent =
  /** The button: 'Start' or 'Continue'. */
  | { type: 'verification.start' }
  /** Exit: closes the embedded check. */
  | { type: 'widget.exit' }
  | WidgetEvent

/** What the chart tells the widget bridge: the renewed token, or that there is none. */
export type WidgetCommand =
  { type: 'token.deliver'; token: string } | { type: 'token.refused'; error: string }

function createVerificationMachine(kind: VerificationKind) {
  const id = `${kind}Verification`
  const notProvided = (name: string): never => {
    throw new Error(`${id}: the ${name} actor was not provided`)
  }
  return setup({
    types: {} as {
      context: VerificationContext
      events: VerificationEvent
    },
    actors: {
      /** GET /api/sumsub/{kind}-status. */
      fetchStatus: fromPromise<PolledStatus>(() => notProvided('fetchStatus')),
      /** POST /api/sumsub/{kind}: a token to open the widget with. */
      fetchToken: fromPromise<string>(() => notProvided('fetchToken')),
      /** POST /api/sumsub/{kind} again when the widget reports its token expired. */
      renewToken: fromPromise<string>(() => notProvided('renewToken')),
      /**
       * The page's link to the embedded widget: sends its status reports and token expiry back,
       * and hands it what the chart sends (WidgetCommand). Provided by the route layer.
       */
      widgetBridge: fromCallback<WidgetCommand, { token: string }, WidgetEvent>(() =>
        notProvided('widgetBridge'),
      ),
    },
    actions: {
      setStatus: assign((_, params: { status: VerificationStatus }) => ({
        status: params.status,
      })),
      // Only a poll knows of requests; the widget's reports leave the last one read.
      setPolled: assign((_, params: { polled: PolledStatus }) => ({
        status: {
          reviewStatus: params.polled.reviewStatus,
          reviewAnswer: params.polled.reviewAnswer,
        },
        request: params.polled.request ?? null,
      })),
      setToken: assign((_, params: { token: string }) => ({ token: params.token, renewals: 0 })),
      countRenewal: assign(({ context }) => ({ renewals: context.renewals + 1 })),
      forgetToken: assign({ token: null }),
    },
    guards: {
      canStart: ({ context }) => !isCompleted(context.status),
    },
    delays: { poll: STATUS_POLL_MS },
  }).createMachine({
    id,
    description: `${kind.toUpperCase()} verification: the status polled every minute, and the embedded check`,
    context: { kind, status: NOT_STARTED, request: null, token: null, renewals: 0 },
    type: 'parallel',
    states: {
      status: {
        description: 'The review status, read now and every 60 s (the button label follows it).',
        initial: 'loading',
        states: {
          loading: {
            description: 'The status is being read.',
            invoke: {
              id: 'fetchStatus',
              src: 'fetchStatus',
              onDone: {
                target: 'waiting',
                actions: { type: 'setPolled', params: ({ event }) => ({ polled: event.output }) },
              },
              // The last known status stays; the next poll tries again.
              onError: 'waiting',
            },
          },
          waiting: {
            description: 'Until the next poll (60 s).',
            after: { poll: 'loading' },
          },
        },
      },
      widget: {
        description: "The provider's widget, embedded after the button is pressed.",
        initial: 'closed',
        states: {
          closed: {
            description: 'Only the button shows.',
            entry: 'forgetToken',
            on: { 'verification.start': { guard: 'canStart', target: 'fetchingToken' } },
          },
          fetchingToken: {
            description: 'A token is fetched for the widget; Exit gives up.',
            tags: ['embedded'],
            invoke: {
              id: 'fetchToken',
              src: 'fetchToken',
              onDone: {
                target: 'open',
                actions: { type: 'setToken', params: ({ event }) => ({ token: event.output }) },
              },
              onError: 'failed',
            },
            on: { 'widget.exit': 'closed' },
          },
          failed: {
            description:
              'No token could be had: a message shows and the button can be pressed again.',
            on: { 'verification.start': { guard: 'canStart', target: 'fetchingToken' } },
          },
          open: {
            description: 'The widget runs; a status it reports changes the button at once.',
            tags: ['embedded'],
            invoke: {
              id: 'widgetBridge',
              src: 'widgetBridge',
              input: ({ context }) => ({ token: context.token ?? '' }),
            },
            initial: 'running',
            on: {
              // The status stays as the widget last reported it: the server may not have heard
              // yet (the webhook can lag), and the next poll reads it.
              'widget.exit': 'closed',
              'widget.statusChanged': {
                actions: {
                  type: 'setStatus',
                  params: ({ event }) => ({
                    status: { reviewStatus: event.reviewStatus, reviewAnswer: event.reviewAnswer },
                  }),
                },
              },
            },
            states: {
              running: {
                description: 'The customer works in the widget.',
                on: { 'widget.tokenExpired': 'renewing' },
              },
              renewing: {
                description:
                  'The widget reported an expired token: a new one is fetched and handed over.',
                invoke: {
                  id: 'renewToken',
                  src: 'renewToken',
                  onDone: {
                    target: 'running',
                    actions: [
                      'countRenewal',
                      sendTo('widgetBridge', ({ event }) => ({
                        type: 'token.deliver' as const,
                        token: event.output,
                      })),
                    ],
                  },
                  onError: {
                    target: 'running',
                    actions: sendTo('widgetBridge', {
                      type: 'token.refused' as const,
                      error: 'The access token could not be renewed',
                    }),
                  },
                },
              },
            },
          },
        },
      },
    },
  })
}

/**
 * Identity verification of a person, KYC (docs/product/screens.md#verification-page,
 * docs/product/data.md#kyc-status, docs/product/flows.md#verification,
 * docs/product/api.md#verification-calls, docs/product/limits.md#polling-and-cache): the customer
 * sees where their verification stands, kept up to date every minute, and the button starts or
 * continues the check in an embedded window until they exit. The status is read at once and every
 * 60 s and gives the button its label; pressing it fetches a token and embeds the widget until
 * Exit, renewing the token whenever the widget reports it expired.
 */
export const kycVerificationMachine = createVerificationMachine('kyc')

/**
 * Verification of a business, KYB (docs/product/screens.md#verification-page,
 * docs/product/data.md#kyb-status, docs/product/flows.md#verification,
 * docs/product/api.md#verification-calls, docs/product/limits.md#polling-and-cache): the same as
 * for a person, for the customer's company. The same chart as KYC over the KYB calls: status polled
 * every 60 s, the button's label from it, the embedded widget with token renewal until Exit.
 */
export const kybVerificationMachine = createVerificationMachine('kyb')

export type VerificationMachine = typeof kycVerificationMachine
export type VerificationSnapshot = SnapshotFrom<VerificationMachine>

/** What the page shows for one kind, read from the chart. */
export function selectVerificationView(snapshot: VerificationSnapshot) {
  const embedded = snapshot.hasTag('embedded')
  const button = buttonOf(snapshot.context.status)
  return {
    label: button.label,
    disabled: button.disabled || embedded,
    /** The widget area shows: 'loading' while the token comes, 'open' with the widget. */
    widget: snapshot.matches({ widget: 'open' })
      ? ('open' as const)
      : embedded
        ? ('loading' as const)
        : ('closed' as const),
    token: snapshot.context.token,
    /** Our team's open request for this kind, shown above the buttons. */
    request: snapshot.context.request,
    failed: snapshot.matches({ widget: 'failed' }),
  }
}

export type VerificationView = ReturnType<typeof selectVerificationView>
