/**
 * After asking for a password-reset link (docs/product/flows.md#password-reset,
 * docs/product/screens.md#check-your-email-screen,
 * docs/product/limits.md#authentication-and-forms): 'Check your email' shows with a 3-minute
 * countdown before another link can be sent, then the form comes back. The forgot-password form
 * runs as a child until it has sent the link; then 'Check your email' counts 180 s down in `tick`s
 * with the send button disabled, and once expired the button brings the entry form back.
 */
import { assign, setup } from 'xstate'
import { forgotPasswordFormMachine } from '../forms/forgot-password-form.machine'

/** The reset-link countdown lasts 180 seconds (docs/product/limits.md#authentication-and-forms). */
export const RESET_COUNTDOWN_SECONDS = 180

export type ResetCountdownEvent = { type: 'countdown.restart' }

/** The remaining time as the screen shows it: mm:ss. */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds))
  const mm = String(Math.floor(safe / 60)).padStart(2, '0')
  const ss = String(safe % 60).padStart(2, '0')
  return `${mm}:${ss}`
}

export const resetCountdownMachine = setup({
  types: {} as {
    context: { remaining: number }
    events: ResetCountdownEvent
    children: { requestLink: 'requestLink' }
  },
  actors: {
    // The route provides the form with its submit actor; the default one throws when it submits.
    requestLink: forgotPasswordFormMachine,
  },
  actions: {
    startCountdown: assign({ remaining: RESET_COUNTDOWN_SECONDS }),
    countDown: assign({ remaining: ({ context }) => context.remaining - 1 }),
  },
  guards: {
    isLastSecond: ({ context }) => context.remaining <= 1,
  },
  delays: {
    tick: 1000,
  },
}).createMachine({
  id: 'resetCountdown',
  description: 'Forgot password: the entry form, then a 180 s hold before a new link',
  context: { remaining: RESET_COUNTDOWN_SECONDS },
  initial: 'requesting',
  states: {
    requesting: {
      description: 'The entry form (a child machine) asks for a reset link.',
      invoke: {
        id: 'requestLink',
        src: 'requestLink',
        onDone: { target: 'counting', actions: 'startCountdown' },
      },
    },
    counting: {
      description: "'Check your email' with the mm:ss countdown; the send button is disabled.",
      after: {
        tick: [
          { guard: 'isLastSecond', target: 'expired', actions: 'countDown' },
          { target: 'counting', reenter: true, actions: 'countDown' },
        ],
      },
    },
    expired: {
      description: "'Check your email' at 00:00; the send button brings the entry form back.",
      on: { 'countdown.restart': 'requesting' },
    },
  },
})
