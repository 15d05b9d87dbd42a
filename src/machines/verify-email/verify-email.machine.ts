/**
 * Confirming the e-mail address (docs/product/screens.md#email-confirmation-page,
 * docs/product/flows.md#email-confirmation, docs/product/errors.md#email-confirmation-failure): the
 * link in the sign-up e-mail opens a page that says 'Email was confirmed' or 'Email not confirmed'.
 * The machine calls the verification once with the link's token as soon as it starts and ends in
 * 'Email was confirmed' or 'Email not confirmed'; it is created once per visit, outside React's
 * effects, so a double-mounted component cannot spend the single-use token twice.
 */
import { fromPromise, setup } from 'xstate'

export const verifyEmailMachine = setup({
  types: {} as {
    context: { token: string }
    input: { token: string }
  },
  actors: {
    verifyEmail: fromPromise<undefined, { token: string }>(() => {
      throw new Error('verifyEmail: the actor was not provided')
    }),
  },
}).createMachine({
  id: 'verifyEmail',
  description: 'Confirm the e-mail address from the link',
  context: ({ input }) => ({ token: input.token }),
  initial: 'verifying',
  states: {
    verifying: {
      description: "The token is with the server; 'Loading...' shows.",
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({ token: context.token }),
        onDone: 'confirmed',
        onError: 'failed',
      },
    },
    confirmed: {
      type: 'final',
      description: "'Email was confirmed' and 'Now you can proceed to login.'",
    },
    failed: {
      type: 'final',
      description: "'Email not confirmed': the link was invalid, used or expired.",
    },
  },
})
