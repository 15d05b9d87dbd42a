/**
 * The words of the login's second step (issue 14; decision 088), in one place so the view, the
 * tests and the decision record read the same texts (docs/product/errors.md#second-factor-errors).
 * The voice is that of the other error texts and of the profile's Security section: short, plain,
 * what happened and what to do.
 */
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SecondFactorProblem } from '../machines/login/login.machine'
import type { CodeMethod } from '../machines/login/second-factor-code'
import { GENERIC_ERROR } from './form-view'

export const SECOND_FACTOR_TITLE = 'Two-step verification'

/** The step's lead: what the customer is asked for. */
export function secondFactorLead(method: CodeMethod | null, hasPasskey: boolean): string {
  if (method === 'recovery-code')
    return 'Enter one of the recovery codes you saved when you set up your authenticator app.'
  if (method === 'totp')
    return hasPasskey
      ? 'Use your passkey, or enter the 6-digit code from your authenticator app.'
      : 'Enter the 6-digit code from your authenticator app.'
  return 'Use your passkey to finish logging in.'
}

export const USE_PASSKEY = 'Use passkey'
export const PASSKEY_PROMPTING = "Follow your browser's prompt to use your passkey."
export const OR = 'or'
export const codeLabel = (method: CodeMethod) =>
  method === 'totp' ? 'Code from your app' : 'Recovery code'
export const switchLabel = (method: CodeMethod) =>
  method === 'totp' ? 'Use a recovery code' : 'Use the code from your app'
export const VERIFY = 'Verify'
export const BACK_TO_LOGIN = 'Back to log in'

export const WRONG_CODE = 'That code is not right. Enter the newest code from your app.'
export const WRONG_RECOVERY_CODE = 'That recovery code is not right or has been used.'
export const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.'

/** The password step's note after the challenge expired (5 minutes, or used up). */
export const CHALLENGE_EXPIRED = 'Your login has expired. Please enter your password again.'

/** The message under the code field when it keeps its rules: the server's refusal of the code. */
export function codeFieldText(
  method: CodeMethod,
  problem: SecondFactorProblem | null,
): string | null {
  if (problem === 'wrong-code') return method === 'totp' ? WRONG_CODE : WRONG_RECOVERY_CODE
  return null
}

/** The step's alert: everything but a wrong code, which shows at its field. */
export function secondFactorAlert(
  problem: SecondFactorProblem | null,
  hasCode: boolean,
): string | null {
  const orCode = hasCode ? 'Try again or enter a code.' : 'Please try again.'
  switch (problem) {
    case 'passkey-failed':
      return `The passkey was not used: the browser prompt was closed or timed out. ${orCode}`
    case 'wrong-passkey':
      return `That passkey could not be verified. ${orCode}`
    case 'rate-limited':
      return TOO_MANY
    case 'other':
      return GENERIC_ERROR
    default:
      return null
  }
}

/**
 * Every text above, as a catalog message (docs/product/languages.md): the view shows the text
 * these functions chose, in the page's language. The English of each is the constant's, word for
 * word (the view's tests read the constants).
 */
const TRANSLATIONS = new Map<string, MessageDescriptor>([
  [SECOND_FACTOR_TITLE, msg`Two-step verification`],
  [
    'Enter one of the recovery codes you saved when you set up your authenticator app.',
    msg`Enter one of the recovery codes you saved when you set up your authenticator app.`,
  ],
  [
    'Use your passkey, or enter the 6-digit code from your authenticator app.',
    msg`Use your passkey, or enter the 6-digit code from your authenticator app.`,
  ],
  [
    'Enter the 6-digit code from your authenticator app.',
    msg`Enter the 6-digit code from your authenticator app.`,
  ],
  ['Use your passkey to finish logging in.', msg`Use your passkey to finish logging in.`],
  [USE_PASSKEY, msg`Use passkey`],
  [PASSKEY_PROMPTING, msg`Follow your browser's prompt to use your passkey.`],
  [OR, msg`or`],
  ['Code from your app', msg`Code from your app`],
  ['Recovery code', msg`Recovery code`],
  ['Use a recovery code', msg`Use a recovery code`],
  ['Use the code from your app', msg`Use the code from your app`],
  [VERIFY, msg`Verify`],
  [BACK_TO_LOGIN, msg`Back to log in`],
  [WRONG_CODE, msg`That code is not right. Enter the newest code from your app.`],
  [WRONG_RECOVERY_CODE, msg`That recovery code is not right or has been used.`],
  [TOO_MANY, msg`Too many attempts. Please wait a few minutes and try again.`],
  [GENERIC_ERROR, msg`Error. Please try again or contact support`],
  [
    'The passkey was not used: the browser prompt was closed or timed out. Try again or enter a code.',
    msg`The passkey was not used: the browser prompt was closed or timed out. Try again or enter a code.`,
  ],
  [
    'The passkey was not used: the browser prompt was closed or timed out. Please try again.',
    msg`The passkey was not used: the browser prompt was closed or timed out. Please try again.`,
  ],
  [
    'That passkey could not be verified. Try again or enter a code.',
    msg`That passkey could not be verified. Try again or enter a code.`,
  ],
  [
    'That passkey could not be verified. Please try again.',
    msg`That passkey could not be verified. Please try again.`,
  ],
])

/** One of the texts above in the page's language (a text not listed is shown as it is). */
export function secondFactorText(i18n: I18n, text: string): string {
  const message = TRANSLATIONS.get(text)
  return message ? i18n._(message) : text
}
