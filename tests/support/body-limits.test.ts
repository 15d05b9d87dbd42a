/**
 * `npm run api:check`'s size rule (decision 108), on contracts made for the test and on the real
 * one: a body schema whose largest valid body is over its limit, or has no largest body, fails.
 */
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { bodyLimitProblems, type ContractDocument } from '../../scripts/contract/body-limits.ts'
import { bytesPerCharacter, largestJson } from '../../scripts/contract/largest-body.ts'

const withBody = (schema: unknown, extra: Record<string, unknown> = {}): ContractDocument => ({
  paths: {
    '/api/thing': {
      post: {
        operationId: 'postThing',
        ...extra,
        requestBody: { content: { 'application/json': { schema } } },
      },
    },
  },
})

const text = (maxLength: number, pattern?: string) => ({
  type: 'string',
  maxLength,
  ...(pattern ? { pattern } : {}),
})

describe('the body-size rule of api:check', () => {
  it('bounds JSON as JSON.stringify writes it', () => {
    const identity = (s: object) => s
    // "…" plus six bytes per character (a control character becomes \u0001).
    expect(largestJson(text(10), identity).bytes).toBe(62)
    expect(largestJson(text(10, '^[A-Za-z0-9_-]*$'), identity).bytes).toBe(12)
    expect(bytesPerCharacter({ pattern: '^[^@]+$' })).toBe(6)
    expect(bytesPerCharacter({ pattern: '^\\S+$' })).toBe(6)
    expect(bytesPerCharacter({ pattern: '^[0-9]{6}$' })).toBe(1)
    const object = {
      type: 'object',
      additionalProperties: false,
      properties: {
        a: text(3, '^[a]*$'),
        list: { type: 'array', maxItems: 2, items: { type: 'boolean' } },
      },
    }
    // {"a":"aaa","list":[false,false]}
    expect(largestJson(object, identity).bytes).toBe(
      JSON.stringify({ a: 'aaa', list: [false, false] }).length,
    )
  })

  it('passes a body that fits and fails one over its limit, naming the operation', () => {
    expect(
      bodyLimitProblems(
        withBody({ type: 'object', additionalProperties: false, properties: { n: text(100) } }),
      ),
    ).toEqual([])
    const over = bodyLimitProblems(
      withBody({ type: 'object', additionalProperties: false, properties: { n: text(3000) } }),
    )
    expect(over).toEqual([
      {
        operationId: 'postThing',
        message: 'its largest valid body is 18008 bytes, over its limit of 16384',
      },
    ])
    // Its own declared limit makes room.
    expect(
      bodyLimitProblems(
        withBody(
          { type: 'object', additionalProperties: false, properties: { n: text(3000) } },
          { 'x-body-limit': 32768 },
        ),
      ),
    ).toEqual([])
  })

  it('fails a body with no bound, naming where, unless an open payload declares its limit', () => {
    const unbounded = bodyLimitProblems(
      withBody({
        type: 'object',
        additionalProperties: false,
        properties: { n: { type: 'string' }, list: { type: 'array', items: text(3) } },
      }),
    )
    expect(unbounded).toEqual([
      { operationId: 'postThing', message: 'no largest body: nothing bounds /n, /list' },
    ])
    const open = { type: 'object', properties: { id: text(10) } }
    expect(bodyLimitProblems(withBody(open))).toHaveLength(1)
    expect(bodyLimitProblems(withBody(open, { 'x-body-limit': 65536 }))).toEqual([])
  })

  it('finds nothing to refuse in openapi/main.yaml', () => {
    const spec = parse(readFileSync('openapi/main.yaml', 'utf8')) as ContractDocument
    expect(bodyLimitProblems(spec)).toEqual([])
  })
})
