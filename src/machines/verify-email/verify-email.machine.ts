/**
 * Confirming the e-mail address (docs/product/screens.md#email-confirmation-page,
 * docs/product/flows.md#email-confirmation, docs/product/errors.md#email-confirmation-failure): the
 * link in the sign-up e-mail opens a page that says 'Email was confirmed' or 'Email not confirmed'.
 * The machine calls the verification once with the link's token as soon as it starts and ends in
 * 'Email was confirmed' (with, when the address was registered more than once, the news that an
 * e-mail to choose the password is on its way) or 'Email not confirmed'; it is created once per
 * visit, outside React's effects, so a double-mounted component cannot spend the single-use token
 * twice.
 */
import { fromPromise, setup } from 'xstate'
import type { components } from '../../../openapi/main.gen'

/** The server's answer: `password-to-choose` when the address was contested (decision 080). */
export type VerifyEmailStatus = components['schemas']['VerifyEmailResponse']['status']

export const verifyEmailMachine = setup({
  types: {} as {
    context: { token: string }
    input: { token: string }
  },
  actors: {
    verifyEmail: fromPromise<VerifyEmailStatus, { token: string }>(() => {
      throw new Error('verifyEmail: the actor was not provided')
    }),
  },
  guards: {
    /** Registered more than once: no registration's password was kept, one is to be chosen. */
    isPasswordToChoose: (_, params: { status: VerifyEmailStatus }) =>
      params.status === 'password-to-choose',
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
        onDone: [
          {
            guard: {
              type: 'isPasswordToChoose',
              params: ({ event }) => ({ status: event.output }),
            },
            target: 'passwordToChoose',
          },
          { target: 'confirmed' },
        ],
        onError: 'failed',
      },
    },
    confirmed: {
      type: 'final',
      description: "'Email was confirmed' and 'Now you can proceed to login.'",
    },
    passwordToChoose: {
      type: 'final',
      description:
        'Confirmed, but registered more than once: the success texts and that an e-mail to choose the password is on its way.',
    },
    failed: {
      type: 'final',
      description: "'Email not confirmed': the link was invalid, used or expired.",
    },
  },
})
