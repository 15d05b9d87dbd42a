import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteHandlerMethod,
} from 'fastify'
import openapiGlue from 'fastify-openapi-glue'
import responseValidation from '@fastify/response-validation'
import ajvFormats from 'ajv-formats'
import compress from '@fastify/compress'
import type { AccessTokens } from './auth/access-tokens.ts'
import type { AccountService } from './auth/account-service.ts'
import type { SecondFactors } from './auth/second-factor/second-factors.ts'
import type { Sessions } from './auth/sessions.ts'
import type { Config } from './config.ts'
import type { Database } from './db/database.ts'
import { accountHandlers } from './http/account-handlers.ts'
import { installApiDocs } from './http/api-docs.ts'
import { createBearerAuth } from './http/bearer-auth.ts'
import {
  bodyLimits,
  bodyRequiredOperations,
  defaultBodyLimitBytes,
  implementedSpec,
  loadMainSpec,
} from './http/contract.ts'
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './http/error-handler.ts'
import { exchangeHandlers } from './http/exchange-handlers.ts'
import { factorHandlers } from './http/factor-handlers.ts'
import { errorSerializer, redactedPaths, requestSerializer } from './http/log-serializers.ts'
import { installMailbox } from './http/mailbox.ts'
import { bodyRequired, checkQuery, parseJsonBody } from './http/json-body.ts'
import { installMarketRoutes } from './http/market-routes.ts'
import { paymentHandlers } from './http/payment-handlers.ts'
import { HttpProblem } from './http/problem.ts'
import { installSandbox } from './http/sandbox-routes.ts'
import { readInlineSources } from './http/inline-sources.ts'
import { installSecurityHeaders } from './http/security-headers.ts'
import { sessionHandlers } from './http/session-handlers.ts'
import { installSpa } from './http/spa.ts'
import { hasFlowViewer, installFlowViewer } from './http/flow-viewer.ts'
import { clientConfigOf, systemHandlers } from './http/system-handlers.ts'
import { toRouteHandler, type Handlers, type OperationId } from './http/typed-handlers.ts'
import { verificationHandlers } from './http/verification-handlers.ts'
import { opsHandlers } from './http/ops-handlers.ts'
import { customerActionHandlers } from './http/customer-action-handlers.ts'
import { installPermissionHook, rolePermissions } from './http/permission-hook.ts'
import { streamHandlers } from './http/stream-handlers.ts'
import { createRequestStreams } from './requests/request-stream.ts'
import type { PaymentService } from './payments/payment-service.ts'
import type { PaybisWebhooks } from './payments/paybis-webhooks.ts'
import type { Providers } from './providers/providers.ts'
import type { QuoteService } from './quotes/quote-service.ts'
import type { ProfileService } from './users/profile-service.ts'
import type { VerificationService } from './verification/verification-service.ts'
import type { CustomerLookup } from './staff/customer-lookup.ts'
import type { CustomerActions } from './staff/customer-actions.ts'
import type { StaffService } from './staff/staff-service.ts'
import type { RequestDesk } from './requests/request-desk.ts'
import { requestHandlers } from './http/request-handlers.ts'
import { trackUnusedConnections } from './http/unused-connections.ts'
import { exportHandlers } from './http/export-handlers.ts'
import { createCustomerExport } from './users/customer-export.ts'

export interface AppDeps {
  config: Config
  db: Database
  accessTokens: AccessTokens
  accounts: AccountService
  sessions: Sessions
  secondFactors: SecondFactors
  profiles: ProfileService
  quotes: QuoteService
  verification: VerificationService
  payments: PaymentService
  paybisWebhooks: PaybisWebhooks
  staff: StaffService
  customers: CustomerLookup
  customerActions: CustomerActions
  requests: RequestDesk
  providers: Providers
  now: () => Date
  /** Where the built SPA is; absent in API-only tests. */
  spaDir?: string
}

export interface HttpOptions {
  config: Config
  logger?: FastifyServerOptions['logger']
  /** Where the default logger writes (stdout when absent); tests capture the log with it. */
  logStream?: { write(line: string): void }
  /** Receive timeouts; tests shorten them. */
  timeouts?: ReceiveTimeouts
}

/** How long a client may take to send its headers, and its whole request (docs/decisions/050). */
export interface ReceiveTimeouts {
  headersMs: number
  requestMs: number
}
export const defaultReceiveTimeouts: ReceiveTimeouts = { headersMs: 10_000, requestMs: 30_000 }

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Keep the request's raw bytes in `request.rawBody` (x-fastify-config in the contract). */
    rawBody?: boolean
    /** Verify the raw bytes' payload digest before validation: whose webhook this is. */
    payloadDigest?: 'sumsub' | 'paybis'
  }
  interface FastifyRequest {
    rawBody?: Buffer
  }
}

/**
 * The Fastify instance with its logger, limits and timeouts, and nothing routed yet: made before
 * the services, so they and the job runner log through `app.log` (server/server.ts).
 */
export function createHttpServer(options: HttpOptions): FastifyInstance {
  const { config } = options
  const timeouts = options.timeouts ?? defaultReceiveTimeouts
  return Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      serializers: { req: requestSerializer, err: errorSerializer },
      redact: redactedPaths,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Routes of the contract take their operation's limit (bodyLimits, below).
    bodyLimit: defaultBodyLimitBytes,
    // Only the listed proxies' X-Forwarded-For is believed (config.ts: never "trust everyone").
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    ajv: {
      // A strict contract: no coercion, unknown properties are errors, every problem reported at
      // once so the client can mark each field
      // (docs/product/operations.md#strict-request-validation).
      customOptions: {
        removeAdditional: false,
        coerceTypes: false,
        allErrors: true,
        strict: false,
      },
    },
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      // Node checks both timeouts on this tick (30 s by default, which would double them).
      connectionsCheckingInterval: Math.min(1000, timeouts.headersMs / 2),
    },
    // What the router and Node's HTTP parser refuse is problem+json too (docs/decisions/050).
    frameworkErrors,
    clientErrorHandler,
    // While it stops, a request already on a kept-alive connection is served (with Connection:
    // close) instead of Fastify's plain-JSON 503, which the contract does not know; readiness says
    // "stopping" instead (decision 091).
    return503OnClosing: false,
  })
}

/** Routes the contract's operations to the services, and serves the rest (SPA, docs, sandbox). */
export async function buildApp(app: FastifyInstance, deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps
  const spec = loadMainSpec()
  let stopping = false
  const connections = trackUnusedConnections(app.server)
  app.addHook('preClose', (done) => {
    stopping = true
    connections.closeUnused()
    done()
  })
  // A request that was under way when the node began to stop is answered on a connection the
  // client must not reuse: the drain then ends with it, not with the client's keep-alive timer.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (stopping) void reply.header('connection', 'close')
    done(null, payload)
  })

  installErrorHandler(app)
  // JSON only: text/plain (Fastify's other default) is refused with 415.
  app.removeContentTypeParser('text/plain')
  app.removeContentTypeParser('application/json')
  // A signed webhook is checked on its raw bytes before anything in it is parsed or trusted.
  const digestRefused = (
    request: Pick<FastifyRequest, 'routeOptions' | 'headers' | 'log'>,
    raw: Buffer,
  ): HttpProblem | undefined => {
    const digest = request.routeOptions.config.payloadDigest
    if (digest === 'paybis') {
      if (deps.paybisWebhooks.verifySignature(raw, request.headers['x-request-signature']))
        return undefined
      request.log.warn('paybis webhook with a missing or invalid signature: refused')
      return new HttpProblem(401, 'Invalid request signature.', { errorType: 'OTHER_ERROR' })
    }
    if (digest !== 'sumsub') return undefined
    const valid = deps.verification.verifyWebhookDigest(
      raw,
      request.headers['x-payload-digest-alg'],
      request.headers['x-payload-digest'],
    )
    if (valid) return undefined
    request.log.warn('sumsub webhook with an invalid payload digest: refused')
    return new HttpProblem(401, 'Invalid payload digest.', { errorType: 'OTHER_ERROR' })
  }
  // An empty JSON body means "no body", so body-less operations accept a client's content-type.
  // Routes configured with rawBody (the signed webhook) also keep the exact bytes.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
    if (request.routeOptions.config.rawBody) {
      request.rawBody = bytes
      const refused = digestRefused(request, bytes)
      if (refused) {
        done(refused)
        return
      }
    }
    if (bytes.length === 0) {
      done(null, undefined)
      return
    }
    try {
      done(null, parseJsonBody(bytes))
    } catch (error) {
      done(error as Error)
    }
  })
  const needsBody = bodyRequiredOperations(spec)
  app.addHook('preValidation', (request, _reply, done) => {
    // A delivery that never reached the parser (no body at all) has its digest checked here.
    const refused =
      request.rawBody === undefined ? digestRefused(request, Buffer.alloc(0)) : undefined
    if (refused) {
      done(refused)
      return
    }
    // With no body and no Content-Type, Fastify validates nothing: the contract's rule is here.
    const schema = request.routeOptions.schema as
      { operationId?: string; querystring?: unknown } | undefined
    if (request.body === undefined && schema?.operationId && needsBody.has(schema.operationId)) {
      done(bodyRequired())
      return
    }
    // The query values an operation declares (and so reads) follow the body's character rules.
    try {
      if (schema?.querystring) checkQuery(request.query)
      done()
    } catch (error) {
      done(error as Error)
    }
  })

  // problem+json, CSV and event streams are only ever answers: a request that sends one is refused
  // like any non-JSON body (registered so the contract router sees every media type of the contract
  // handled).
  app.addContentTypeParser(
    ['application/problem+json', 'text/csv', 'text/event-stream'],
    (_request, _payload, done) => {
      done(new HttpProblem(415, 'Send the body as application/json.', { errorType: 'OTHER_ERROR' }))
    },
  )

  // The flow viewer is served where it is both named and built (decision 107).
  const viewerBuild =
    config.site.flowsViewer && hasFlowViewer(deps.spaDir) ? deps.spaDir : undefined
  if (config.site.flowsViewer && deps.spaDir && !viewerBuild)
    app.log.warn('FLOWS_VIEWER=1, but the build has no flow viewer: build with FLOWS_VIEWER=1')
  await installSecurityHeaders(app, {
    https: config.publicUrl.startsWith('https:'),
    gtmContainerId: config.site.gtmContainerId,
    flowsViewer: viewerBuild !== undefined,
    inline: readInlineSources(deps.spaDir),
  })
  // Text answers (the SPA's JS and CSS, JSON) are compressed: the landing's weight is most of its LCP.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] })
  // Every answer is checked against the contract too, so the server cannot drift from it.
  await app.register(responseValidation, {
    ajv: { strict: false, removeAdditional: false, coerceTypes: false, plugins: [ajvFormats] },
  })

  const handlers: Handlers = {
    ...accountHandlers(deps.accounts, deps.profiles),
    ...sessionHandlers(deps.accounts, deps.sessions),
    ...factorHandlers(deps.secondFactors),
    ...systemHandlers(db, config, { stopping: () => stopping }),
    ...exchangeHandlers(deps.quotes),
    ...requestHandlers(deps.requests, db, deps.now),
    ...exportHandlers(createCustomerExport({ db, now: deps.now })),
    ...verificationHandlers(deps.verification),
    ...paymentHandlers(deps.payments, deps.paybisWebhooks, db),
    ...customerActionHandlers(deps.customerActions),
    ...opsHandlers({
      db,
      now: deps.now,
      staff: deps.staff,
      customers: deps.customers,
      roles: rolePermissions(spec),
    }),
  }
  // The live request streams (server-sent events) write their own answer; the node ends them
  // when it stops, or its drain would wait on them.
  const streams = createRequestStreams({ db, log: app.log })
  app.addHook('preClose', () => streams.close())
  const streaming = streamHandlers(streams)
  const implemented = new Set([...Object.keys(handlers), ...Object.keys(streaming)])
  // Each operation's route takes the body limit the contract states for it (decision 108).
  const limits = bodyLimits(spec)
  app.addHook('onRoute', (route) => {
    const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId
    const limit = typeof operationId === 'string' ? limits.get(operationId) : undefined
    if (limit !== undefined) route.bodyLimit = limit
  })
  // Staff operations: the permission their x-permission names, checked in one place.
  installPermissionHook(app, { spec, staff: deps.staff })
  await app.register(openapiGlue, {
    specification: implementedSpec(spec, implemented),
    operationResolver: (operationId: string): RouteHandlerMethod => {
      const stream = streaming[operationId as OperationId]
      if (stream) return stream
      const handler = handlers[operationId as OperationId]
      if (!handler) throw new Error(`no handler for ${operationId}`)
      return toRouteHandler(handler as never)
    },
    securityHandlers: { bearerAuth: createBearerAuth(deps) },
  })

  // Sandbox pages and fakes, or (live) the caching proxy of the exchange's market data.
  if (deps.providers.sandbox) await installSandbox(app, deps.providers.sandbox)
  else
    await installMarketRoutes(app, {
      prefix: '/market',
      market: deps.providers.market,
      modeOverride: false,
    })
  if (config.mailboxEnabled) installMailbox(app, db)
  // The API reference (decision 095): public like the API it describes, so always served.
  installApiDocs(app)
  if (viewerBuild) await installFlowViewer(app, viewerBuild)
  await installSpa(app, deps.spaDir, clientConfigOf(config), config.publicUrl)
  return app
}
