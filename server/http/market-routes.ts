/**
 * The market-data API over HTTP, in the exchange's own shapes (openapi/market.yaml): POST
 * <prefix>/<method> with a JSON body validated against market.yaml, `{ok:'ok', data}` or
 * `{error}` with 400/422/429 (503 from the live proxy only). Serves the sandbox at /sandbox/market
 * and, in live mode, the caching proxy of the exchange at /market.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { parse } from 'yaml'
import { isRecord } from '../providers/in-process-fetch.ts'
import {
  marketMethods,
  sandboxMarketModes,
  type MarketApi,
  type SandboxMarketMode,
} from '../providers/market/types.ts'

const marketSpecPath = fileURLToPath(new URL('../../openapi/market.yaml', import.meta.url))
const schemaId = 'https://contract.local/market.yaml'

interface MarketSpec {
  paths: Record<
    string,
    { post?: { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } } }
  >
  components: { schemas: Record<string, unknown> }
}

interface AjvIssue {
  instancePath?: string
  keyword?: string
  params?: Record<string, unknown>
  message?: string
}

function send(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).header('cache-control', 'no-store').type('application/json').send(body)
}

/** The exchange words its 422s like "Mandatory parameter pair is missing". */
function describe(issue: AjvIssue | undefined): string {
  if (!issue) return 'Bad Request'
  const params = issue.params ?? {}
  const at = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.')
  if (issue.keyword === 'required')
    return `Mandatory parameter ${String(params.missingProperty)} is missing`
  if (issue.keyword === 'additionalProperties')
    return `Parameter ${String(params.additionalProperty)} is not supported`
  return `Parameter ${at || 'body'} ${issue.message ?? 'is not valid'}`
}

export async function installMarketRoutes(
  app: FastifyInstance,
  options: {
    prefix: string
    market: MarketApi
    /** Sandbox only: honour the x-sandbox-market-mode header and ?mode= (empty, error) for tests. */
    modeOverride: boolean
  },
): Promise<void> {
  const spec = parse(readFileSync(marketSpecPath, 'utf8')) as MarketSpec
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers()
    // The exchange takes JSON whatever the content type says; anything else is 400 Bad Request.
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string))
      } catch {
        done(Object.assign(new Error('Bad Request'), { statusCode: 400 }))
      }
    })
    scope.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      const status = error.statusCode ?? 500
      if (status >= 500) request.log.error({ err: error }, 'market route failed')
      return status < 500
        ? send(reply, 400, { error: 'Bad Request' })
        : send(reply, 503, { error: 'Market data is not available right now' })
    })
    scope.addSchema({ $id: schemaId, components: { schemas: spec.components.schemas } })

    for (const method of marketMethods) {
      const ref =
        spec.paths[`/${method}`]?.post?.requestBody?.content?.['application/json']?.schema?.$ref
      if (!ref) throw new Error(`openapi/market.yaml has no request schema for ${method}`)
      scope.post(
        `${options.prefix}/${method}`,
        { schema: { body: { $ref: `${schemaId}${ref}` } }, attachValidation: true },
        async (request: FastifyRequest, reply: FastifyReply) => {
          const body = request.body
          if (!isRecord(body)) return send(reply, 400, { error: 'Bad Request' })
          if (request.validationError) {
            const issues = (request.validationError as { validation?: AjvIssue[] }).validation
            return send(reply, 422, { error: describe(issues?.[0]) })
          }
          const answer = await options.market.call(method, body, {
            ...(options.modeOverride ? { mode: requestedMode(request) } : {}),
          })
          return send(reply, answer.status, answer.body)
        },
      )
    }
    const unknown = async (_request: FastifyRequest, reply: FastifyReply) =>
      send(reply, 400, { error: 'Bad Request' })
    scope.all(`${options.prefix}/*`, unknown)
    scope.all(options.prefix, unknown)
    done()
  })
}

function requestedMode(request: FastifyRequest): SandboxMarketMode | undefined {
  const header = request.headers['x-sandbox-market-mode']
  const query = (request.query as Record<string, unknown> | undefined)?.mode
  const value = typeof header === 'string' ? header : query
  return sandboxMarketModes.find((m) => m === value)
}
