/**
 * The general form rules (docs/product/validation.md#general-form-rules), in one place for every
 * form: each field declares its rules and the first one that fails gives the message the customer
 * sees.
 */

import { isEmailAddress } from '../../../domain/email-address'

export type FieldKind = 'text' | 'email' | 'number' | 'checkbox' | 'array'

export interface FieldRules {
  /** The field's name as the messages say it: '{field} must be an email'. */
  label: string
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

export type FieldErrors<TValues> = Partial<Record<keyof TValues, string>>

export const messages = {
  required: 'Required field',
  min: (n: number) => `Min ${n} characters`,
  max: (n: number) => `Max ${n} characters`,
  number: (field: string) => `${field} must be a number`,
  email: (field: string) => `${field} must be an email`,
  checked: (field: string) => `${field} must be checked`,
  selected: (field: string) => `${field} must be selected`,
} as const

const numberPattern = /^-?\d+(\.\d+)?$/

function isEmpty(value: FieldValue): boolean {
  if (typeof value === 'string') return value.trim() === ''
  if (typeof value === 'boolean') return !value
  return value.length === 0
}

/** The message for the first rule the value breaks, or undefined when it keeps them all. */
export function validateField(rules: FieldRules, value: FieldValue): string | undefined {
  if (rules.kind === 'checkbox') {
    return rules.required && value !== true ? messages.checked(rules.label) : undefined
  }
  if (rules.kind === 'array') {
    return rules.required && isEmpty(value) ? messages.selected(rules.label) : undefined
  }
  const text = typeof value === 'string' ? value : ''
  if (isEmpty(text)) return rules.required ? messages.required : undefined
  if (rules.kind === 'number' && !numberPattern.test(text.trim())) {
    return messages.number(rules.label)
  }
  if (rules.min !== undefined && text.length < rules.min) return messages.min(rules.min)
  if (rules.max !== undefined && text.length > rules.max) return messages.max(rules.max)
  // Stricter than the original "contains an '@'": one mailbox, the server's rule
  // (docs/product/validation.md#email-rule, docs/decisions/042).
  if (rules.kind === 'email' && !isEmailAddress(text)) return messages.email(rules.label)
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
