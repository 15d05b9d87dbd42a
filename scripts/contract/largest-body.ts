/**
 * The largest request body a schema accepts, in bytes of JSON as a client's JSON.stringify writes
 * it (issue 26 item 7): `npm run api:check` holds every operation's largest body to the limit the
 * server applies, and the contract fuzzer sends bodies of that size. Any part of a body without
 * a bound (a string without maxLength, an array without maxItems, an object open to any property)
 * makes the size unbounded, and the check names where.
 */

export interface JsonSchema {
  $ref?: string
  description?: string
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  oneOf?: JsonSchema[]
  anyOf?: JsonSchema[]
  allOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  maxProperties?: number
  propertyNames?: JsonSchema
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  uniqueItems?: boolean
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
}

export type Resolve = (schema: JsonSchema) => JsonSchema

export interface BodySize {
  /** Infinity when some part has no bound. */
  bytes: number
  /** JSON pointers of the parts without a bound. */
  unbounded: string[]
}

/** Formats whose every value is printable ASCII. */
const asciiFormats = new Set(['uuid', 'date-time', 'date', 'time', 'uri', 'ipv4', 'ipv6'])

/**
 * Bytes one character of the string can take in JSON: 1 when the pattern or format admits only
 * printable ASCII (a pattern whose every class and literal is ASCII, with no `.`, `\S`, `\W`,
 * `\D`, `\p` or negated class), else 6 (`\u0001` is what JSON.stringify writes for a control
 * character; a code point outside the BMP is 2 UTF-16 units of at most 6 bytes... but 4 bytes
 * as UTF-8, so 6 per code unit bounds every case).
 */
export function bytesPerCharacter(schema: JsonSchema): number {
  if (schema.format !== undefined && asciiFormats.has(schema.format)) return 1
  const pattern = schema.pattern
  if (pattern === undefined) return 6
  if (!/^\^.*\$$/.test(pattern)) return 6
  const body = pattern.replace(/\\[\\^$.|?*+()[\]{}\-/]/g, 'x')
  if (/[^\x20-\x7e]|\\[SWDpPux0-9]|\[\^|\./.test(body)) return 6
  return 1
}

const pointer = (path: string, token: string) =>
  `${path}/${token.replace(/~/g, '~0').replace(/\//g, '~1')}`

/**
 * `knownOnly` counts the properties a schema names and leaves out what an open object may add
 * besides (a third-party payload's: its operation states a limit of its own for those).
 */
export function largestJson(
  raw: JsonSchema,
  resolve: Resolve,
  path = '',
  knownOnly = false,
): BodySize {
  const schema = resolve(raw)
  const unbounded = (): BodySize => ({ bytes: Infinity, unbounded: [path || '/'] })
  const largestOf = (alternatives: JsonSchema[]): BodySize =>
    alternatives
      .map((s) => largestJson(s, resolve, path, knownOnly))
      .reduce((a, b) => ({
        bytes: Math.max(a.bytes, b.bytes),
        unbounded: [...a.unbounded, ...b.unbounded],
      }))
  if (schema.enum)
    return { bytes: Math.max(...schema.enum.map((v) => JSON.stringify(v).length)), unbounded: [] }
  if (schema.const !== undefined)
    return { bytes: JSON.stringify(schema.const).length, unbounded: [] }
  if (schema.oneOf) return largestOf(schema.oneOf)
  if (schema.anyOf) return largestOf(schema.anyOf)
  if (Array.isArray(schema.type)) return largestOf(schema.type.map((type) => ({ ...schema, type })))
  switch (schema.type) {
    case 'string':
      if (schema.maxLength === undefined) return unbounded()
      return { bytes: 2 + schema.maxLength * bytesPerCharacter(schema), unbounded: [] }
    case 'integer': {
      const bounds = [schema.minimum, schema.maximum]
      if (bounds.some((b) => b === undefined)) return { bytes: 17, unbounded: [] }
      return { bytes: Math.max(...bounds.map((b) => String(b).length)), unbounded: [] }
    }
    case 'number':
      return { bytes: 24, unbounded: [] }
    case 'boolean':
      return { bytes: 5, unbounded: [] }
    case 'null':
      return { bytes: 4, unbounded: [] }
    case 'array': {
      if (schema.maxItems === undefined) return unbounded()
      const item = largestJson(schema.items ?? {}, resolve, pointer(path, '-'), knownOnly)
      const n = schema.maxItems
      return { bytes: 2 + n * item.bytes + Math.max(0, n - 1), unbounded: item.unbounded }
    }
    case 'object': {
      const parts = Object.entries(schema.properties ?? {}).map(([name, s]) => {
        const value = largestJson(s, resolve, pointer(path, name), knownOnly)
        return { bytes: JSON.stringify(name).length + 1 + value.bytes, unbounded: value.unbounded }
      })
      const open = schema.additionalProperties === undefined || schema.additionalProperties === true
      if (schema.additionalProperties !== false && !(knownOnly && open)) {
        const names = schema.propertyNames ? resolve(schema.propertyNames) : undefined
        const extra =
          schema.additionalProperties === undefined || schema.additionalProperties === true
            ? undefined
            : schema.additionalProperties
        if (schema.maxProperties === undefined || names?.maxLength === undefined || !extra)
          return unbounded()
        const value = largestJson(extra, resolve, pointer(path, '*'), knownOnly)
        const one = 2 + names.maxLength * bytesPerCharacter(names) + 1 + value.bytes
        for (let i = 0; i < schema.maxProperties; i++)
          parts.push({ bytes: one, unbounded: i === 0 ? value.unbounded : [] })
      }
      return {
        bytes: 2 + parts.reduce((sum, p) => sum + p.bytes, 0) + Math.max(0, parts.length - 1),
        unbounded: parts.flatMap((p) => p.unbounded),
      }
    }
    default:
      return unbounded()
  }
}
