/**
 * The words of the profile's Security section (issue 14; decision 089), in one place so the
 * views and the tests read the same texts: the views show the messages in the page's language,
 * the English exports are the spec's texts.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import type { CodeProblem } from '../../machines/authenticator-app/authenticator-app.machine'
import type { SessionsNotice } from '../../machines/sessions/sessions.machine'
import type {
  StepUpFieldProblem,
  StepUpProblem,
  StepUpProof,
} from '../../machines/step-up/step-up.machine'
import { english, englishOf } from './english'

const inEnglish = (message: MessageDescriptor | null) => (message ? english(message) : null)

/** The Base32 secret in groups of four, as it is easiest to type: 'JBSW Y3DP EHPK 3PXP'. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ')

/** The section's fixed texts. */
export const SECURITY_MESSAGES = {
  SECURITY_TITLE: msg`Security`,
  SECURITY_LEAD: msg`Add a second step to your sign-in and see where your account is signed in.`,
  // Step-up
  STEP_UP_TITLE: msg`Confirm it's you`,
  STEP_UP_PASSWORD_LABEL: msg`Password`,
  STEP_UP_PASSKEY_PROMPTING: msg`Follow your browser's prompt to use your passkey.`,
  STEP_UP_CONFIRM: msg`Confirm`,
  STEP_UP_CANCEL: msg`Cancel`,
  // Change password
  PASSWORD_TITLE: msg`Password`,
  PASSWORD_LEAD: msg`Choose a new password. Every other device signed in to your account is signed out.`,
  NEW_PASSWORD_LABEL: msg`New password`,
  CHANGE_PASSWORD: msg`Change password`,
  PASSWORD_CHANGED: msg`Your password has been changed.`,
  // Passkeys
  PASSKEYS_TITLE: msg`Passkeys`,
  PASSKEYS_LEAD: msg`Confirm your sign-in with your fingerprint, face or screen lock instead of a code.`,
  PASSKEYS_LOAD_FAILED: msg`Your passkeys could not be loaded.`,
  NO_PASSKEYS: msg`You have no passkeys yet.`,
  ADD_PASSKEY: msg`Add a passkey`,
  PASSKEY_PROMPTING: msg`Follow your browser's prompt to create the passkey.`,
  PASSKEY_NAME_LABEL: msg`Passkey name`,
  REMOVE_PASSKEY: msg`Remove passkey`,
  KEEP_IT: msg`Keep it`,
  // Authenticator app
  APP_TITLE: msg`Authenticator app`,
  APP_LEAD_OFF: msg`Confirm your sign-in with a 6-digit code from an app such as Google Authenticator or 1Password.`,
  APP_LOAD_FAILED: msg`Your authenticator app settings could not be loaded.`,
  SET_UP: msg`Set up`,
  REMOVE_APP: msg`Remove`,
  APP_SCAN: msg`Scan this QR code with your authenticator app.`,
  APP_QR_TITLE: msg`QR code for your authenticator app`,
  APP_KEY_LEAD: msg`Cannot scan it? Type this key into the app:`,
  APP_CODE_LABEL: msg`6-digit code from the app`,
  TURN_ON: msg`Turn on`,
  RECOVERY_TITLE: msg`Your recovery codes`,
  RECOVERY_LEAD: msg`Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only this once.`,
  COPY_CODES: msg`Copy`,
  CODES_COPIED: msg`Copied.`,
  COPY_FAILED: msg`Copying did not work: select the codes and copy them yourself.`,
  CODES_SAVED: msg`I have saved them`,
  REMOVE_APP_QUESTION: msg`Remove the authenticator app? Its recovery codes stop working too.`,
  REMOVE_APP_CONFIRM: msg`Remove app`,
  // Sessions
  SESSIONS_TITLE: msg`Sessions`,
  SESSIONS_LEAD: msg`Where your account is signed in. End any session you do not recognise.`,
  SESSIONS_LOAD_FAILED: msg`Your sessions could not be loaded.`,
  THIS_DEVICE: msg`This device`,
  END_SESSION: msg`End`,
  END_OTHERS: msg`End all other sessions`,
  TRY_AGAIN: msg`Try again`,
  LOADING: msg`Loading…`,
}

export const {
  SECURITY_TITLE,
  SECURITY_LEAD,
  STEP_UP_TITLE,
  STEP_UP_PASSWORD_LABEL,
  STEP_UP_PASSKEY_PROMPTING,
  STEP_UP_CONFIRM,
  STEP_UP_CANCEL,
  PASSWORD_TITLE,
  PASSWORD_LEAD,
  NEW_PASSWORD_LABEL,
  CHANGE_PASSWORD,
  PASSWORD_CHANGED,
  PASSKEYS_TITLE,
  PASSKEYS_LEAD,
  PASSKEYS_LOAD_FAILED,
  NO_PASSKEYS,
  ADD_PASSKEY,
  PASSKEY_PROMPTING,
  PASSKEY_NAME_LABEL,
  REMOVE_PASSKEY,
  KEEP_IT,
  APP_TITLE,
  APP_LEAD_OFF,
  APP_LOAD_FAILED,
  SET_UP,
  REMOVE_APP,
  APP_SCAN,
  APP_QR_TITLE,
  APP_KEY_LEAD,
  APP_CODE_LABEL,
  TURN_ON,
  RECOVERY_TITLE,
  RECOVERY_LEAD,
  COPY_CODES,
  CODES_COPIED,
  COPY_FAILED,
  CODES_SAVED,
  REMOVE_APP_QUESTION,
  REMOVE_APP_CONFIRM,
  SESSIONS_TITLE,
  SESSIONS_LEAD,
  SESSIONS_LOAD_FAILED,
  THIS_DEVICE,
  END_SESSION,
  END_OTHERS,
  TRY_AGAIN,
} = englishOf(SECURITY_MESSAGES)

/** What did not happen: the password change, a passkey or app change, or ending sessions. */
type Change = 'password' | 'nothingChanged' | 'nothingEnded'

/** A change that did not happen, by the error type the chart kept. */
function notChanged(what: Change, failure: string): MessageDescriptor {
  if (failure === 'STEP_UP_REQUIRED')
    return {
      password: msg`Your password was not changed: please confirm it's you and try again.`,
      nothingChanged: msg`Nothing was changed: please confirm it's you and try again.`,
      nothingEnded: msg`Nothing was ended: please confirm it's you and try again.`,
    }[what]
  if (failure === 'RATE_LIMITED')
    return {
      password: msg`Your password was not changed: too many attempts. Please wait a moment.`,
      nothingChanged: msg`Nothing was changed: too many attempts. Please wait a moment.`,
      nothingEnded: msg`Nothing was ended: too many attempts. Please wait a moment.`,
    }[what]
  return {
    password: msg`Your password was not changed. Please try again or contact support.`,
    nothingChanged: msg`Nothing was changed. Please try again or contact support.`,
    nothingEnded: msg`Nothing was ended. Please try again or contact support.`,
  }[what]
}

const TOO_MANY = msg`Too many attempts. Please wait a few minutes and try again.`
const CODE_FORMAT = msg`Enter the 6 digits your app shows`
const WRONG_CODE = msg`That code is not right. Enter the newest code from your app.`
const REQUIRED = msg`Required field`

// ---- Step-up ----

export function stepUpIntroMessage(proof: StepUpProof | null): MessageDescriptor {
  switch (proof) {
    case 'totp':
      return msg`Enter your password and the 6-digit code from your authenticator app to continue.`
    case 'recovery-code':
      return msg`Enter your password and one of your recovery codes to continue.`
    case 'passkey':
      return msg`Enter your password, then confirm with your passkey to continue.`
    default:
      return msg`Enter your password to continue.`
  }
}
export const stepUpIntro = (proof: StepUpProof | null) => english(stepUpIntroMessage(proof))

export const stepUpCodeLabelMessage = (proof: 'totp' | 'recovery-code') =>
  proof === 'totp' ? msg`Code from your authenticator app` : msg`Recovery code`
export const stepUpCodeLabel = (proof: 'totp' | 'recovery-code') =>
  english(stepUpCodeLabelMessage(proof))

/** The button that switches to another of the account's proofs. */
export const stepUpSwitchMessage = (proof: StepUpProof): MessageDescriptor =>
  ({
    totp: msg`Use your authenticator app`,
    'recovery-code': msg`Use a recovery code instead`,
    passkey: msg`Use your passkey`,
  })[proof]
export const stepUpSwitchLabel = (proof: StepUpProof) => english(stepUpSwitchMessage(proof))

/** The message under the password field: nothing typed, or a wrong password alone. */
export function stepUpPasswordMessage(
  problem: StepUpFieldProblem | null,
  refusal: StepUpProblem | null,
  proof: StepUpProof | null,
): MessageDescriptor | null {
  if (problem === 'required') return REQUIRED
  if (refusal === 'wrong' && proof === null) return msg`The password is not right.`
  return null
}
export const stepUpPasswordText = (
  problem: StepUpFieldProblem | null,
  refusal: StepUpProblem | null,
  proof: StepUpProof | null,
) => inEnglish(stepUpPasswordMessage(problem, refusal, proof))

/** The message under the code field: nothing typed, or not a code's shape. */
export function stepUpCodeMessage(
  problem: StepUpFieldProblem | null,
  proof: StepUpProof | null,
): MessageDescriptor | null {
  if (problem === 'required') return REQUIRED
  if (problem === 'format')
    return proof === 'recovery-code' ? msg`A recovery code has 10 letters or digits` : CODE_FORMAT
  return null
}
export const stepUpCodeText = (problem: StepUpFieldProblem | null, proof: StepUpProof | null) =>
  inEnglish(stepUpCodeMessage(problem, proof))

/**
 * The dialog's alert: a refusal of the password with a proof (the server does not say which of
 * the two was wrong), the limit, no answer from the server, or the passkey prompt's failure.
 */
export function stepUpAlertMessage(
  problem: StepUpProblem | null,
  proof: StepUpProof | null,
): MessageDescriptor | null {
  switch (problem) {
    case 'wrong':
      if (proof === 'totp')
        return msg`The password or the code is not right. Check your password and enter the newest code from your app.`
      if (proof === 'recovery-code')
        return msg`The password or the recovery code is not right, or the code has been used.`
      if (proof === 'passkey')
        return msg`The password is not right, or the passkey was not accepted.`
      return null
    case 'rateLimited':
      return TOO_MANY
    case 'failed':
      return msg`We could not check that. Please try again or contact support.`
    case 'passkeyCancelled':
      return msg`The passkey was not used: the browser prompt was closed or timed out. You can try again.`
    case 'passkeyFailed':
      return msg`The browser could not use your passkey. Please try again.`
    default:
      return null
  }
}
export const stepUpAlertText = (problem: StepUpProblem | null, proof: StepUpProof | null) =>
  inEnglish(stepUpAlertMessage(problem, proof))

// ---- Change password ----

export const passwordFailureMessage = (failure: string) => notChanged('password', failure)
export const passwordFailureText = (failure: string) => english(passwordFailureMessage(failure))

// ---- Passkeys ----

export const passkeyDatesMessage = (added: string, lastUsed: string | null) =>
  lastUsed === null ? msg`Added ${added} · Never used` : msg`Added ${added} · Last used ${lastUsed}`
export const passkeyDates = (added: string, lastUsed: string | null) =>
  english(passkeyDatesMessage(added, lastUsed))
export const removePasskeyQuestionMessage = (name: string) =>
  msg`Remove “${name}”? You will no longer be able to sign in with it.`
export const removePasskeyQuestion = (name: string) => english(removePasskeyQuestionMessage(name))
export const renamePasskeyMessage = (name: string) => msg`Rename ${name}`
export const renamePasskeyLabel = (name: string) => english(renamePasskeyMessage(name))
export const removePasskeyMessage = (name: string) => msg`Remove ${name}`
export const removePasskeyLabel = (name: string) => english(removePasskeyMessage(name))

export const PASSKEY_NOTICE_MESSAGES = {
  added: msg`Your passkey was added. Other devices were signed out.`,
  renamed: msg`The passkey was renamed.`,
  removed: msg`The passkey was removed. Other devices were signed out.`,
}
export const passkeyNoticeText = englishOf(PASSKEY_NOTICE_MESSAGES)

export function passkeyFailureMessage(failure: string): MessageDescriptor {
  switch (failure) {
    case 'cancelled':
      return msg`No passkey was added: the browser prompt was closed or timed out. You can try again.`
    case 'alreadyRegistered':
      return msg`This device already holds a passkey for your account.`
    case 'unsupported':
      return msg`This browser cannot create passkeys. Try another browser, or use an authenticator app.`
    case 'failed':
      return msg`No passkey was added: the browser could not create it. Please try again.`
    case 'rejected':
      return msg`No passkey was added: it could not be verified. Please try again.`
    default:
      return notChanged('nothingChanged', failure)
  }
}
export const passkeyFailureText = (failure: string) => english(passkeyFailureMessage(failure))

// ---- Authenticator app ----

export const appOnMessage = (left: number) =>
  msg`The authenticator app is on. Recovery codes left: ${left} of 10.`
export const appOnText = (left: number) => english(appOnMessage(left))

export function appCodeMessage(problem: CodeProblem | null): MessageDescriptor | null {
  switch (problem) {
    case 'required':
      return REQUIRED
    case 'format':
      return CODE_FORMAT
    case 'wrong':
      return WRONG_CODE
    case 'rateLimited':
      return TOO_MANY
    case 'failed':
      return msg`The code could not be checked. Please try again or contact support.`
    default:
      return null
  }
}
export const appCodeText = (problem: CodeProblem | null) => inEnglish(appCodeMessage(problem))

export const APP_NOTICE_MESSAGES = {
  enabled: msg`The authenticator app is on. Other devices were signed out.`,
  removed: msg`The authenticator app was removed. Other devices were signed out.`,
}
export const appNoticeText = englishOf(APP_NOTICE_MESSAGES)

export const appFailureMessage = (failure: string) => notChanged('nothingChanged', failure)
export const appFailureText = (failure: string) => english(appFailureMessage(failure))

// ---- Sessions ----

/** The button's name for a screen reader: which session 'End' ends. */
export const endSessionMessage = (device: string) => msg`End the session on ${device}`
export const sessionDetailsMessage = (ip: string, lastUsed: string) =>
  msg`IP ${ip} · Last used ${lastUsed}`
export const sessionDetails = (ip: string, lastUsed: string) =>
  english(sessionDetailsMessage(ip, lastUsed))

export function sessionsNoticeMessage(notice: SessionsNotice): MessageDescriptor {
  if (notice.kind === 'endedOne') return msg`The session has ended.`
  const count = notice.count
  if (count === 0) return msg`No other session was signed in.`
  return msg({
    message: plural(count, {
      one: 'One other session has ended.',
      other: '# other sessions have ended.',
    }),
  })
}
export const sessionsNoticeText = (notice: SessionsNotice) => english(sessionsNoticeMessage(notice))

export const sessionsFailureMessage = (failure: string) => notChanged('nothingEnded', failure)
export const sessionsFailureText = (failure: string) => english(sessionsFailureMessage(failure))
