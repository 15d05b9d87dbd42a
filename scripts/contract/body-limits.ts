/**
 * `npm run api:check`'s size rule (decision 108): every operation's largest schema-valid JSON body
 * fits the limit the server applies to it (its `x-body-limit`, else the default), so no valid
 * request is ever refused 413. A body schema open to any property (a third-party payload) has no
 * largest body: its operation must declare its own limit, which is then the contract's rule.
 */
import { defaultBodyLimitBytes } from '../../server/http/contract.ts'
import { largestJson, type JsonSchema } from './largest-body.ts'

interface Operation {
  operationId?: string
  'x-body-limit'?: number
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}
export interface ContractDocument {
  paths: Record<string, Record<string, unknown>>
}

/** A schema with its `$ref`s followed; siblings of a `$ref` apply too (OpenAPI 3.1). */
export function resolverOf(spec: ContractDocument) {
  return function resolve(schema: JsonSchema): JsonSchema {
    let current = schema
    for (let hops = 0; current.$ref !== undefined; hops++) {
      if (hops > 32) throw new Error(`$ref loop at ${schema.$ref ?? ''}`)
      let target: unknown = spec
      for (const token of current.$ref.replace(/^#\//, '').split('/'))
        target = (target as Record<string, unknown>)[token]
      const { $ref: _ref, description: _description, ...siblings } = current
      current = { ...(target as JsonSchema), ...siblings }
    }
    return current
  }
}

export interface BodyLimitProblem {
  operationId: string
  message: string
}

/** Each operation whose largest valid body does not fit its limit, with why. */
export function bodyLimitProblems(spec: ContractDocument): BodyLimitProblem[] {
  const resolve = resolverOf(spec)
  const problems: BodyLimitProblem[] = []
  for (const item of Object.values(spec.paths))
    for (const raw of Object.values(item)) {
      const op = raw as Operation
      const schema = op.requestBody?.content?.['application/json']?.schema
      if (typeof raw !== 'object' || !op.operationId || !schema) continue
      const declared = op['x-body-limit']
      const limit = declared ?? defaultBodyLimitBytes
      const open = resolve(schema).additionalProperties !== false
      // An open payload's own limit must still hold everything its schema names.
      const { bytes, unbounded } = largestJson(schema, resolve, '', open && declared !== undefined)
      if (bytes === Infinity)
        problems.push({
          operationId: op.operationId,
          message: `no largest body: nothing bounds ${unbounded.join(', ')}`,
        })
      else if (bytes > limit)
        problems.push({
          operationId: op.operationId,
          message: `its largest valid body is ${bytes} bytes, over its limit of ${limit}`,
        })
    }
  return problems
}
