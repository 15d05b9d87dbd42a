/**
 * fast-check arbitraries from the JSON Schemas of openapi/main.yaml: values a schema accepts, and
 * values that break exactly one of its constraints (a type, a length, a pattern, an enum, a bound,
 * a required or unknown property), each with the JSON pointer of what it breaks.
 */
import fc from 'fast-check'
import type { JsonSchema, Resolve } from '../../../scripts/contract/largest-body.ts'

export type { JsonSchema } from '../../../scripts/contract/largest-body.ts'

/** Follows `$ref`s to the schema they name. */
export type { Resolve } from '../../../scripts/contract/largest-body.ts'

/** One way to break a schema: the value to put at `path` (undefined: remove what is there). */
export interface Violation {
  path: string[]
  rule: string
  value: fc.Arbitrary<unknown> | undefined
}

const codePoints = (text: string) => Array.from(text).length
const cut = (text: string, max: number) => Array.from(text).slice(0, max).join('')
const unsafeKey = (key: string) => key === '__proto__' || key === 'constructor'

/** Text of every kind a customer or a tool might send, without U+0000 (a rule of its own). */
export function text(min = 0, max = 64): fc.Arbitrary<string> {
  const long = Math.min(max, 300)
  return fc
    .oneof(
      { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: long }) },
      {
        weight: 2,
        arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: long }),
      },
      {
        weight: 2,
        arbitrary: fc
          .string({ unit: 'binary', minLength: min, maxLength: long })
          .map((s) => s.replace(/\0/g, ' ')),
      },
      {
        weight: 1,
        arbitrary: fc
          .integer({ min, max })
          .chain((n) => fc.string({ unit: 'grapheme-ascii', minLength: n, maxLength: n })),
      },
    )
    .map((s) => cut(s, max))
    .filter((s) => codePoints(s) >= min)
}

/** JSON values for properties the schema does not describe (Sumsub may add any). */
const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 }).map(function clean(
  value: unknown,
): unknown {
  if (typeof value === 'string') return value.replace(/\0/g, ' ')
  if (Array.isArray(value)) return value.map(clean)
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !unsafeKey(key) && !key.includes('\0'))
        .map(([key, v]) => [key, clean(v)]),
    )
  return value
})

export function createSchemaArbitraries(resolve: Resolve) {
  function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
    const min = schema.minLength ?? 0
    const max = schema.maxLength ?? 1000
    if (schema.enum) return fc.constantFrom(...(schema.enum as string[]))
    // The formats bodies use: any valid one (the server's own rules on them are stated).
    if (schema.format === 'uuid') return fc.uuid()
    if (schema.format === 'date-time')
      return fc
        .date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString())
    if (schema.pattern === undefined) return text(min, max)
    const pattern = new RegExp(schema.pattern, 'u')
    // `^[class]+$` with a minimum length (a hex digest): characters of the class, any length.
    const repeated = /^\^(\[[^\]]+\])\+\$$/.exec(schema.pattern)?.[1]
    if (repeated !== undefined)
      return fc.string({
        unit: fc.stringMatching(new RegExp(`^${repeated}$`)),
        minLength: Math.max(min, 1),
        maxLength: Math.min(max, 256),
      })
    return fc
      .stringMatching(new RegExp(schema.pattern), { size: 'xsmall' })
      .filter((s) => codePoints(s) >= min && codePoints(s) <= max && pattern.test(s))
  }

  /** Values the schema accepts. */
  function valid(raw: JsonSchema): fc.Arbitrary<unknown> {
    const schema = resolve(raw)
    if (schema.oneOf) return fc.oneof(...schema.oneOf.map(valid))
    if (schema.enum) return fc.constantFrom(...schema.enum)
    // A value of any of the listed types, each under the keywords that apply to it.
    if (Array.isArray(schema.type))
      return fc.oneof(...schema.type.map((type) => valid({ ...schema, type })))
    switch (schema.type) {
      case 'string':
        return stringOf(schema)
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -(2 ** 31), max: schema.maximum ?? 2 ** 31 })
      case 'number':
        return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true })
      case 'boolean':
        return fc.boolean()
      case 'null':
        return fc.constant(null)
      case 'array': {
        const bounds = {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 5, 5),
        }
        // A set (roles): no item twice.
        return schema.uniqueItems
          ? fc.uniqueArray(valid(schema.items ?? {}), {
              ...bounds,
              selector: (item) => JSON.stringify(item),
            })
          : fc.array(valid(schema.items ?? {}), bounds)
      }
      case 'object': {
        const properties = schema.properties ?? {}
        const known = fc.record(
          Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, valid(s)])),
          { requiredKeys: schema.required ?? [] },
        )
        if (schema.additionalProperties === false) return known
        // Extra properties as the schema allows them: their names, their values, how many.
        const names = schema.propertyNames
          ? stringOf(resolve(schema.propertyNames))
          : fc.string({ maxLength: 20 })
        const room = Math.max(0, (schema.maxProperties ?? 3) - Object.keys(properties).length)
        const extra = fc.dictionary(
          names.filter((k) => !(k in properties) && !unsafeKey(k)),
          typeof schema.additionalProperties === 'object'
            ? valid(schema.additionalProperties)
            : anyJson,
          { maxKeys: Math.min(3, room) },
        )
        return fc.tuple(known, extra).map(([k, e]) => ({ ...e, ...k }))
      }
      default:
        return anyJson
    }
  }

  const notA = (type: string): fc.Arbitrary<unknown> =>
    fc
      .oneof(
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
        fc.dictionary(
          fc.string({ maxLength: 5 }).filter((k) => !unsafeKey(k)),
          fc.nat(),
          {
            maxKeys: 2,
          },
        ),
        fc.string({ maxLength: 10 }),
      )
      .filter((value) => {
        const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value
        if (type === 'integer') return !Number.isInteger(value)
        if (type === 'number') return typeof value !== 'number'
        return actual !== type
      })

  /** Every single-constraint violation of the schema, found at `path`. */
  function violations(raw: JsonSchema, path: string[] = []): Violation[] {
    const schema = resolve(raw)
    const out: Violation[] = []
    const at = (rule: string, value: fc.Arbitrary<unknown> | undefined, where = path) =>
      out.push({ path: where, rule, value })
    if (schema.oneOf) return out
    if (schema.enum) {
      const allowed = new Set(schema.enum)
      at(
        'enum',
        text(0, 20).filter((s) => !allowed.has(s)),
      )
      return out
    }
    switch (schema.type) {
      case 'string': {
        at('type', notA('string'))
        const min = schema.minLength ?? 0
        if (schema.maxLength !== undefined) {
          const max = schema.maxLength
          at(
            'maxLength',
            fc
              .tuple(stringOf(schema), fc.integer({ min: 1, max: 64 }))
              .map(([s, extra]) => (s === '' ? 'x' : s).repeat(max + extra).slice(0, max + extra))
              .filter((s) => codePoints(s) > max),
          )
        }
        if (min > 0)
          at(
            'minLength',
            stringOf(schema).map((s) => cut(s, min - 1)),
          )
        if (schema.pattern !== undefined) {
          const pattern = new RegExp(schema.pattern, 'u')
          at(
            'pattern',
            text(min, Math.min(schema.maxLength ?? 40, 40)).filter((s) => !pattern.test(s)),
          )
        }
        break
      }
      case 'integer':
      case 'number':
        at('type', notA(schema.type))
        if (schema.minimum !== undefined)
          at('minimum', fc.integer({ min: -(2 ** 40), max: schema.minimum - 1 }))
        if (schema.maximum !== undefined)
          at('maximum', fc.integer({ min: schema.maximum + 1, max: 2 ** 40 }))
        break
      case 'boolean':
        at('type', notA('boolean'))
        break
      case 'array':
        at('type', notA('array'))
        if (schema.maxItems !== undefined)
          at(
            'maxItems',
            fc.array(valid(schema.items ?? {}), {
              minLength: schema.maxItems + 1,
              maxLength: schema.maxItems + 3,
            }),
          )
        break
      case 'object': {
        at('type', notA('object'))
        for (const name of schema.required ?? []) at('required', undefined, [...path, name])
        const properties = schema.properties ?? {}
        if (schema.additionalProperties === false)
          at(
            'additionalProperties',
            anyJson,
            // The key is chosen by the caller's path: a fixed unknown name keeps the path known.
            [...path, 'unexpectedProperty'],
          )
        for (const [name, property] of Object.entries(properties))
          out.push(...violations(property, [...path, name]))
        break
      }
    }
    return out
  }

  return { valid, violations }
}

/**
 * The value with `value` at `path` (undefined removes it), through objects and arrays, copying
 * what it changes; a missing object on the way is created.
 */
export function setAt(root: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value
  const [head, ...rest] = path as [string, ...string[]]
  if (Array.isArray(root)) {
    const copy: unknown[] = [...(root as unknown[])]
    copy[Number(head)] = setAt(copy[Number(head)], rest, value)
    return copy
  }
  const object = typeof root === 'object' && root !== null ? (root as Record<string, unknown>) : {}
  const next = setAt(object[head], rest, value)
  const others = Object.entries(object).filter(([key]) => key !== head)
  return Object.fromEntries(next === undefined ? others : [...others, [head, next]])
}

/** Paths of every string in a value (property values and array items). */
export function stringPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value === 'string') return [path]
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...path, String(i)]))
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...path, k]))
  return []
}

/** Paths of every object in a value (where a property name can be added). */
export function objectPaths(value: unknown, path: string[] = []): string[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => objectPaths(v, [...path, String(i)]))
  if (typeof value === 'object' && value !== null)
    return [path, ...Object.entries(value).flatMap(([k, v]) => objectPaths(v, [...path, k]))]
  return []
}
