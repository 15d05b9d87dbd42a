/**
 * The general form rules (docs/product/validation.md#general-form-rules), in one place for every
 * form: each field declares its rules and the first one that fails gives the message the customer
 * sees, kept as a code (rule-message.ts) that the view shows in the page's language.
 */

import { isEmailAddress } from '../../../domain/email-address'
import type { FieldLabel, RuleMessage } from './rule-message'

export type FieldKind = 'text' | 'email' | 'number' | 'checkbox' | 'array'

export interface FieldRules {
  /** The field's name as the messages say it ('{field} must be an email'), as a code. */
  label: FieldLabel
  kind: FieldKind
  required?: boolean
  /** Minimum number of characters (text-like fields). */
  min?: number
  /** Maximum number of characters (text-like fields). */
  max?: number
}

export type FieldValue = string | boolean | readonly string[]

export type FormSchema<TValues extends Record<string, FieldValue>> = {
  readonly [K in keyof TValues]: FieldRules
}

/** Each failing field's message, as a code the view shows in the page's language. */
export type FieldErrors<TValues> = Partial<Record<keyof TValues, RuleMessage>>

const REQUIRED: RuleMessage = { rule: 'required' }

const numberPattern = /^-?\d+(\.\d+)?$/

function isEmpty(value: FieldValue): boolean {
  if (typeof value === 'string') return value.trim() === ''
  if (typeof value === 'boolean') return !value
  return value.length === 0
}

/** The message for the first rule the value breaks, or undefined when it keeps them all. */
export function validateField(rules: FieldRules, value: FieldValue): RuleMessage | undefined {
  const field = rules.label
  if (rules.kind === 'checkbox') {
    return rules.required && value !== true ? { rule: 'checked', field } : undefined
  }
  if (rules.kind === 'array') {
    return rules.required && isEmpty(value) ? { rule: 'selected', field } : undefined
  }
  const text = typeof value === 'string' ? value : ''
  if (isEmpty(text)) return rules.required ? REQUIRED : undefined
  if (rules.kind === 'number' && !numberPattern.test(text.trim())) return { rule: 'number', field }
  if (rules.min !== undefined && text.length < rules.min) return { rule: 'min', count: rules.min }
  if (rules.max !== undefined && text.length > rules.max) return { rule: 'max', count: rules.max }
  // Stricter than the original "contains an '@'": one mailbox, the server's rule
  // (docs/product/validation.md#email-rule, docs/decisions/042).
  if (rules.kind === 'email' && !isEmailAddress(text)) return { rule: 'email', field }
  return undefined
}

/** Every failing field with its message; an empty object means the form may be sent. */
export function validateForm<TValues extends Record<string, FieldValue>>(
  schema: FormSchema<TValues>,
  values: TValues,
): FieldErrors<TValues> {
  const errors: FieldErrors<TValues> = {}
  for (const field of Object.keys(schema) as (keyof TValues & string)[]) {
    const message = validateField(schema[field], values[field] ?? '')
    if (message !== undefined) errors[field] = message
  }
  return errors
}

export function isFormValid<TValues extends Record<string, FieldValue>>(
  schema: FormSchema<TValues>,
  values: TValues,
): boolean {
  return Object.keys(validateForm(schema, values)).length === 0
}
