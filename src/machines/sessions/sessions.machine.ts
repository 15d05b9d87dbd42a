import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { errorTypeOf, statusOf } from '../../api/api-call'
import type { components } from '../../../openapi/main.gen'
import * as protocol from '../security/security-protocol'

export type Session = components['schemas']['Session']

/** What the list says after a change: one session ended, or how many others did. */
export type SessionsNotice = { kind: 'endedOne' } | { kind: 'endedOthers'; count: number }

/** Why the last change did not happen: its error type, or 'stepUpRefused' after a second 403. */
export type SessionsFailure = string

export interface SessionsContext extends protocol.StepUpAware {
  sessions: Session[]
  /** The session being ended. */
  ending: string | null
  notice: SessionsNotice | null
  failure: SessionsFailure | null
}

export type SessionsEvent =
  | { type: 'sessions.reload' }
  | { type: 'session.end'; id: string }
  | { type: 'sessions.endOthers' }
  | protocol.StepUpOutcome

/**
 * Where the account is signed in (docs/product/account-security.md#session-list,
 * docs/product/account-security.md#sessions-card): the customer sees each device, this one marked,
 * and can sign any other one out, or all others at once, confirming it's them when asked. Any other
 * one can be ended (the list is read again); ending all others asks for a step-up first when the
 * server wants one. Ending this session is the Logout section's.
 */
export const sessionsMachine = setup({
  types: {} as { context: SessionsContext; events: SessionsEvent },
  actors: {
    /** GET /api/account/sessions. */
    listSessions: fromPromise<Session[]>(() => {
      throw new Error('sessions: the listSessions actor was not provided')
    }),
    /** DELETE /api/account/sessions/{sessionId}. */
    endSession: fromPromise<unknown, { id: string }>(() => {
      throw new Error('sessions: the endSession actor was not provided')
    }),
    /** POST /api/account/sessions/end-others: how many ended. */
    endOtherSessions: fromPromise<number>(() => {
      throw new Error('sessions: the endOtherSessions actor was not provided')
    }),
  },
  actions: {
    ...protocol.stepUpActions,
    adopt: assign((_, params: { sessions: Session[] }) => ({ sessions: params.sessions })),
    startEnding: assign((_, params: { id: string }) => ({
      ending: params.id,
      notice: null,
      failure: null,
    })),
    startEndingOthers: assign({ ...protocol.freshChange, notice: null, failure: null }),
    endedOne: assign({ ending: null, notice: { kind: 'endedOne' } as SessionsNotice }),
    endedOthers: assign((_, params: { count: number }) => ({
      notice: { kind: 'endedOthers', count: params.count } as SessionsNotice,
    })),
    fail: assign((_, params: { error: unknown }) => ({
      ending: null,
      failure: errorTypeOf(params.error),
    })),
    clearMessages: assign({ notice: null, failure: null }),
  },
  guards: {
    ...protocol.stepUpGuards,
    /** 404: the session had ended already, which is what the customer wanted. */
    alreadyEnded: (_, params: { error: unknown }) => statusOf(params.error) === 404,
    hasOthers: ({ context }) => context.sessions.some((s) => !s.current),
    isOther: ({ context }, params: { id: string }) =>
      context.sessions.some((s) => s.id === params.id && !s.current),
  },
}).createMachine({
  id: 'sessions',
  description: 'The customer’s signed-in sessions: list, end one, end all others',
  context: { sessions: [], ending: null, ...protocol.freshChange, notice: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The sessions are being read.',
      invoke: {
        id: 'listSessions',
        src: 'listSessions',
        onDone: {
          target: 'listed',
          actions: { type: 'adopt', params: ({ event }) => ({ sessions: event.output }) },
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: "The sessions could not be read: a message and 'Try again'.",
      on: { 'sessions.reload': { target: 'loading', actions: 'clearMessages' } },
    },
    listed: {
      description: "The list shows, 'This device' marked; each other session has 'End'.",
      on: {
        /** A factor or the password changed: the server has ended the other sessions. */
        'sessions.reload': { target: 'loading', actions: 'clearMessages' },
        'session.end': {
          guard: { type: 'isOther', params: ({ event }) => ({ id: event.id }) },
          target: 'endingOne',
          actions: { type: 'startEnding', params: ({ event }) => ({ id: event.id }) },
        },
        'sessions.endOthers': {
          guard: 'hasOthers',
          target: 'endingOthers',
          actions: 'startEndingOthers',
        },
      },
    },
    endingOne: {
      description: 'One session is being ended; the list is read again afterwards.',
      invoke: {
        id: 'endSession',
        src: 'endSession',
        input: ({ context }) => ({ id: context.ending ?? '' }),
        onDone: { target: 'loading', actions: 'endedOne' },
        onError: [
          {
            guard: { type: 'alreadyEnded', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: 'endedOne',
          },
          {
            target: 'listed',
            actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    endingOthers: {
      description: 'Every other session is being ended; the list is read again afterwards.',
      invoke: {
        id: 'endOtherSessions',
        src: 'endOtherSessions',
        onDone: {
          target: 'loading',
          actions: { type: 'endedOthers', params: ({ event }) => ({ count: event.output }) },
        },
        onError: [
          protocol.askStepUp('confirming'),
          {
            target: 'listed',
            actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    confirming: {
      description: "'Confirm it's you' is open; a confirmation ends the others again, once.",
      on: {
        'stepUp.confirmed': 'endingOthers',
        'stepUp.cancelled': 'listed',
      },
    },
  },
})

export type SessionsMachine = typeof sessionsMachine
export type SessionsSnapshot = SnapshotFrom<SessionsMachine>

/** What the sessions card shows, read from the chart. */
export function selectSessionsView(snapshot: SessionsSnapshot) {
  const { context } = snapshot
  return {
    phase: snapshot.matches('loadFailed')
      ? ('loadFailed' as const)
      : snapshot.matches('loading') && context.sessions.length === 0
        ? ('loading' as const)
        : ('ready' as const),
    sessions: context.sessions,
    /** A change or a reload is under way: the buttons wait. */
    busy: !snapshot.matches('listed'),
    ending: snapshot.matches('endingOne') ? context.ending : null,
    endingOthers: snapshot.matches('endingOthers') || snapshot.matches('confirming'),
    hasOthers: context.sessions.some((s) => !s.current),
    notice: snapshot.matches('listed') ? context.notice : null,
    failure: snapshot.matches('listed') ? context.failure : null,
  }
}

export type SessionsView = ReturnType<typeof selectSessionsView>
