/**
 * How a request body becomes a value: strict UTF-8, JSON, and no string or property name that the
 * database or a later object spread cannot hold safely. Everything refused here is a 400
 * problem+json that names the field as a JSON pointer (docs/decisions/050).
 */
import { HttpProblem, maxFieldErrors, problemTypes, type FieldError } from './problem.ts'

/** The contract's cap on FieldError.field (maxLength). */
const maxPointerLength = 200

export function pointerToken(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1')
}

/**
 * A JSON pointer that fits the contract's FieldError.field: when the path is too long (a long
 * property name), the nearest enclosing value that fits is named instead. Property names the
 * client made up are echoed only this far.
 */
export function fitPointer(tokens: readonly string[]): string {
  let pointer = ''
  for (const token of tokens) {
    const next = `${pointer}/${pointerToken(token)}`
    if (next.length > maxPointerLength) break
    pointer = next
  }
  return pointer === '' ? '/' : pointer
}

// U+0000, or a UTF-16 surrogate without its partner (JSON's \ud800 escapes can make one).
const forbiddenCharacter =
  /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

function characterProblem(text: string): string | undefined {
  const match = forbiddenCharacter.exec(text)
  if (!match) return undefined
  return match[0] === '\0'
    ? 'must not contain the character U+0000 (NUL)'
    : 'must not contain an unpaired UTF-16 surrogate'
}

/** Property names an object spread or merge could turn into a prototype change. */
const forbiddenKey = (key: string, value: unknown) =>
  key === '__proto__' ||
  (key === 'constructor' && typeof value === 'object' && value !== null && 'prototype' in value)

/**
 * Every string value and property name of a parsed body that cannot be stored or used safely, as
 * field errors. Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function forbiddenContent(value: unknown): FieldError[] {
  const errors: FieldError[] = []
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }]
  while (stack.length > 0 && errors.length < maxFieldErrors) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string[] }
    if (typeof current === 'string') {
      const message = characterProblem(current)
      if (message) errors.push({ field: fitPointer(path), message, code: 'forbiddenCharacter' })
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ value: current[i], path: [...path, String(i)] })
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current)
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown]
        const message = characterProblem(key)
        if (message) {
          // The name itself cannot be echoed: the object that holds it is named.
          errors.push({
            field: fitPointer(path),
            message: `has a property name that ${message}`,
            code: 'forbiddenCharacter',
          })
        } else if (forbiddenKey(key, child)) {
          errors.push({
            field: fitPointer([...path, key]),
            message: 'is not an allowed property name',
            code: 'forbiddenProperty',
          })
        } else stack.push({ value: child, path: [...path, key] })
      }
    }
  }
  return errors
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** The request body as a value, or the 400 that says why it cannot be one. */
export function parseJsonBody(bytes: Uint8Array): unknown {
  let value: unknown
  try {
    value = JSON.parse(utf8.decode(bytes)) as unknown
  } catch {
    throw new HttpProblem(
      400,
      /*i18n*/ { id: 'problem.malformed-json', message: 'The body is not valid JSON in UTF-8.' },
      {
        type: problemTypes.malformedJson,
        errorType: 'VALIDATION_ERROR',
      },
    )
  }
  const errors = forbiddenContent(value)
  if (errors.length > 0)
    throw new HttpProblem(
      400,
      /*i18n*/ {
        id: 'problem.forbidden-character',
        message: 'The body holds characters or names that are not allowed.',
      },
      {
        type: problemTypes.forbiddenCharacter,
        errorType: 'VALIDATION_ERROR',
        errors,
      },
    )
  return value
}

/** The query string's values (the only other free text a route reads) under the same rule. */
export function checkQuery(query: unknown): void {
  const errors = forbiddenContent(query)
  if (errors.length > 0)
    throw new HttpProblem(
      400,
      /*i18n*/ {
        id: 'problem.forbidden-query-character',
        message: 'The query string holds characters that are not allowed.',
      },
      {
        type: problemTypes.forbiddenCharacter,
        errorType: 'VALIDATION_ERROR',
        errors,
      },
    )
}

export const bodyRequired = () =>
  new HttpProblem(
    400,
    /*i18n*/ {
      id: 'problem.body-required',
      message: 'This operation needs a JSON body (Content-Type: application/json).',
    },
    {
      type: problemTypes.bodyRequired,
      errorType: 'VALIDATION_ERROR',
      errors: [{ field: '/', message: 'is required', code: 'required' }],
    },
  )
