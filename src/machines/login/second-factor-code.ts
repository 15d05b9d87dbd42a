/**
 * The second step's code field (issue 14; decision 088): what the customer may type for each kind
 * of code, and the message for a code that cannot be right. The contract's patterns are the rule:
 * `TotpCode` is six digits, `RecoveryCode` ten letters or digits with an optional hyphen.
 */
import type { RuleMessage } from '../forms/rule-message'

export type CodeMethod = 'totp' | 'recovery-code'

const recoveryPattern = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/

/**
 * The code as it is kept while typed: an app's code keeps its digits only (pasted '123 456' is
 * '123456'), a recovery code loses its spaces; both are cut at the longest valid length.
 */
export function normaliseCode(method: CodeMethod, typed: string): string {
  if (method === 'totp') return typed.replace(/\D/g, '').slice(0, 6)
  return typed.replace(/\s/g, '').slice(0, 11)
}

/**
 * The field's message for a code that cannot be right ('Enter the 6 digits your app shows', 'A
 * recovery code has 10 letters or digits'), undefined for one the server may check.
 */
export function codeProblem(method: CodeMethod, code: string): RuleMessage | undefined {
  if (code === '') return { rule: 'required' }
  if (method === 'totp') return /^\d{6}$/.test(code) ? undefined : { rule: 'totp-code' }
  return recoveryPattern.test(code) ? undefined : { rule: 'recovery-code' }
}
