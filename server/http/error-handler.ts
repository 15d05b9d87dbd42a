import type { FastifyError, FastifyInstance } from 'fastify'
import {
  EmailNotVerified,
  InvalidCredentials,
  InvalidInput,
  InvalidLinkToken,
  InvalidRefreshToken,
  NotFound,
  ProviderUnavailable,
  TooManyAttempts,
} from '../domain-errors.ts'
import { HttpProblem, problemBody, type FieldError, type Problem } from './problem.ts'

interface AjvIssue {
  instancePath: string
  keyword: string
  params: Record<string, unknown>
  message?: string
}

function pointerToken(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1')
}

/** Turns Ajv's findings into one entry per offending field, named as the client sent it. */
export function fieldErrors(issues: readonly AjvIssue[], context: string): FieldError[] {
  const seen = new Set<string>()
  const out: FieldError[] = []
  for (const issue of issues) {
    // Fields are JSON pointers into the part of the request named by context (body, querystring).
    let field = issue.instancePath
    let message = issue.message ?? 'is not valid'
    if (issue.keyword === 'required') {
      field = `${field}/${pointerToken(String(issue.params.missingProperty))}`
      message = 'is required'
    } else if (issue.keyword === 'additionalProperties') {
      field = `${field}/${pointerToken(String(issue.params.additionalProperty))}`
      message = 'is not an allowed property'
    }
    if (field === '') field = context === 'body' ? '/' : `/${context}`
    const key = `${field}:${issue.keyword}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ field, message, code: issue.keyword })
  }
  return out
}

/** The one place where the domain's failures become HTTP answers. */
function domainProblem(error: unknown): HttpProblem | undefined {
  if (error instanceof InvalidCredentials)
    return new HttpProblem(401, 'The e-mail or the password is wrong.', {
      errorType: 'INVALID_CREDENTIALS',
    })
  if (error instanceof EmailNotVerified)
    return new HttpProblem(403, 'Confirm your e-mail address with the link we sent, then log in.', {
      errorType: 'EMAIL_NOT_VERIFIED',
    })
  if (error instanceof InvalidLinkToken)
    return new HttpProblem(400, 'This link is not valid: it is unknown, already used or expired.', {
      errorType: 'INVALID_TOKEN',
    })
  if (error instanceof InvalidRefreshToken)
    return new HttpProblem(401, error.message + '.', { errorType: 'INVALID_TOKEN' })
  if (error instanceof InvalidInput)
    return new HttpProblem(400, 'The request is not valid.', {
      errorType: 'VALIDATION_ERROR',
      errors: error.errors,
    })
  if (error instanceof TooManyAttempts)
    return new HttpProblem(
      429,
      `Too many attempts. Try again in ${error.retryAfterSeconds} seconds.`,
      {
        errorType: 'RATE_LIMITED',
        headers: { 'retry-after': String(error.retryAfterSeconds) },
      },
    )
  if (error instanceof NotFound) return new HttpProblem(404, error.message + '.')
  if (error instanceof ProviderUnavailable)
    return new HttpProblem(503, 'The provider is not available right now. Try again later.', {
      errorType: 'OTHER_ERROR',
    })
  return undefined
}

function toProblem(error: FastifyError & { validation?: AjvIssue[]; validationContext?: string }): {
  problem: Problem
  headers: Record<string, string>
} {
  if (error instanceof HttpProblem) return { problem: error.problem, headers: error.headers }
  // fastify-openapi-glue wraps what a security handler threw; the first failure says it best.
  const wrapped = (error as { errors?: unknown[] }).errors?.[0]
  if (wrapped instanceof HttpProblem) return { problem: wrapped.problem, headers: wrapped.headers }
  const domain = domainProblem(error)
  if (domain) return { problem: domain.problem, headers: domain.headers }
  if (error.validation) {
    const context = error.validationContext ?? 'body'
    return {
      problem: {
        ...problemBody(400, `The request ${context} is not valid.`, 'VALIDATION_ERROR'),
        errors: fieldErrors(error.validation, context),
      },
      headers: {},
    }
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        problem: problemBody(415, 'Send the body as application/json.', 'OTHER_ERROR'),
        headers: {},
      }
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        problem: problemBody(413, 'The request body is larger than 16 KiB.', 'OTHER_ERROR'),
        headers: {},
      }
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { problem: problemBody(400, 'The Content-Length header is not valid.'), headers: {} }
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    const detail = error instanceof SyntaxError ? 'The body is not valid JSON.' : error.message
    const errorType =
      status === 400 ? 'VALIDATION_ERROR' : status === 401 ? 'INVALID_TOKEN' : 'OTHER_ERROR'
    return { problem: problemBody(status, detail, errorType), headers: {} }
  }
  return {
    problem: problemBody(500, 'Something went wrong on our side.', 'OTHER_ERROR'),
    headers: {},
  }
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { problem, headers } = toProblem(error)
    if (error instanceof ProviderUnavailable)
      request.log.warn({ provider: error.provider, reason: error.message }, 'provider unavailable')
    else if (problem.status >= 500) request.log.error({ err: error }, 'request failed')
    void reply
      .code(problem.status)
      .headers(headers)
      .type('application/problem+json')
      .send({ ...problem, instance: request.url.split('?')[0] })
  })
}
