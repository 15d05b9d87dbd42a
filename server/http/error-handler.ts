/**
 * The one error path of the HTTP layer: every refusal and failure, whether the router, the body
 * parser, the contract's validation, a domain service or Node's HTTP parser found it, becomes
 * `application/problem+json` with a stable `type` and never echoes the request back
 * (docs/decisions/050).
 */
import type { Socket } from 'node:net'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  AccountOnHold,
  Conflict,
  CustomerConflict,
  RequestConflict,
  DatabaseUnavailable,
  EmailNotVerified,
  NodeStopping,
  InvalidCredentials,
  InvalidInput,
  InvalidLinkToken,
  InvalidLoginChallenge,
  InvalidRefreshToken,
  NotFound,
  PermissionDenied,
  SecondFactorRequired,
  ProviderUnavailable,
  StepUpRequired,
  TooManyAttempts,
  UnknownAccount,
  WrongSecondFactor,
} from '../domain-errors.ts'
import { answerLocale } from '../i18n/accept-language.ts'
import type { ProblemText } from '../i18n/problem-text.ts'
import { fitPointer } from './json-body.ts'
import {
  HttpProblem,
  maxFieldErrors,
  problemTypes,
  type FieldError,
  type Problem,
} from './problem.ts'

interface AjvIssue {
  instancePath: string
  keyword: string
  params: Record<string, unknown>
  message?: string
}

/** Seconds a client should wait before retrying while a dependency is down. */
export const retryAfterSeconds = { database: 5, provider: 30, stopping: 1 } as const

/** The 401 of every bearer operation: no usable token, or its account is gone. */
export function invalidAccessToken(): HttpProblem {
  return new HttpProblem(
    401,
    /*i18n*/ {
      id: 'problem.access-token',
      message: 'Log in again: the access token is missing or expired.',
    },
    {
      errorType: 'INVALID_TOKEN',
      headers: { 'www-authenticate': 'Bearer' },
    },
  )
}

/** Turns Ajv's findings into one entry per offending field, named as the client sent it. */
export function fieldErrors(issues: readonly AjvIssue[], context: string): FieldError[] {
  const seen = new Set<string>()
  const out: FieldError[] = []
  for (const issue of issues) {
    // Fields are JSON pointers into the part of the request named by context (body, querystring).
    const tokens = issue.instancePath
      .split('/')
      .slice(1)
      .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
    let message = issue.message ?? 'is not valid'
    if (issue.keyword === 'required') {
      tokens.push(String(issue.params.missingProperty))
      message = 'is required'
    } else if (issue.keyword === 'additionalProperties') {
      tokens.push(String(issue.params.additionalProperty))
      message = 'is not an allowed property'
    }
    const field = tokens.length === 0 && context !== 'body' ? `/${context}` : fitPointer(tokens)
    const key = `${field}:${issue.keyword}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ field, message, code: issue.keyword })
    if (out.length === maxFieldErrors) break
  }
  return out
}

/** The 400 of a request part the contract's validation refused, by the part Fastify names. */
function requestPartInvalid(context: string): ProblemText {
  if (context === 'querystring')
    return /*i18n*/ { id: 'problem.querystring', message: 'The request querystring is not valid.' }
  if (context === 'params')
    return /*i18n*/ { id: 'problem.params', message: 'The request params is not valid.' }
  if (context === 'headers')
    return /*i18n*/ { id: 'problem.headers', message: 'The request headers is not valid.' }
  return /*i18n*/ { id: 'problem.body', message: 'The request body is not valid.' }
}

/** A text that is a sentence without its full stop, as the answer's sentence. */
function sentence(text: ProblemText): ProblemText {
  return /*i18n*/ { id: 'problem.sentence', message: '{text}.', values: { text } }
}

/** The one place where the domain's failures become HTTP answers. */
function domainProblem(error: unknown): HttpProblem | undefined {
  if (error instanceof InvalidCredentials)
    return new HttpProblem(
      401,
      /*i18n*/ {
        id: 'problem.invalid-credentials',
        message: 'The e-mail or the password is wrong.',
      },
      {
        errorType: 'INVALID_CREDENTIALS',
      },
    )
  if (error instanceof EmailNotVerified)
    return new HttpProblem(
      403,
      /*i18n*/ {
        id: 'problem.email-not-verified',
        message: 'Confirm your e-mail address with the link we sent, then log in.',
      },
      {
        errorType: 'EMAIL_NOT_VERIFIED',
      },
    )
  if (error instanceof InvalidLinkToken)
    return new HttpProblem(
      400,
      /*i18n*/ {
        id: 'problem.invalid-link',
        message: 'This link is not valid: it is unknown, already used or expired.',
      },
      {
        errorType: 'INVALID_TOKEN',
      },
    )
  if (error instanceof InvalidRefreshToken)
    return new HttpProblem(401, error.text, { errorType: 'INVALID_TOKEN' })
  if (error instanceof UnknownAccount) return invalidAccessToken()
  if (error instanceof InvalidLoginChallenge)
    return new HttpProblem(
      401,
      /*i18n*/ {
        id: 'problem.invalid-login-challenge',
        message: 'This sign-in is unknown, finished or expired. Log in again.',
      },
      {
        errorType: 'INVALID_TOKEN',
      },
    )
  if (error instanceof WrongSecondFactor)
    return new HttpProblem(
      401,
      /*i18n*/ { id: 'problem.wrong-second-factor', message: 'The code or passkey is not right.' },
      {
        errorType: 'INVALID_CREDENTIALS',
      },
    )
  if (error instanceof RequestConflict)
    return new HttpProblem(409, error.text, { errorType: error.errorType })
  if (error instanceof Conflict)
    return new HttpProblem(409, error.text, { errorType: 'OTHER_ERROR' })
  if (error instanceof CustomerConflict)
    return new HttpProblem(409, error.text, { errorType: 'CUSTOMER_STATE' })
  if (error instanceof AccountOnHold)
    return new HttpProblem(403, error.text, { errorType: 'ACCOUNT_ON_HOLD' })
  if (error instanceof StepUpRequired)
    return new HttpProblem(
      403,
      /*i18n*/ {
        id: 'problem.step-up-required',
        message:
          'Confirm it is you first, with your password and your second factor if you have one.',
      },
      {
        errorType: 'STEP_UP_REQUIRED',
      },
    )
  if (error instanceof PermissionDenied)
    // Its words are also the audit trail's reason for the refusal, which has no full stop.
    return new HttpProblem(403, sentence(error.text), {
      errorType: 'PERMISSION_DENIED',
    })
  if (error instanceof SecondFactorRequired)
    return new HttpProblem(403, error.text, { errorType: 'SECOND_FACTOR_REQUIRED' })
  if (error instanceof NotFound)
    return new HttpProblem(404, error.text, { errorType: 'OTHER_ERROR' })
  if (error instanceof InvalidInput)
    return new HttpProblem(
      400,
      /*i18n*/ { id: 'problem.validation', message: 'The request is not valid.' },
      {
        errorType: 'VALIDATION_ERROR',
        errors: error.errors,
      },
    )
  if (error instanceof TooManyAttempts)
    return new HttpProblem(
      429,
      /*i18n*/ {
        id: 'problem.too-many-attempts',
        message:
          'Too many attempts. Try again in {seconds, plural, one {# second} other {# seconds}}.',
        values: { seconds: error.retryAfterSeconds },
      },
      {
        errorType: 'RATE_LIMITED',
        headers: { 'retry-after': String(error.retryAfterSeconds) },
      },
    )
  if (error instanceof DatabaseUnavailable)
    return new HttpProblem(
      503,
      /*i18n*/ {
        id: 'problem.database-unavailable',
        message: 'The database cannot be reached right now. Try again shortly.',
      },
      {
        type: problemTypes.databaseUnavailable,
        errorType: 'OTHER_ERROR',
        headers: { 'retry-after': String(retryAfterSeconds.database) },
      },
    )
  if (error instanceof NodeStopping)
    return new HttpProblem(
      503,
      /*i18n*/ {
        id: 'problem.node-stopping',
        message: 'This node is stopping; send requests to another node.',
      },
      {
        type: problemTypes.nodeStopping,
        errorType: 'OTHER_ERROR',
        headers: { 'retry-after': String(retryAfterSeconds.stopping) },
      },
    )
  if (error instanceof ProviderUnavailable)
    return new HttpProblem(
      503,
      /*i18n*/ {
        id: 'problem.provider-unavailable',
        message: 'The provider is not available right now. Try again later.',
      },
      {
        type: problemTypes.providerUnavailable,
        errorType: 'OTHER_ERROR',
        headers: { 'retry-after': String(retryAfterSeconds.provider) },
      },
    )
  return undefined
}

/** Fastify's own refusals, by code; their messages are not sent (some quote the request). */
const fastifyProblems: Record<string, () => HttpProblem> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new HttpProblem(
      415,
      /*i18n*/ { id: 'problem.media-type', message: 'Send the body as application/json.' },
      { errorType: 'OTHER_ERROR' },
    ),
  FST_ERR_CTP_BODY_TOO_LARGE: () =>
    new HttpProblem(
      413,
      /*i18n*/ { id: 'problem.body-too-large', message: 'The request body is larger than 16 KiB.' },
      { errorType: 'OTHER_ERROR' },
    ),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new HttpProblem(
      400,
      /*i18n*/ {
        id: 'problem.content-length',
        message: 'The body does not have the length its Content-Length header says.',
      },
      {
        type: problemTypes.malformedRequest,
        errorType: 'VALIDATION_ERROR',
      },
    ),
  FST_ERR_BAD_URL: () =>
    new HttpProblem(
      400,
      /*i18n*/ {
        id: 'problem.bad-url',
        message: 'The request address is not valid (bad percent-encoding).',
      },
      {
        type: problemTypes.badUrl,
        errorType: 'VALIDATION_ERROR',
      },
    ),
}

function toHttpProblem(
  error: FastifyError & { validation?: AjvIssue[]; validationContext?: string },
): HttpProblem {
  if (error instanceof HttpProblem) return error
  // fastify-openapi-glue wraps what a security handler threw; the first failure says it best.
  const wrapped = (error as { errors?: unknown[] }).errors?.[0]
  if (wrapped instanceof HttpProblem) return wrapped
  const domain = domainProblem(error) ?? domainProblem(wrapped)
  if (domain) return domain
  if (error.validation) {
    const context = error.validationContext ?? 'body'
    return new HttpProblem(400, requestPartInvalid(context), {
      errorType: 'VALIDATION_ERROR',
      errors: fieldErrors(error.validation, context),
    })
  }
  const known = fastifyProblems[error.code]
  if (known) return known()
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500)
    return new HttpProblem(
      status,
      /*i18n*/ { id: 'problem.cannot-process', message: 'The request cannot be processed.' },
      {
        errorType:
          status === 400 ? 'VALIDATION_ERROR' : status === 401 ? 'INVALID_TOKEN' : 'OTHER_ERROR',
      },
    )
  return new HttpProblem(
    500,
    /*i18n*/ { id: 'problem.internal', message: 'Something went wrong on our side.' },
    { errorType: 'OTHER_ERROR' },
  )
}

/** The route's own path as `instance`; nothing the client typed (an unknown path) is echoed. */
function instanceOf(request: FastifyRequest): { instance?: string } {
  const route = request.is404 ? undefined : request.routeOptions.url
  return route && !/[:*]/.test(route) ? { instance: route } : {}
}

/**
 * Sends the problem with its texts in the language the caller accepts (`Accept-Language`,
 * docs/product/languages.md#the-apis-answers), which `Content-Language` names.
 */
export function sendProblem(
  reply: FastifyReply,
  problem: HttpProblem,
  request: FastifyRequest,
  extra: Partial<Problem> = {},
) {
  const locale = answerLocale(request.headers['accept-language'])
  return reply
    .code(problem.problem.status)
    .headers(problem.headers)
    .header('content-language', locale)
    .type('application/problem+json')
    .send({ ...problem.inLanguage(locale), ...extra })
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = toHttpProblem(error)
    if (error instanceof ProviderUnavailable)
      request.log.warn({ provider: error.provider, reason: error.message }, 'provider unavailable')
    else if (error instanceof DatabaseUnavailable)
      request.log.warn({ reason: error.reason }, 'database unavailable')
    else if (error instanceof NodeStopping) request.log.info('readiness: this node is stopping')
    else if (problem.problem.status >= 500) request.log.error({ err: error }, 'request failed')
    void sendProblem(reply, problem, request, instanceOf(request))
  })
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route is chosen (a path that
 * does not percent-decode). The URL is not echoed.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  void sendProblem(reply.header('x-content-type-options', 'nosniff'), toHttpProblem(error), request)
}

/** Answers of Node's HTTP parser and timers, for `clientErrorHandler` (status, type, detail). */
function socketProblem(code: string | undefined): HttpProblem {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return new HttpProblem(
      408,
      /*i18n*/ { id: 'problem.request-timeout', message: 'The request was not received in time.' },
      {
        errorType: 'OTHER_ERROR',
      },
    )
  if (code === 'HPE_HEADER_OVERFLOW')
    return new HttpProblem(
      431,
      /*i18n*/ {
        id: 'problem.headers-too-large',
        message: 'The request line and headers are larger than 16 KiB.',
      },
      {
        errorType: 'OTHER_ERROR',
      },
    )
  return new HttpProblem(
    400,
    /*i18n*/ {
      id: 'problem.malformed-http',
      message: 'The request is not valid HTTP (for example a malformed Content-Length).',
    },
    { type: problemTypes.malformedRequest, errorType: 'VALIDATION_ERROR' },
  )
}

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refused (oversize or malformed headers,
 * a bad Content-Length) or that was not received in time is answered on the socket, then closed.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  this.log.debug({ code: error.code }, 'client error')
  const started = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (socket.writable && !started?.headersSent) {
    const { problem } = socketProblem(error.code)
    const body = JSON.stringify(problem)
    socket.write(
      [
        `HTTP/1.1 ${problem.status} ${problem.title}`,
        'Content-Type: application/problem+json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'X-Content-Type-Options: nosniff',
        'Cache-Control: no-store',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    )
  }
  socket.destroy()
}
