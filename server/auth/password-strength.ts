/**
 * The one rule of password strength (docs/decisions/081), on top of the contract's length
 * (`NewPassword`: 6 to 128 characters). A new password is refused when it is only whitespace,
 * holds the account's e-mail address or its local part, or zxcvbn-ts (its bundled common and
 * English dictionaries: leaked passwords, words, names) scores it below 2, that is under a
 * million guesses. Login never asks: accounts made before the rule keep working.
 */
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core'
import * as common from '@zxcvbn-ts/language-common'
import * as english from '@zxcvbn-ts/language-en'
import { InvalidInput } from '../domain-errors.ts'
import { englishText, type ProblemText } from '../i18n/problem-text.ts'

/** zxcvbn's score from 0 to 4; 2 means at least 10^6 guesses. */
export const minimumScore = 2

/**
 * The checker, built once when the module loads (ranking the dictionaries takes a few hundred
 * milliseconds). A check reads the first 40 characters and tries at most 8 l33t readings: that
 * bounds one check to a few tens of milliseconds whatever is sent, which matters because it runs
 * on the event loop before any limit counts the request (the defaults, 256 characters and 100
 * readings, let one 128-character password cost over half a second). Measured in decision 081.
 */
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
  maxLength: 40,
  l33tMaxSubstitutions: 8,
})

/** Words of this product that people put in its passwords. */
const siteWords = ['vistula', 'exchange']

/** A local part shorter than this is not refused as contained (`ann` is in `channel`). */
const minContainedLocalPart = 4

/** Why a password is refused, in the problems catalog: the customer reads it at the field. */
const weakPasswordReasons = {
  blank: /*i18n*/ { id: 'problem.password.blank', message: 'Must not be only spaces' },
  email: /*i18n*/ { id: 'problem.password.email', message: 'Must not contain your e-mail' },
  common: /*i18n*/ { id: 'problem.password.common', message: 'Too common: easy to guess' },
  guessable: /*i18n*/ { id: 'problem.password.guessable', message: 'Too easy to guess' },
} as const satisfies Record<string, ProblemText>

/** The `code` of the `errors` entry a weak password is answered with (FieldError). */
const weakPasswordCode = 'weak-password'

/** The refusal of a weak password sent as the field at `pointer` (`/password`, `/newPassword`). */
export function weakPasswordRefusal(pointer: string, reason: ProblemText): InvalidInput {
  return new InvalidInput([
    { field: pointer, code: weakPasswordCode, message: englishText(reason), text: reason },
  ])
}

/**
 * Why `password` may not be the new password of the account with this e-mail address, as a short
 * message for the customer; undefined when it may.
 */
export function passwordWeakness(password: string, email: string): ProblemText | undefined {
  if (password.trim() === '') return weakPasswordReasons.blank
  const lowered = password.toLowerCase()
  const address = email.toLowerCase()
  const at = address.lastIndexOf('@')
  const local = at > 0 ? address.slice(0, at) : address
  const domainLabels =
    at > 0
      ? address
          .slice(at + 1)
          .split('.')
          .slice(0, -1)
      : []
  const contained = [address, local, local.split('+')[0] ?? ''].filter(
    (part) => part.length >= minContainedLocalPart,
  )
  if (contained.some((part) => lowered.includes(part))) return weakPasswordReasons.email
  const result = zxcvbn.check(password, [address, local, ...domainLabels, ...siteWords])
  if (result.score >= minimumScore) return undefined
  return isCommonPassword(result) ? weakPasswordReasons.common : weakPasswordReasons.guessable
}

/** Whether the weakest reading leans on the list of leaked passwords. */
function isCommonPassword(result: ZxcvbnResult): boolean {
  return result.sequence.some(
    (match) => match.pattern === 'dictionary' && match.dictionaryName === 'passwords-common',
  )
}
