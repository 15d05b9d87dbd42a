/**
 * The contract checker: every answer of the API must be one that openapi/main.yaml declares for
 * its path, method and status, with a body valid against the declared schema of its media type
 * and the declared headers. An undeclared status fails, except 404 for a path or method the
 * contract does not have. `createContractChecker` builds the same checker for another contract
 * (openapi/market.yaml).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { parse } from 'yaml'

interface MediaType {
  schema?: unknown
}
interface Header {
  $ref?: string
  required?: boolean
  schema?: Record<string, unknown>
}
interface ResponseObject {
  $ref?: string
  content?: Record<string, MediaType>
  headers?: Record<string, Header>
}
export interface Parameter {
  name: string
  in: 'query' | 'header' | 'path' | 'cookie'
  required?: boolean
  schema?: Record<string, unknown>
}
export interface Operation {
  operationId?: string
  security?: Record<string, unknown>[]
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content?: Record<string, MediaType> }
  responses?: Record<string, ResponseObject>
}
export interface Spec {
  paths: Record<string, Record<string, Operation>>
}

export class ContractViolation extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ContractViolation'
  }
}

/** A checker for one contract file of openapi/ (main.yaml or market.yaml). */
export function createContractChecker(file: string) {
  const specPath = fileURLToPath(new URL(`../../../openapi/${file}`, import.meta.url))
  const specId = `https://contract.test/${file}`
  const spec = parse(readFileSync(specPath, 'utf8')) as Spec
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false })
  addFormats(ajv)
  ajv.addSchema(spec as object, specId)

  const escapePointer = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1')

  /** Follows a local `$ref` ('#/components/...') and answers the target with its pointer. */
  function resolve<T extends { $ref?: string }>(
    value: T,
    pointer: string,
  ): { value: T; pointer: string } {
    let current = value
    let at = pointer
    for (let hops = 0; current.$ref !== undefined; hops++) {
      if (hops > 10 || !current.$ref.startsWith('#/'))
        throw new Error(`cannot follow ${current.$ref}`)
      at = current.$ref.slice(1)
      let node: unknown = spec
      for (const token of at.slice(1).split('/')) {
        const key = token.replace(/~1/g, '/').replace(/~0/g, '~')
        node = (node as Record<string, unknown>)[key]
      }
      if (node === undefined) throw new Error(`dangling $ref ${current.$ref}`)
      current = node as T
    }
    return { value: current, pointer: at }
  }

  const validators = new Map<string, ValidateFunction>()
  function validatorAt(pointer: string): ValidateFunction {
    let validate = validators.get(pointer)
    if (!validate) {
      const fragment = pointer
        .split('/')
        .map((t) => encodeURIComponent(t).replace(/%7E/gi, '~'))
        .join('/')
      validate = ajv.compile({ $ref: `${specId}#${fragment}` })
      validators.set(pointer, validate)
    }
    return validate
  }

  // Concrete paths before templated ones (OpenAPI 3.1, "Path Templating Matching"):
  // /api/account/sessions/end-others is not a {sessionId}.
  const templateParameters = (template: string) => template.split('{').length - 1
  const pathPatterns = Object.keys(spec.paths)
    .sort((a, b) => templateParameters(a) - templateParameters(b))
    .map((template) => ({
      template,
      pattern: new RegExp(
        '^' + template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/}]+\}/g, '[^/]+') + '$',
      ),
    }))

  /** The contract's operation for a request, if it declares one. */
  function findOperation(
    method: string,
    path: string,
  ): { template: string; operation: Operation } | undefined {
    const bare = path.split('?')[0] ?? path
    const match = pathPatterns.find((p) => p.pattern.test(bare))
    if (!match) return undefined
    const operation = spec.paths[match.template]?.[method.toLowerCase()]
    return operation?.operationId ? { template: match.template, operation } : undefined
  }

  /** The operation ids of the contract (implemented or not). */
  const contractOperationIds = Object.values(spec.paths).flatMap((item) =>
    Object.values(item)
      .map((op) => op.operationId)
      .filter((id): id is string => typeof id === 'string'),
  )

  function describeErrors(validate: ValidateFunction): string {
    return (validate.errors ?? [])
      .map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`)
      .join('; ')
  }

  /**
   * Checks one answer and returns its parsed body (JSON) or text. Throws ContractViolation when the
   * answer is not one the contract allows.
   */
  function checkResponse(
    method: string,
    path: string,
    status: number,
    headers: Headers,
    text: string,
  ): unknown {
    const where = `${method.toUpperCase()} ${path} → ${status}`
    const mediaType = (headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    let body: unknown = text
    if (/^application\/([\w.+-]+\+)?json$/.test(mediaType)) {
      try {
        body = JSON.parse(text) as unknown
      } catch {
        throw new ContractViolation(
          `${where}: the ${mediaType} body is not JSON: ${text.slice(0, 200)}`,
        )
      }
    }

    const found = findOperation(method, path)
    let response: ResponseObject | undefined
    let pointer: string
    if (found) {
      const responses = found.operation.responses ?? {}
      const key = [String(status), `${String(status)[0] ?? ''}XX`, 'default'].find(
        (k) => responses[k] !== undefined,
      )
      if (key === undefined)
        throw new ContractViolation(
          `${where}: status ${status} is not declared for ${found.operation.operationId ?? found.template} (declared: ${Object.keys(responses).join(', ')}). Body: ${text.slice(0, 300)}`,
        )
      const resolved = resolve(
        responses[key] as ResponseObject,
        `/paths/${escapePointer(found.template)}/${method.toLowerCase()}/responses/${key}`,
      )
      response = resolved.value
      pointer = resolved.pointer
    } else {
      // A path or method the contract does not have: only "not found" (as a Problem) is right.
      if (status !== 404)
        throw new ContractViolation(`${where}: not in the contract, so only 404 is allowed`)
      response = resolve({ $ref: '#/components/responses/NotFound' }, '').value as ResponseObject
      pointer = '/components/responses/NotFound'
    }

    const content = response.content ?? {}
    if (Object.keys(content).length === 0) {
      if (text !== '')
        throw new ContractViolation(`${where}: no body is declared, got ${text.slice(0, 200)}`)
    } else {
      const media = content[mediaType]
      if (!media)
        throw new ContractViolation(
          `${where}: content type "${mediaType}" is not declared (declared: ${Object.keys(content).join(', ')})`,
        )
      if (media.schema !== undefined) {
        const validate = validatorAt(`${pointer}/content/${escapePointer(mediaType)}/schema`)
        if (!validate(body))
          throw new ContractViolation(
            `${where}: body does not match the contract: ${describeErrors(validate)}. Body: ${text.slice(0, 300)}`,
          )
      }
    }

    for (const [name, declared] of Object.entries(response.headers ?? {})) {
      const { value: header } = resolve(declared, '')
      const raw = headers.get(name)
      if (raw === null) {
        if (header.required) throw new ContractViolation(`${where}: header ${name} is required`)
        continue
      }
      const schema = header.schema ?? {}
      const value: unknown =
        schema.type === 'integer' || schema.type === 'number'
          ? /^-?\d+(\.\d+)?$/.test(raw)
            ? Number(raw)
            : raw
          : raw
      const validate = ajv.compile(schema)
      if (!validate(value))
        throw new ContractViolation(
          `${where}: header ${name}: "${raw}" ${describeErrors(validate)}`,
        )
    }
    return body
  }
  /** The schema a `$ref` chain ends at (schemas of the contract's components). */
  const resolveSchema = <T extends { $ref?: string }>(schema: T): T => resolve(schema, '').value
  return { spec, findOperation, checkResponse, contractOperationIds, resolveSchema }
}

const main = createContractChecker('main.yaml')
/** openapi/main.yaml, parsed. */
export const mainSpec = main.spec
/** Follows a `$ref` of openapi/main.yaml to what it names. */
export const resolveMainSchema = main.resolveSchema
/** The contract's operation for a request, if it declares one. */
export const findOperation = main.findOperation
/**
 * Checks one answer and returns its parsed body (JSON) or text. Throws ContractViolation when the
 * answer is not one the contract allows.
 */
export const checkResponse = main.checkResponse
