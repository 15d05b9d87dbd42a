import {
  and,
  assign,
  fromCallback,
  fromPromise,
  setup,
  type EventObject,
  type SnapshotFrom,
} from 'xstate'
import { errorTypeOf, statusOf } from '../../api/api-call'
import type { components } from '../../../openapi/main.gen'

export type CustomerRequestDetails = components['schemas']['CustomerRequestDetails']
export type Offer = components['schemas']['Offer']

/** The longest message the thread takes (RequestMessageText). */
export const MAX_REPLY_LENGTH = 2000

export type MyRequestEvent =
  | { type: 'request.reload' }
  /** The live stream: something changed on one of the customer's requests. */
  | { type: 'request.changed'; requestId: string; kind: string }
  /** The client clock, as an ISO instant: an offer is shown expired once it passes validUntil. */
  | { type: 'clock.tick'; now: string }
  | { type: 'offer.accept' }
  | { type: 'offer.decline' }
  | { type: 'reply.change'; text: string }
  | { type: 'reply.send' }

/** What the last action led to, for the page to say. */
export type MyRequestNotice = 'accepted' | 'declined' | 'replied'

/** Why a reply was not sent before it reached the server. */
export type ReplyProblem = 'blank' | 'tooLong'

export interface MyRequestContext {
  requestId: string
  /** The request as last read; null until the first read answered. */
  details: CustomerRequestDetails | null
  /** The client's clock at its last tick (ISO); null until the first tick. */
  now: string | null
  draft: string
  replyProblem: ReplyProblem | null
  /** The error type of the last failed read or action. */
  failure: string | null
  notice: MyRequestNotice | null
  /** A change arrived while an action was with the server: read once more after it. */
  changedMeanwhile: boolean
}

/** Whether the offer is still open for the customer, by the request and the client clock. */
export function offerOpen(details: CustomerRequestDetails | null, now: string | null): boolean {
  const offer = details?.offer
  if (!details || !offer || details.request.status !== 'offer_ready' || offer.state !== 'open')
    return false
  return now === null || Date.parse(now) < Date.parse(offer.validUntil)
}

function replyProblemOf(draft: string): ReplyProblem | null {
  if (draft.trim() === '') return 'blank'
  return draft.length > MAX_REPLY_LENGTH ? 'tooLong' : null
}

function notProvided(name: string): never {
  throw new Error(`myRequest: the ${name} actor was not provided`)
}

type Done = { event: { output: CustomerRequestDetails } }
type Failed = { event: { error: unknown } }

// Shared by the three actions' outcomes; typed here because they sit outside the machine config.
const adoptOutput = {
  type: 'adopt',
  params: ({ event }: Done) => ({ details: event.output }),
} as const
const failWithError = {
  type: 'fail',
  params: ({ event }: Failed) => ({ error: event.error }),
} as const
const notFoundError = {
  type: 'notFound',
  params: ({ event }: Failed) => ({ error: event.error }),
} as const
const rereadAfterError = {
  type: 'mustReread',
  params: ({ event }: Failed) => ({ error: event.error }),
} as const

/**
 * One of the customer's requests at /app/requests/$requestId (issue 28 part 5): its statuses,
 * the offer with 'Accept offer' and 'Decline offer', and the thread with the desk. Each action
 * sends the version the customer saw, so a request that changed meanwhile is read again and
 * the customer told; live changes are read as they come, never over an action in flight.
 */
export const myRequestMachine = setup({
  types: {} as {
    context: MyRequestContext
    events: MyRequestEvent
    input: { requestId: string }
  },
  actors: {
    /** GET /api/exchange-request/{requestId}. */
    getRequest: fromPromise<CustomerRequestDetails, { requestId: string }>(() =>
      notProvided('getRequest'),
    ),
    /** POST /api/exchange-request/{requestId}/offer/acceptance. */
    acceptOffer: fromPromise<CustomerRequestDetails, { requestId: string; version: number }>(() =>
      notProvided('acceptOffer'),
    ),
    /** POST /api/exchange-request/{requestId}/offer/refusal. */
    declineOffer: fromPromise<CustomerRequestDetails, { requestId: string; version: number }>(() =>
      notProvided('declineOffer'),
    ),
    /** POST /api/exchange-request/{requestId}/messages. */
    sendReply: fromPromise<CustomerRequestDetails, { requestId: string; text: string }>(() =>
      notProvided('sendReply'),
    ),
    /** Sends `request.changed` for each change to the customer's requests until stopped. */
    watchChanges: fromCallback<EventObject>(() => notProvided('watchChanges')),
    /** Sends `clock.tick` at once and then every second until stopped. */
    watchClock: fromCallback<EventObject>(() => notProvided('watchClock')),
  },
  actions: {
    adopt: assign(({ context }, params: { details: CustomerRequestDetails }) => {
      // A new offer is not the one the server said had expired.
      const newOffer = params.details.offer?.createdAt !== context.details?.offer?.createdAt
      return {
        details: params.details,
        failure: newOffer && context.failure === 'OFFER_EXPIRED' ? null : context.failure,
      }
    }),
    tick: assign((_, params: { now: string }) => ({ now: params.now })),
    setDraft: assign((_, params: { text: string }) => ({ draft: params.text, replyProblem: null })),
    refuseReply: assign(({ context }) => ({ replyProblem: replyProblemOf(context.draft) })),
    startAction: assign({
      failure: null,
      notice: null,
      replyProblem: null,
      changedMeanwhile: false,
    }),
    noteChange: assign({ changedMeanwhile: true }),
    done: assign((_, params: { notice: MyRequestNotice }) => ({ notice: params.notice })),
    clearDraft: assign({ draft: '' }),
    fail: assign((_, params: { error: unknown }) => ({ failure: errorTypeOf(params.error) })),
    clearMessages: assign({ failure: null, notice: null }),
  },
  guards: {
    sameRequest: ({ context }, params: { requestId: string }) =>
      params.requestId === context.requestId,
    notFound: (_, params: { error: unknown }) => statusOf(params.error) === 404,
    changedMeanwhile: ({ context }) => context.changedMeanwhile,
    /** The request moved on under the action, or a change came meanwhile: read it again. */
    mustReread: ({ context }, params: { error: unknown }) => {
      const type = errorTypeOf(params.error)
      return context.changedMeanwhile || type === 'STALE_VERSION' || type === 'REQUEST_STATE'
    },
    offerOpen: ({ context }) => offerOpen(context.details, context.now),
    canReply: ({ context }) => canReply(context.details),
    replyValid: ({ context }) => replyProblemOf(context.draft) === null,
  },
}).createMachine({
  id: 'myRequest',
  description: 'One of the customer’s requests: statuses, the offer and the thread',
  context: ({ input }) => ({
    requestId: input.requestId,
    details: null,
    now: null,
    draft: '',
    replyProblem: null,
    failure: null,
    notice: null,
    changedMeanwhile: false,
  }),
  invoke: [
    { id: 'watchChanges', src: 'watchChanges' },
    { id: 'watchClock', src: 'watchClock' },
  ],
  on: {
    'clock.tick': { actions: { type: 'tick', params: ({ event }) => ({ now: event.now }) } },
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The request is being read.',
      invoke: {
        id: 'getRequest',
        src: 'getRequest',
        input: ({ context }) => ({ requestId: context.requestId }),
        onDone: {
          target: 'ready',
          actions: { type: 'adopt', params: ({ event }) => ({ details: event.output }) },
        },
        onError: [
          {
            guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          {
            target: 'loadFailed',
            actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      on: {
        'request.changed': {
          guard: { type: 'sameRequest', params: ({ event }) => ({ requestId: event.requestId }) },
          target: 'loading',
          reenter: true,
        },
      },
    },
    loadFailed: {
      description: "The request could not be read: a message and 'Try again'.",
      on: {
        'request.reload': { target: 'loading', actions: 'clearMessages' },
        'request.changed': {
          guard: { type: 'sameRequest', params: ({ event }) => ({ requestId: event.requestId }) },
          target: 'loading',
        },
      },
    },
    notFound: {
      description: "No such request of this customer: 'Request not found' and a way back.",
    },
    ready: {
      description: 'The request shows: its statuses, the offer and the thread.',
      initial: 'idle',
      on: {
        'reply.change': {
          actions: { type: 'setDraft', params: ({ event }) => ({ text: event.text }) },
        },
      },
      states: {
        idle: {
          description: 'Nothing is with the server; the offer’s buttons and the reply form work.',
          on: {
            'request.changed': {
              guard: {
                type: 'sameRequest',
                params: ({ event }) => ({ requestId: event.requestId }),
              },
              target: 'refreshing',
            },
            'offer.accept': { guard: 'offerOpen', target: 'accepting', actions: 'startAction' },
            'offer.decline': { guard: 'offerOpen', target: 'declining', actions: 'startAction' },
            'reply.send': [
              {
                guard: and(['canReply', 'replyValid']),
                target: 'replying',
                actions: 'startAction',
              },
              { guard: 'canReply', actions: 'refuseReply' },
            ],
          },
        },
        refreshing: {
          description: 'The request is read again after a change; what shows stays meanwhile.',
          invoke: {
            id: 'getRequest',
            src: 'getRequest',
            input: ({ context }) => ({ requestId: context.requestId }),
            onDone: {
              target: 'idle',
              actions: { type: 'adopt', params: ({ event }) => ({ details: event.output }) },
            },
            onError: [
              {
                guard: { type: 'notFound', params: ({ event }) => ({ error: event.error }) },
                target: '#myRequest.notFound',
              },
              {
                target: 'idle',
                actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
          on: {
            'request.changed': {
              guard: {
                type: 'sameRequest',
                params: ({ event }) => ({ requestId: event.requestId }),
              },
              target: 'refreshing',
              reenter: true,
            },
          },
        },
        accepting: {
          description: "'Accept offer' is with the server, with the version shown.",
          invoke: {
            id: 'acceptOffer',
            src: 'acceptOffer',
            input: ({ context }) => actionInput(context),
            onDone: [
              {
                guard: 'changedMeanwhile',
                target: 'refreshing',
                actions: [adoptOutput, { type: 'done', params: { notice: 'accepted' } }],
              },
              {
                target: 'idle',
                actions: [adoptOutput, { type: 'done', params: { notice: 'accepted' } }],
              },
            ],
            onError: [
              { guard: notFoundError, target: '#myRequest.notFound' },
              { guard: rereadAfterError, target: 'refreshing', actions: failWithError },
              { target: 'idle', actions: failWithError },
            ],
          },
          on: {
            'request.changed': {
              guard: {
                type: 'sameRequest',
                params: ({ event }) => ({ requestId: event.requestId }),
              },
              actions: 'noteChange',
            },
          },
        },
        declining: {
          description: "'Decline offer' is with the server, with the version shown.",
          invoke: {
            id: 'declineOffer',
            src: 'declineOffer',
            input: ({ context }) => actionInput(context),
            onDone: [
              {
                guard: 'changedMeanwhile',
                target: 'refreshing',
                actions: [adoptOutput, { type: 'done', params: { notice: 'declined' } }],
              },
              {
                target: 'idle',
                actions: [adoptOutput, { type: 'done', params: { notice: 'declined' } }],
              },
            ],
            onError: [
              { guard: notFoundError, target: '#myRequest.notFound' },
              { guard: rereadAfterError, target: 'refreshing', actions: failWithError },
              { target: 'idle', actions: failWithError },
            ],
          },
          on: {
            'request.changed': {
              guard: {
                type: 'sameRequest',
                params: ({ event }) => ({ requestId: event.requestId }),
              },
              actions: 'noteChange',
            },
          },
        },
        replying: {
          description: 'The reply is with the server; the form waits.',
          invoke: {
            id: 'sendReply',
            src: 'sendReply',
            input: ({ context }) => ({ requestId: context.requestId, text: context.draft.trim() }),
            onDone: [
              {
                guard: 'changedMeanwhile',
                target: 'refreshing',
                actions: [
                  adoptOutput,
                  { type: 'done', params: { notice: 'replied' } },
                  'clearDraft',
                ],
              },
              {
                target: 'idle',
                actions: [
                  adoptOutput,
                  { type: 'done', params: { notice: 'replied' } },
                  'clearDraft',
                ],
              },
            ],
            onError: [
              { guard: notFoundError, target: '#myRequest.notFound' },
              { guard: rereadAfterError, target: 'refreshing', actions: failWithError },
              { target: 'idle', actions: failWithError },
            ],
          },
          on: {
            'request.changed': {
              guard: {
                type: 'sameRequest',
                params: ({ event }) => ({ requestId: event.requestId }),
              },
              actions: 'noteChange',
            },
          },
        },
      },
    },
  },
})

function actionInput(context: MyRequestContext): { requestId: string; version: number } {
  return { requestId: context.requestId, version: context.details?.version ?? 0 }
}

/** A closed or completed request takes no more messages. */
export function canReply(details: CustomerRequestDetails | null): boolean {
  const status = details?.request.status
  return status !== undefined && status !== 'closed' && status !== 'completed'
}

export type MyRequestMachine = typeof myRequestMachine
export type MyRequestSnapshot = SnapshotFrom<MyRequestMachine>

/** What the request page shows, read from the chart. */
export function selectMyRequestView(snapshot: MyRequestSnapshot) {
  const { context } = snapshot
  const { details, now } = context
  const inReady = snapshot.matches('ready')
  const offer = details?.offer ?? null
  const open = offerOpen(details, now)
  // Offered but not open on this clock (or the server said so): expired for the customer.
  const offerExpired =
    offer !== null &&
    (offer.state === 'expired' ||
      (offer.state === 'open' &&
        details?.request.status === 'offer_ready' &&
        (!open || context.failure === 'OFFER_EXPIRED')))
  return {
    phase: snapshot.matches('notFound')
      ? ('notFound' as const)
      : snapshot.matches('loadFailed')
        ? ('loadFailed' as const)
        : inReady && details
          ? ('ready' as const)
          : ('loading' as const),
    details,
    offer,
    offerExpired,
    /** 'Accept offer' and 'Decline offer' show. */
    offerActions: open && !offerExpired,
    /** An action or a read is under way: the buttons wait. */
    busy: !snapshot.matches({ ready: 'idle' }),
    accepting: snapshot.matches({ ready: 'accepting' }),
    declining: snapshot.matches({ ready: 'declining' }),
    replying: snapshot.matches({ ready: 'replying' }),
    canReply: canReply(details),
    /** The request's card payments, newest first. */
    payments: details?.payments ?? [],
    /** 'Pay by card' shows: the offer was accepted and the request waits for payment. */
    canPay: details?.request.status === 'awaiting_payment',
    draft: context.draft,
    replyMaxLength: MAX_REPLY_LENGTH,
    replyProblem: context.replyProblem,
    failure: inReady ? context.failure : null,
    notice: inReady ? context.notice : null,
  }
}

export type MyRequestView = ReturnType<typeof selectMyRequestView>
