/**
 * A quote request's life (docs/product/requests.md#lifecycle), which the server runs as the single
 * authority: it resolves a stored request into this machine, asks whether an action is allowed
 * and stores where the action leads. Events are named after the operations that send them.
 * Facts the machine cannot know (the clock, the four-eyes threshold) arrive in the events.
 */
import { assign, setup } from 'xstate'
import type { components } from '../openapi/main.gen.ts'

export type RequestState = components['schemas']['RequestState']
export type CustomerStatus = components['schemas']['ExchangeRequestStatus']

export interface LifecycleOffer {
  /** ISO instant from which the offer can no longer be accepted. */
  validUntil: string
  needsApproval: boolean
}

export interface LifecycleContext {
  assigneeId: string | null
  offer: LifecycleOffer | null
  /** Who wrote last in the thread: the desk waits on a customer's message, not on its own. */
  lastMessageFrom: 'customer' | 'desk' | null
}

export type LifecycleEvent =
  | { type: 'assignRequest'; assigneeId: string }
  | { type: 'startRequestReview' }
  | { type: 'holdRequest' }
  | { type: 'releaseRequest' }
  | { type: 'askCustomer' }
  | { type: 'sendOffer'; offer: LifecycleOffer }
  | { type: 'approveOffer'; at: string }
  | { type: 'rejectOffer' }
  | { type: 'declineRequest' }
  | { type: 'completeRequest' }
  | { type: 'cancelRequest' }
  | { type: 'replyToExchangeRequest' }
  | { type: 'acceptOffer'; at: string }
  | { type: 'declineOffer' }
  | { type: 'expireOffer'; at: string }

const before = (at: string, offer: LifecycleOffer | null) =>
  offer !== null && Date.parse(at) < Date.parse(offer.validUntil)

/**
 * What every open state allows (a final one allows nothing): the desk may reassign or cancel, and
 * the customer may write. A state lists its own handling of these after this, which wins.
 */
const inEveryOpenState = {
  assignRequest: { actions: 'setAssignee' },
  cancelRequest: { target: 'cancelled', actions: 'dropOffer' },
  replyToExchangeRequest: { actions: 'customerWrote' },
} as const

export const requestLifecycleMachine = setup({
  types: {
    context: {} as LifecycleContext,
    events: {} as LifecycleEvent,
    input: {} as Partial<LifecycleContext>,
  },
  guards: {
    offerNeedsApproval: ({ event }) => event.type === 'sendOffer' && event.offer.needsApproval,
    offerStillValid: ({ context, event }) =>
      'at' in event && typeof event.at === 'string' && before(event.at, context.offer),
    offerLapsed: ({ context, event }) =>
      'at' in event &&
      typeof event.at === 'string' &&
      context.offer !== null &&
      !before(event.at, context.offer),
  },
  actions: {
    setAssignee: assign({
      assigneeId: ({ event, context }) =>
        event.type === 'assignRequest' ? event.assigneeId : context.assigneeId,
    }),
    setOffer: assign({
      offer: ({ event, context }) => (event.type === 'sendOffer' ? event.offer : context.offer),
    }),
    dropOffer: assign({ offer: null }),
    customerWrote: assign({ lastMessageFrom: 'customer' as const }),
    deskWrote: assign({ lastMessageFrom: 'desk' as const }),
  },
}).createMachine({
  id: 'requestLifecycle',
  context: ({ input }) => ({
    assigneeId: input.assigneeId ?? null,
    offer: input.offer ?? null,
    lastMessageFrom: input.lastMessageFrom ?? null,
  }),
  initial: 'submitted',
  states: {
    submitted: {
      on: {
        ...inEveryOpenState,
        assignRequest: { target: 'assigned', actions: 'setAssignee' },
        holdRequest: 'on_hold',
        declineRequest: 'declined',
      },
    },
    assigned: {
      on: {
        ...inEveryOpenState,
        startRequestReview: 'in_review',
        holdRequest: 'on_hold',
        declineRequest: 'declined',
      },
    },
    in_review: {
      on: {
        ...inEveryOpenState,
        askCustomer: { target: 'awaiting_customer', actions: 'deskWrote' },
        sendOffer: [
          { guard: 'offerNeedsApproval', target: 'offer_pending_approval', actions: 'setOffer' },
          { target: 'offer_sent', actions: 'setOffer' },
        ],
        holdRequest: 'on_hold',
        declineRequest: 'declined',
      },
    },
    on_hold: {
      on: {
        ...inEveryOpenState,
        releaseRequest: 'in_review',
        declineRequest: 'declined',
      },
    },
    awaiting_customer: {
      on: {
        ...inEveryOpenState,
        replyToExchangeRequest: { target: 'in_review', actions: 'customerWrote' },
        askCustomer: { actions: 'deskWrote' },
        holdRequest: 'on_hold',
        declineRequest: 'declined',
      },
    },
    offer_pending_approval: {
      on: {
        ...inEveryOpenState,
        approveOffer: { guard: 'offerStillValid', target: 'offer_sent' },
        rejectOffer: { target: 'in_review', actions: 'dropOffer' },
        expireOffer: { guard: 'offerLapsed', target: 'in_review', actions: 'dropOffer' },
        holdRequest: { target: 'on_hold', actions: 'dropOffer' },
        declineRequest: { target: 'declined', actions: 'dropOffer' },
      },
    },
    offer_sent: {
      on: {
        ...inEveryOpenState,
        acceptOffer: { guard: 'offerStillValid', target: 'awaiting_payment' },
        declineOffer: 'declined',
        expireOffer: { guard: 'offerLapsed', target: 'expired' },
        holdRequest: { target: 'on_hold', actions: 'dropOffer' },
      },
    },
    awaiting_payment: {
      on: {
        ...inEveryOpenState,
        completeRequest: 'completed',
      },
    },
    completed: { type: 'final' },
    declined: { type: 'final' },
    expired: { type: 'final' },
    cancelled: { type: 'final' },
  },
})

/** The states a request is finished in: it leaves the desk's open inbox. */
export const FINAL_STATES: readonly RequestState[] = [
  'completed',
  'declined',
  'expired',
  'cancelled',
]

/**
 * What the customer is shown for each internal state: one exhaustive map (the compiler refuses a
 * state without an entry). A hold, a pending approval or anything else internal reads "In review".
 */
const customerStatusOf: Record<RequestState, CustomerStatus> = {
  submitted: 'submitted',
  assigned: 'in_review',
  in_review: 'in_review',
  on_hold: 'in_review',
  awaiting_customer: 'action_needed',
  offer_pending_approval: 'in_review',
  offer_sent: 'offer_ready',
  awaiting_payment: 'awaiting_payment',
  completed: 'completed',
  declined: 'closed',
  expired: 'closed',
  cancelled: 'closed',
}

/** The customer's status for a stored state; a state this code does not know fails closed. */
export function customerStatus(state: string): CustomerStatus {
  return Object.hasOwn(customerStatusOf, state)
    ? customerStatusOf[state as RequestState]
    : 'in_review'
}

/** The customer's labels (docs/product/requests.md#what-the-customer-sees). */
export const CUSTOMER_STATUS_LABELS: Record<CustomerStatus, string> = {
  submitted: 'Submitted',
  in_review: 'In review',
  action_needed: 'Action needed',
  offer_ready: 'Offer ready',
  awaiting_payment: 'Waiting for payment',
  completed: 'Completed',
  closed: 'Closed',
}
