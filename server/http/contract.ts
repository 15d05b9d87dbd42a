import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

export const mainSpecPath = fileURLToPath(new URL('../../openapi/main.yaml', import.meta.url))

interface SpecOperation {
  operationId?: string
  requestBody?: { required?: boolean }
  /** The operation's own body limit in bytes, when it is not the default. */
  'x-body-limit'?: number
}

/** A request body's limit unless its operation declares `x-body-limit` (the contract's info). */
export const defaultBodyLimitBytes = 16 * 1024
type Spec = { paths: Record<string, Record<string, SpecOperation>> } & Record<string, unknown>

/** openapi/main.yaml as an object: the routes, schemas and security of the API. */
export function loadMainSpec(): Spec {
  return parse(readFileSync(mainSpecPath, 'utf8')) as Spec
}

/**
 * The contract reduced to the operations this server implements, so an operation whose
 * capability has not landed answers 404 instead of a generic 500.
 */
export function implementedSpec(spec: Spec, implemented: ReadonlySet<string>): Spec {
  const paths: Spec['paths'] = {}
  for (const [path, item] of Object.entries(spec.paths)) {
    const kept = Object.fromEntries(
      Object.entries(item).filter(
        ([, op]) => typeof op !== 'object' || !op.operationId || implemented.has(op.operationId),
      ),
    )
    if (Object.values(kept).some((op) => typeof op === 'object' && op.operationId))
      paths[path] = kept
  }
  return { ...spec, paths }
}

/** The operations whose request body the contract marks required. */
export function bodyRequiredOperations(spec: Spec): ReadonlySet<string> {
  return new Set(
    Object.values(spec.paths).flatMap((item) =>
      Object.values(item)
        .filter((op) => typeof op === 'object' && op.requestBody?.required === true)
        .map((op) => op.operationId)
        .filter((id): id is string => id !== undefined),
    ),
  )
}

/** Each operation's request-body limit in bytes: its `x-body-limit`, else the default. */
export function bodyLimits(spec: Spec): ReadonlyMap<string, number> {
  const limits = new Map<string, number>()
  for (const item of Object.values(spec.paths))
    for (const op of Object.values(item))
      if (typeof op === 'object' && op.operationId)
        limits.set(op.operationId, op['x-body-limit'] ?? defaultBodyLimitBytes)
  return limits
}
