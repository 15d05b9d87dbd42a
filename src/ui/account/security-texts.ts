/**
 * The words of the profile's Security section (issue 14; decision 089), in one place so the
 * views and the tests read the same texts.
 */
import type { CodeProblem } from '../../machines/authenticator-app/authenticator-app.machine'
import type { SessionsNotice } from '../../machines/sessions/sessions.machine'
import type {
  StepUpFieldProblem,
  StepUpProblem,
  StepUpProof,
} from '../../machines/step-up/step-up.machine'

export const SECURITY_TITLE = 'Security'
export const SECURITY_LEAD =
  'Add a second step to your sign-in and see where your account is signed in.'

/** The Base32 secret in groups of four, as it is easiest to type: 'JBSW Y3DP EHPK 3PXP'. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ')

const generic = 'Please try again or contact support.'
const tooMany = 'Too many attempts. Please wait a few minutes and try again.'
const confirmAgain = "please confirm it's you and try again."

/** A change that did not happen, by the error type the chart kept. */
function notChanged(what: string, failure: string): string {
  if (failure === 'STEP_UP_REQUIRED') return `${what}: ${confirmAgain}`
  if (failure === 'RATE_LIMITED') return `${what}: too many attempts. Please wait a moment.`
  return `${what}. ${generic}`
}

// ---- Step-up ----

export const STEP_UP_TITLE = "Confirm it's you"
export function stepUpIntro(proof: StepUpProof | null) {
  switch (proof) {
    case 'totp':
      return 'Enter your password and the 6-digit code from your authenticator app to continue.'
    case 'recovery-code':
      return 'Enter your password and one of your recovery codes to continue.'
    case 'passkey':
      return 'Enter your password, then confirm with your passkey to continue.'
    default:
      return 'Enter your password to continue.'
  }
}
export const STEP_UP_PASSWORD_LABEL = 'Password'
export const stepUpCodeLabel = (proof: 'totp' | 'recovery-code') =>
  proof === 'totp' ? 'Code from your authenticator app' : 'Recovery code'
/** The button that switches to another of the account's proofs. */
export const stepUpSwitchLabel = (proof: StepUpProof) =>
  ({
    totp: 'Use your authenticator app',
    'recovery-code': 'Use a recovery code instead',
    passkey: 'Use your passkey',
  })[proof]
export const STEP_UP_PASSKEY_PROMPTING = "Follow your browser's prompt to use your passkey."
export const STEP_UP_CONFIRM = 'Confirm'
export const STEP_UP_CANCEL = 'Cancel'

const CODE_FORMAT = 'Enter the 6 digits your app shows'
const WRONG_CODE = 'That code is not right. Enter the newest code from your app.'
const REQUIRED = 'Required field'

/** The message under the password field: nothing typed, or a wrong password alone. */
export function stepUpPasswordText(
  problem: StepUpFieldProblem | null,
  refusal: StepUpProblem | null,
  proof: StepUpProof | null,
) {
  if (problem === 'required') return REQUIRED
  if (refusal === 'wrong' && proof === null) return 'The password is not right.'
  return null
}

/** The message under the code field: nothing typed, or not a code's shape. */
export function stepUpCodeText(problem: StepUpFieldProblem | null, proof: StepUpProof | null) {
  if (problem === 'required') return REQUIRED
  if (problem === 'format')
    return proof === 'recovery-code' ? 'A recovery code has 10 letters or digits' : CODE_FORMAT
  return null
}

/**
 * The dialog's alert: a refusal of the password with a proof (the server does not say which of
 * the two was wrong), the limit, no answer from the server, or the passkey prompt's failure.
 */
export function stepUpAlertText(problem: StepUpProblem | null, proof: StepUpProof | null) {
  switch (problem) {
    case 'wrong':
      if (proof === 'totp')
        return 'The password or the code is not right. Check your password and enter the newest code from your app.'
      if (proof === 'recovery-code')
        return 'The password or the recovery code is not right, or the code has been used.'
      if (proof === 'passkey') return 'The password is not right, or the passkey was not accepted.'
      return null
    case 'rateLimited':
      return tooMany
    case 'failed':
      return `We could not check that. ${generic}`
    case 'passkeyCancelled':
      return 'The passkey was not used: the browser prompt was closed or timed out. You can try again.'
    case 'passkeyFailed':
      return 'The browser could not use your passkey. Please try again.'
    default:
      return null
  }
}

// ---- Change password ----

export const PASSWORD_TITLE = 'Password'
export const PASSWORD_LEAD =
  'Choose a new password. Every other device signed in to your account is signed out.'
export const NEW_PASSWORD_LABEL = 'New password'
export const CHANGE_PASSWORD = 'Change password'
export const PASSWORD_CHANGED = 'Your password has been changed.'
export const passwordFailureText = (failure: string) =>
  notChanged('Your password was not changed', failure)

// ---- Passkeys ----

export const PASSKEYS_TITLE = 'Passkeys'
export const PASSKEYS_LEAD =
  'Confirm your sign-in with your fingerprint, face or screen lock instead of a code.'
export const PASSKEYS_LOAD_FAILED = 'Your passkeys could not be loaded.'
export const NO_PASSKEYS = 'You have no passkeys yet.'
export const ADD_PASSKEY = 'Add a passkey'
export const PASSKEY_PROMPTING = "Follow your browser's prompt to create the passkey."
export const PASSKEY_NAME_LABEL = 'Passkey name'
export const passkeyDates = (added: string, lastUsed: string | null) =>
  `Added ${added} · ${lastUsed === null ? 'Never used' : `Last used ${lastUsed}`}`
export const removePasskeyQuestion = (name: string) =>
  `Remove “${name}”? You will no longer be able to sign in with it.`
export const REMOVE_PASSKEY = 'Remove passkey'
export const renamePasskeyLabel = (name: string) => `Rename ${name}`
export const removePasskeyLabel = (name: string) => `Remove ${name}`
export const KEEP_IT = 'Keep it'

export const passkeyNoticeText = {
  added: 'Your passkey was added. Other devices were signed out.',
  renamed: 'The passkey was renamed.',
  removed: 'The passkey was removed. Other devices were signed out.',
} as const

export function passkeyFailureText(failure: string) {
  switch (failure) {
    case 'cancelled':
      return 'No passkey was added: the browser prompt was closed or timed out. You can try again.'
    case 'alreadyRegistered':
      return 'This device already holds a passkey for your account.'
    case 'unsupported':
      return 'This browser cannot create passkeys. Try another browser, or use an authenticator app.'
    case 'failed':
      return 'No passkey was added: the browser could not create it. Please try again.'
    case 'rejected':
      return 'No passkey was added: it could not be verified. Please try again.'
    default:
      return notChanged('Nothing was changed', failure)
  }
}

// ---- Authenticator app ----

export const APP_TITLE = 'Authenticator app'
export const APP_LEAD_OFF =
  'Confirm your sign-in with a 6-digit code from an app such as Google Authenticator or 1Password.'
export const appOnText = (left: number) =>
  `The authenticator app is on. Recovery codes left: ${left} of 10.`
export const APP_LOAD_FAILED = 'Your authenticator app settings could not be loaded.'
export const SET_UP = 'Set up'
export const REMOVE_APP = 'Remove'
export const APP_SCAN = 'Scan this QR code with your authenticator app.'
export const APP_QR_TITLE = 'QR code for your authenticator app'
export const APP_KEY_LEAD = 'Cannot scan it? Type this key into the app:'
export const APP_CODE_LABEL = '6-digit code from the app'
export const TURN_ON = 'Turn on'
export const RECOVERY_TITLE = 'Your recovery codes'
export const RECOVERY_LEAD =
  'Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only this once.'
export const COPY_CODES = 'Copy'
export const CODES_COPIED = 'Copied.'
export const COPY_FAILED = 'Copying did not work: select the codes and copy them yourself.'
export const CODES_SAVED = 'I have saved them'
export const REMOVE_APP_QUESTION =
  'Remove the authenticator app? Its recovery codes stop working too.'
export const REMOVE_APP_CONFIRM = 'Remove app'

export function appCodeText(problem: CodeProblem | null) {
  switch (problem) {
    case 'required':
      return 'Required field'
    case 'format':
      return CODE_FORMAT
    case 'wrong':
      return WRONG_CODE
    case 'rateLimited':
      return tooMany
    case 'failed':
      return `The code could not be checked. ${generic}`
    default:
      return null
  }
}

export const appNoticeText = {
  enabled: 'The authenticator app is on. Other devices were signed out.',
  removed: 'The authenticator app was removed. Other devices were signed out.',
} as const

export const appFailureText = (failure: string) => notChanged('Nothing was changed', failure)

// ---- Sessions ----

export const SESSIONS_TITLE = 'Sessions'
export const SESSIONS_LEAD =
  'Where your account is signed in. End any session you do not recognise.'
export const SESSIONS_LOAD_FAILED = 'Your sessions could not be loaded.'
export const THIS_DEVICE = 'This device'
export const END_SESSION = 'End'
/** The button's name for a screen reader: which session 'End' ends. */
export const endSessionLabel = (device: string) => `End the session on ${device}`
export const END_OTHERS = 'End all other sessions'
export const sessionDetails = (ip: string, lastUsed: string) => `IP ${ip} · Last used ${lastUsed}`

export function sessionsNoticeText(notice: SessionsNotice) {
  if (notice.kind === 'endedOne') return 'The session has ended.'
  if (notice.count === 0) return 'No other session was signed in.'
  if (notice.count === 1) return 'One other session has ended.'
  return `${notice.count} other sessions have ended.`
}

export const sessionsFailureText = (failure: string) => notChanged('Nothing was ended', failure)

export const TRY_AGAIN = 'Try again'
