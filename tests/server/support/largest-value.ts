/**
 * The largest value a schema accepts, as JSON bytes go (issue 26 item 7): strings at their
 * maxLength in the widest characters their pattern allows (a control character is 6 bytes once
 * JSON.stringify escapes it), arrays at maxItems, objects with every property and as many extra
 * ones as maxProperties allows. The contract fuzzer sends such a body to every operation: none may
 * be refused as too large. What it builds is checked against the schema by the caller.
 */
import { randomUUID } from 'node:crypto'
import type { JsonSchema, Resolve } from '../../../scripts/contract/largest-body.ts'

/** Characters tried for a string, widest in JSON first. */
const fillers = ['\u0001', '\u{1F600}', 'é', 'a', 'A', '0', 'x', '_', '-', '.', ' ']

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8')

function largestString(schema: JsonSchema): string {
  const max = schema.maxLength ?? 64
  if (schema.format === 'uuid') return randomUUID()
  if (schema.format === 'date-time') return new Date(0).toISOString()
  if (schema.pattern === undefined) return fillers[0]?.repeat(max) ?? ''
  const pattern = new RegExp(schema.pattern, 'u')
  for (const c of fillers) {
    const candidate = c.repeat(max)
    if (pattern.test(candidate)) return candidate
  }
  // An address: the longest local part before '@' and a one-letter domain.
  const address = `${'a'.repeat(Math.max(1, max - 2))}@b`
  if (pattern.test(address)) return address
  // A fixed shape (a recovery code): its pieces joined by what the pattern puts between them.
  for (const c of ['a', 'A', '0', '9'])
    for (const sep of ['-', ' ', '.', ':'])
      for (let cut = 1; cut < max; cut++) {
        const candidate = c.repeat(cut) + sep + c.repeat(max - cut - 1)
        if (pattern.test(candidate)) return candidate
      }
  throw new Error(`no largest string for the pattern ${schema.pattern}`)
}

export function largestValue(raw: JsonSchema, resolve: Resolve): unknown {
  const schema = resolve(raw)
  const largestOf = (values: unknown[]) =>
    values.reduce((a, b) => (jsonBytes(b) > jsonBytes(a) ? b : a))
  if (schema.enum) return largestOf(schema.enum)
  if (schema.const !== undefined) return schema.const
  if (schema.oneOf) return largestOf(schema.oneOf.map((s) => largestValue(s, resolve)))
  if (schema.anyOf) return largestOf(schema.anyOf.map((s) => largestValue(s, resolve)))
  if (Array.isArray(schema.type))
    return largestOf(schema.type.map((type) => largestValue({ ...schema, type }, resolve)))
  switch (schema.type) {
    case 'string':
      return largestString(schema)
    case 'integer':
      return largestOf([
        schema.minimum ?? Number.MIN_SAFE_INTEGER,
        schema.maximum ?? Number.MAX_SAFE_INTEGER,
      ])
    case 'number':
      return largestOf([schema.minimum ?? -Number.MAX_VALUE, schema.maximum ?? Number.MAX_VALUE])
    case 'boolean':
      return false
    case 'null':
      return null
    case 'array': {
      const items = resolve(schema.items ?? {})
      // Items that must differ (a set of roles): every allowed value, largest first.
      if (schema.uniqueItems && items.enum)
        return [...items.enum]
          .sort((a, b) => jsonBytes(b) - jsonBytes(a))
          .slice(0, schema.maxItems ?? items.enum.length)
      return Array.from({ length: schema.maxItems ?? 0 }, () => largestValue(items, resolve))
    }
    case 'object': {
      const value: Record<string, unknown> = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, s]) => [
          name,
          largestValue(s, resolve),
        ]),
      )
      const extra = schema.additionalProperties
      if (typeof extra === 'object' && schema.maxProperties !== undefined) {
        const names = resolve(schema.propertyNames ?? {})
        const length = names.maxLength ?? 8
        for (let i = Object.keys(value).length; i < schema.maxProperties; i++) {
          const suffix = String(i)
          value['a'.repeat(length - suffix.length) + suffix] = largestValue(extra, resolve)
        }
      }
      return value
    }
    default:
      return {}
  }
}
