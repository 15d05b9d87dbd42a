import {
  assign,
  fromCallback,
  fromPromise,
  setup,
  type EventObject,
  type SnapshotFrom,
} from 'xstate'
import type { components } from '../../../openapi/main.gen'
import {
  checkOfferDraft,
  emptyOfferDraft,
  validUntilInstant,
  type OfferDraft,
  type OfferDraftField,
} from './offer-draft'
import {
  deskOperations,
  isDirectOperation,
  operationPermission,
  requestFailureOf,
  type DeskOperation,
  type DirectOperation,
  type FormOperation,
  type ReasonOperation,
  type RequestChanged,
  type RequestFailure,
} from './request-desk'

export type DeskRequestDetails = components['schemas']['DeskRequestDetails']
export type OfferProposal = components['schemas']['OfferProposal']

export interface OpsRequestInput {
  requestId: string
  /** Who is working: their permissions decide which of the allowed actions are offered. */
  self: { id: string; email: string; permissions: readonly string[] }
}

/** One action on the request, as the server takes it: always on the version shown. */
export type RequestActionInput = { requestId: string } & (
  | { operation: 'assignRequest'; body: { version: number; assigneeId: string } }
  | {
      operation: 'startRequestReview' | 'approveOffer' | 'completeRequest'
      body: { version: number }
    }
  | { operation: ReasonOperation; body: { version: number; reason: string } }
  | { operation: 'askCustomer'; body: { version: number; text: string } }
  | { operation: 'sendOffer'; body: OfferProposal }
  | { operation: 'addRequestNote'; body: { text: string } }
)

/** What the page says after an action went through. */
export interface RequestNotice {
  kind: 'done'
  operation: DeskOperation
}

export interface OpsRequestContext extends OpsRequestInput {
  details: DeskRequestDetails | null
  /** The action under way or whose form is open. */
  operation: DeskOperation | null
  /** The reason, question or note being typed. */
  text: string
  offer: OfferDraft
  /** A change came while an action was being sent: read once more after it. */
  changedMeanwhile: boolean
  notice: RequestNotice | null
  failure: RequestFailure | null
}

export type OpsRequestEvent =
  | { type: 'request.reload' }
  | { type: 'action.open'; operation: FormOperation }
  | { type: 'action.run'; operation: DirectOperation }
  | { type: 'text.change'; value: string }
  | { type: 'offer.change'; field: OfferDraftField; value: string }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | RequestChanged

/**
 * Whether this person is offered the action now: the request's state allows it (a note is allowed
 * in every state), their roles hold its permission, and "Assign to me" is not already true.
 */
export function mayRun(
  context: Pick<OpsRequestContext, 'self'>,
  details: DeskRequestDetails | null,
  operation: DeskOperation,
): boolean {
  if (!details || !context.self.permissions.includes(operationPermission[operation])) return false
  if (operation === 'addRequestNote') return true
  if (operation === 'assignRequest' && details.summary.assignee?.id === context.self.id)
    return false
  return details.allowed.includes(operation)
}

/** Whether the open form may be sent: what its submit button's `state.can` asks. */
export function formReady(context: OpsRequestContext): boolean {
  const { operation, details } = context
  if (!operation || !details) return false
  if (operation === 'sendOffer')
    return checkOfferDraft(context.offer, details.summary.fromCurrency, details.summary.toCurrency)
      .ready
  return context.text.trim() !== ''
}

/** The action's call, from the form or the click and the version on screen. */
function actionInput(context: OpsRequestContext): RequestActionInput {
  const { requestId, operation, details } = context
  const version = details?.summary.version ?? 0
  const text = context.text.trim()
  switch (operation) {
    case 'assignRequest':
      return { requestId, operation, body: { version, assigneeId: context.self.id } }
    case 'askCustomer':
      return { requestId, operation, body: { version, text } }
    case 'addRequestNote':
      return { requestId, operation, body: { text } }
    case 'sendOffer': {
      const { figures } = checkOfferDraft(
        context.offer,
        details?.summary.fromCurrency ?? '',
        details?.summary.toCurrency ?? '',
      )
      return {
        requestId,
        operation,
        body: {
          version,
          rate: figures?.rate ?? '',
          amountPaid: figures?.amountPaid ?? '',
          amountReceived: figures?.amountReceived ?? '',
          fee: figures?.fee ?? '',
          validUntil: validUntilInstant(context.offer.validUntil) ?? '',
        },
      }
    }
    case 'startRequestReview':
    case 'approveOffer':
    case 'completeRequest':
      return { requestId, operation, body: { version } }
    case 'holdRequest':
    case 'releaseRequest':
    case 'rejectOffer':
    case 'declineRequest':
    case 'cancelRequest':
      return { requestId, operation, body: { version, reason: text } }
    case null:
      throw new Error('opsRequest: no action to send')
  }
}

/**
 * A request on the desk (docs/product/requests.md#the-desk): its customer, figures, internal state
 * and timeline, offers, messages and notes, with the actions its state allows and the person's
 * roles permit. A reason, a question, a note or an offer is typed in a form; every action is sent
 * with the version shown, and one refused as stale reads the request again. Changes told by
 * `watchChanges` re-read it, except while an action is being sent: then once after.
 */
export const opsRequestMachine = setup({
  types: {} as { context: OpsRequestContext; events: OpsRequestEvent; input: OpsRequestInput },
  actors: {
    /** GET /api/ops/requests/{requestId}. */
    getRequest: fromPromise<DeskRequestDetails, { requestId: string }>(() => {
      throw new Error('opsRequest: the getRequest actor was not provided')
    }),
    /** The POST of one desk operation; answers the request after it. */
    runRequestAction: fromPromise<DeskRequestDetails, RequestActionInput>(() => {
      throw new Error('opsRequest: the runRequestAction actor was not provided')
    }),
    /** The desk's live changes: sends `request.changed` for every change to any request. */
    watchChanges: fromCallback<EventObject>(() => {
      throw new Error('opsRequest: the watchChanges actor was not provided')
    }),
  },
  actions: {
    adopt: assign((_, params: { details: DeskRequestDetails }) => ({ details: params.details })),
    openForm: assign((_, params: { operation: DeskOperation }) => ({
      operation: params.operation,
      text: '',
      offer: emptyOfferDraft,
      notice: null,
      failure: null,
    })),
    startDirect: assign((_, params: { operation: DeskOperation }) => ({
      operation: params.operation,
      notice: null,
      failure: null,
    })),
    setText: assign((_, params: { value: string }) => ({ text: params.value })),
    setOffer: assign(({ context }, params: { field: OfferDraftField; value: string }) => ({
      offer: { ...context.offer, [params.field]: params.value },
    })),
    sending: assign({ failure: null, changedMeanwhile: false }),
    noteChange: assign({ changedMeanwhile: true }),
    done: assign(({ context }, params: { details: DeskRequestDetails }) => ({
      details: params.details,
      notice: context.operation ? { kind: 'done' as const, operation: context.operation } : null,
      operation: null,
      text: '',
      offer: emptyOfferDraft,
    })),
    fail: assign((_, params: { error: unknown }) => ({ failure: requestFailureOf(params.error) })),
    failRead: assign((_, params: { error: unknown }) => ({
      failure: requestFailureOf(params.error, true),
    })),
    closeForm: assign({ operation: null }),
    clearMessages: assign({ notice: null, failure: null }),
  },
  guards: {
    isThisRequest: ({ context }, params: { requestId: string }) =>
      params.requestId === context.requestId,
    formOffered: ({ context }, params: { operation: DeskOperation }) =>
      !isDirectOperation(params.operation) && mayRun(context, context.details, params.operation),
    directOffered: ({ context }, params: { operation: DeskOperation }) =>
      isDirectOperation(params.operation) && mayRun(context, context.details, params.operation),
    /** After a re-read, the open form's action is still offered. */
    stillOffered: ({ context }, params: { details: DeskRequestDetails }) =>
      context.operation !== null && mayRun(context, params.details, context.operation),
    formReady: ({ context }) => formReady(context),
    changedMeanwhile: ({ context }) => context.changedMeanwhile,
    isStale: (_, params: { error: unknown }) =>
      requestFailureOf(params.error).errorType === 'STALE_VERSION',
  },
}).createMachine({
  id: 'opsRequest',
  description: 'One request on the desk: its details, and the actions its state allows',
  context: ({ input }) => ({
    requestId: input.requestId,
    self: input.self,
    details: null,
    operation: null,
    text: '',
    offer: emptyOfferDraft,
    changedMeanwhile: false,
    notice: null,
    failure: null,
  }),
  // The whole time the page is open, changes to any request come in; this one's count.
  invoke: { id: 'watchChanges', src: 'watchChanges' },
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
        onError: {
          target: 'loadFailed',
          actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: "Not found or not read: a message and 'Try again'.",
      on: { 'request.reload': { target: 'loading', actions: 'clearMessages' } },
    },
    ready: {
      description: 'The request shows.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The actions this person may take are offered.',
          on: {
            'request.reload': { target: 'reading', actions: 'clearMessages' },
            'request.changed': {
              guard: {
                type: 'isThisRequest',
                params: ({ event }) => ({ requestId: event.requestId }),
              },
              target: 'reading',
            },
            'action.open': {
              guard: {
                type: 'formOffered',
                params: ({ event }) => ({ operation: event.operation }),
              },
              target: 'editing',
              actions: {
                type: 'openForm',
                params: ({ event }) => ({ operation: event.operation }),
              },
            },
            'action.run': {
              guard: {
                type: 'directOffered',
                params: ({ event }) => ({ operation: event.operation }),
              },
              target: 'acting',
              actions: {
                type: 'startDirect',
                params: ({ event }) => ({ operation: event.operation }),
              },
            },
          },
        },
        reading: {
          description: 'The request is read again; what shows stays until it comes.',
          invoke: {
            id: 'getRequest',
            src: 'getRequest',
            input: ({ context }) => ({ requestId: context.requestId }),
            onDone: {
              target: 'idle',
              actions: { type: 'adopt', params: ({ event }) => ({ details: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'failRead', params: ({ event }) => ({ error: event.error }) },
            },
          },
          on: {
            'request.changed': {
              guard: {
                type: 'isThisRequest',
                params: ({ event }) => ({ requestId: event.requestId }),
              },
              target: 'reading',
              reenter: true,
            },
          },
        },
        acting: {
          description: 'A one-click action is being sent with the version shown.',
          entry: 'sending',
          invoke: {
            id: 'runRequestAction',
            src: 'runRequestAction',
            input: ({ context }) => actionInput(context),
            onDone: [
              {
                guard: 'changedMeanwhile',
                target: 'reading',
                actions: { type: 'done', params: ({ event }) => ({ details: event.output }) },
              },
              {
                target: 'idle',
                actions: { type: 'done', params: ({ event }) => ({ details: event.output }) },
              },
            ],
            onError: [
              {
                guard: { type: 'isStale', params: ({ event }) => ({ error: event.error }) },
                target: 'reading',
                actions: [
                  'closeForm',
                  { type: 'fail', params: ({ event }) => ({ error: event.error }) },
                ],
              },
              {
                target: 'idle',
                actions: [
                  'closeForm',
                  { type: 'fail', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            ],
          },
          on: {
            'request.changed': {
              guard: {
                type: 'isThisRequest',
                params: ({ event }) => ({ requestId: event.requestId }),
              },
              actions: 'noteChange',
            },
          },
        },
        editing: {
          description: 'A form is open: a reason, a question, a note or an offer.',
          initial: 'typing',
          states: {
            typing: {
              description: 'The form can be filled in and sent once it is complete.',
              on: {
                'text.change': {
                  actions: { type: 'setText', params: ({ event }) => ({ value: event.value }) },
                },
                'offer.change': {
                  actions: {
                    type: 'setOffer',
                    params: ({ event }) => ({ field: event.field, value: event.value }),
                  },
                },
                'form.submit': { guard: 'formReady', target: 'submitting' },
                'form.cancel': { target: '#opsRequest.ready.idle', actions: 'closeForm' },
                'request.changed': {
                  guard: {
                    type: 'isThisRequest',
                    params: ({ event }) => ({ requestId: event.requestId }),
                  },
                  target: 'rereading',
                },
              },
            },
            rereading: {
              description:
                'The request changed: it is read again, the form stays open if its action still is.',
              invoke: {
                id: 'getRequest',
                src: 'getRequest',
                input: ({ context }) => ({ requestId: context.requestId }),
                onDone: [
                  {
                    guard: {
                      type: 'stillOffered',
                      params: ({ event }) => ({ details: event.output }),
                    },
                    target: 'typing',
                    actions: { type: 'adopt', params: ({ event }) => ({ details: event.output }) },
                  },
                  {
                    target: '#opsRequest.ready.idle',
                    actions: [
                      { type: 'adopt', params: ({ event }) => ({ details: event.output }) },
                      'closeForm',
                    ],
                  },
                ],
                onError: {
                  target: 'typing',
                  actions: { type: 'failRead', params: ({ event }) => ({ error: event.error }) },
                },
              },
              // Typing goes on while the request is read again; only sending waits.
              on: {
                'text.change': {
                  actions: { type: 'setText', params: ({ event }) => ({ value: event.value }) },
                },
                'offer.change': {
                  actions: {
                    type: 'setOffer',
                    params: ({ event }) => ({ field: event.field, value: event.value }),
                  },
                },
                'form.cancel': { target: '#opsRequest.ready.idle', actions: 'closeForm' },
                'request.changed': {
                  guard: {
                    type: 'isThisRequest',
                    params: ({ event }) => ({ requestId: event.requestId }),
                  },
                  target: 'rereading',
                  reenter: true,
                },
              },
            },
            submitting: {
              description: 'The form is being sent with the version shown.',
              entry: 'sending',
              invoke: {
                id: 'runRequestAction',
                src: 'runRequestAction',
                input: ({ context }) => actionInput(context),
                onDone: [
                  {
                    guard: 'changedMeanwhile',
                    target: '#opsRequest.ready.reading',
                    actions: { type: 'done', params: ({ event }) => ({ details: event.output }) },
                  },
                  {
                    target: '#opsRequest.ready.idle',
                    actions: { type: 'done', params: ({ event }) => ({ details: event.output }) },
                  },
                ],
                onError: [
                  {
                    // The typed text is kept; the form shows the request as it is now.
                    guard: { type: 'isStale', params: ({ event }) => ({ error: event.error }) },
                    target: 'rereading',
                    actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
                  },
                  {
                    target: 'typing',
                    actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
              on: {
                'request.changed': {
                  guard: {
                    type: 'isThisRequest',
                    params: ({ event }) => ({ requestId: event.requestId }),
                  },
                  actions: 'noteChange',
                },
              },
            },
          },
        },
      },
    },
  },
})

export type OpsRequestSnapshot = SnapshotFrom<typeof opsRequestMachine>

/** The open form, if any: which action, whether it may be sent, whether it is being sent. */
function formOf(snapshot: OpsRequestSnapshot) {
  const { context } = snapshot
  if (!snapshot.matches({ ready: 'editing' }) || !context.operation || !context.details) return null
  const operation = context.operation as FormOperation
  return {
    operation,
    kind:
      operation === 'sendOffer'
        ? ('offer' as const)
        : operation === 'askCustomer'
          ? ('question' as const)
          : operation === 'addRequestNote'
            ? ('note' as const)
            : ('reason' as const),
    ready: snapshot.can({ type: 'form.submit' }),
    sending: snapshot.matches({ ready: { editing: 'submitting' } }),
    reading: snapshot.matches({ ready: { editing: 'rereading' } }),
    offer: checkOfferDraft(
      context.offer,
      context.details.summary.fromCurrency,
      context.details.summary.toCurrency,
    ),
  }
}

/** What the request page shows, read from the chart. */
export function selectOpsRequestView(snapshot: OpsRequestSnapshot) {
  const { context } = snapshot
  const idle = snapshot.matches({ ready: 'idle' })
  const form = formOf(snapshot)
  return {
    phase: snapshot.matches('loadFailed')
      ? ('loadFailed' as const)
      : snapshot.matches('loading')
        ? ('loading' as const)
        : ('ready' as const),
    details: context.details,
    selfId: context.self.id,
    /** Whether the action's button shows: the state allows it and the roles permit it. */
    offered: (operation: DeskOperation) => mayRun(context, context.details, operation),
    /** The actions offered, in the contract's order. */
    offeredOperations: deskOperations.filter((op) => mayRun(context, context.details, op)),
    /** Something is under way or a form is open: the action buttons wait. */
    busy: !idle,
    reading: snapshot.matches({ ready: 'reading' }),
    acting: snapshot.matches({ ready: 'acting' }) ? context.operation : null,
    form,
    text: context.text,
    offer: context.offer,
    notice: idle ? context.notice : null,
    failure: context.failure,
  }
}

export type OpsRequestView = ReturnType<typeof selectOpsRequestView>
