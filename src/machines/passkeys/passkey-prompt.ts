/**
 * The browser's passkey prompt as the customer reads its failures: cancelled (or timed out), an
 * authenticator that already holds a passkey for this account, no WebAuthn, or anything else.
 */
export type PasskeyPromptProblem = 'cancelled' | 'alreadyRegistered' | 'unsupported' | 'failed'

export class PasskeyPromptFailed extends Error {
  constructor(
    readonly problem: PasskeyPromptProblem,
    options?: { cause: unknown },
  ) {
    super(`The passkey prompt failed (${problem})`, options)
    this.name = 'PasskeyPromptFailed'
  }
}

const nameOf = (value: unknown): string =>
  typeof value === 'object' && value !== null && 'name' in value && typeof value.name === 'string'
    ? value.name
    : ''

/**
 * SimpleWebAuthn's errors by what happened: `code` ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED
 * (InvalidStateError), a NotAllowedError or AbortError (the customer closed the prompt, or it
 * timed out), and its plain Error when the browser has no WebAuthn.
 */
export function promptProblemOf(error: unknown): PasskeyPromptProblem {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : ''
  const cause = typeof error === 'object' && error !== null ? (error as Error).cause : undefined
  const names = [nameOf(error), nameOf(cause)]
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || names.includes('InvalidStateError'))
    return 'alreadyRegistered'
  if (
    code === 'ERROR_CEREMONY_ABORTED' ||
    names.includes('NotAllowedError') ||
    names.includes('AbortError')
  )
    return 'cancelled'
  if (error instanceof Error && /not supported/i.test(error.message)) return 'unsupported'
  return 'failed'
}
