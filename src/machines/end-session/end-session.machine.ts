/**
 * Ending a session from a security e-mail (docs/product/account-security.md#end-session-link,
 * docs/product/screens.md#end-session-page, docs/product/flows.md#account-security-flows; the
 * e-mail confirmation is the model): the link in a notice such as 'New sign-in to your account'
 * opens a page that says what it will do and waits for 'End the session', so a link scanner that
 * runs the page's scripts ends nothing (issue 25 finding 8). The click posts the link's token once
 * and the machine ends in 'The session has been ended.' or the invalid-link screen; a failure to
 * reach the server can be tried again. It is created once per visit, outside React's effects, so a
 * double-mounted component shares one chart and the single-use token goes out once per click.
 */
import { fromPromise, setup } from 'xstate'
import { errorTypeOf } from '../../api/api-call'

export const endSessionLinkMachine = setup({
  types: {} as {
    context: { token: string }
    input: { token: string }
    events: { type: 'link.confirm' } | { type: 'link.retry' }
  },
  actors: {
    endSession: fromPromise<undefined, { token: string }>(() => {
      throw new Error('endSession: the actor was not provided')
    }),
  },
  guards: {
    /** 400 INVALID_TOKEN (or VALIDATION_ERROR): the link is unknown, used or expired. */
    isLinkRefused: (_, params: { error: unknown }) =>
      ['INVALID_TOKEN', 'VALIDATION_ERROR'].includes(errorTypeOf(params.error)),
  },
}).createMachine({
  id: 'endSessionLink',
  description: "End a session from a security notice's link",
  context: ({ input }) => ({ token: input.token }),
  initial: 'asking',
  states: {
    asking: {
      description: "'End this session?' and 'End the session'; nothing is sent before the click.",
      on: { 'link.confirm': 'ending' },
    },
    ending: {
      description: "The token is with the server; 'Loading...' shows.",
      invoke: {
        id: 'endSession',
        src: 'endSession',
        input: ({ context }) => ({ token: context.token }),
        onDone: 'ended',
        onError: [
          {
            guard: { type: 'isLinkRefused', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
          },
          { target: 'failed' },
        ],
      },
    },
    ended: {
      type: 'final',
      description: "'The session has been ended.' with 'Log in'.",
    },
    invalid: {
      type: 'final',
      description: "'Session not ended': the link was invalid, used or expired.",
    },
    failed: {
      description: "The server could not be reached; 'Try again' posts the token again.",
      on: { 'link.retry': 'ending' },
    },
  },
})
