import type { FastifyError, FastifyInstance } from 'fastify'
import { HttpProblem, problemBody, type FieldError, type Problem } from './problem.ts'

interface AjvIssue {
  instancePath: string
  keyword: string
  params: Record<string, unknown>
  message?: string
}

/** Turns Ajv's findings into one entry per offending field, named as the client sent it. */
export function fieldErrors(issues: readonly AjvIssue[], context: string): FieldError[] {
  const seen = new Set<string>()
  const out: FieldError[] = []
  for (const issue of issues) {
    const base = issue.instancePath.replace(/^\//, '').replace(/\//g, '.')
    let field = base
    let message = issue.message ?? 'is not valid'
    if (issue.keyword === 'required') {
      field = [base, String(issue.params.missingProperty)].filter(Boolean).join('.')
      message = 'is required'
    } else if (issue.keyword === 'additionalProperties') {
      field = [base, String(issue.params.additionalProperty)].filter(Boolean).join('.')
      message = 'is not an allowed property'
    }
    if (field === '') field = context
    const key = `${field}:${issue.keyword}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ field, message, code: issue.keyword })
  }
  return out
}

function toProblem(error: FastifyError & { validation?: AjvIssue[]; validationContext?: string }): {
  problem: Problem
  headers: Record<string, string>
} {
  if (error instanceof HttpProblem) return { problem: error.problem, headers: error.headers }
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
      return { problem: problemBody(415, 'Send the body as application/json.'), headers: {} }
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { problem: problemBody(413, 'The request body is larger than 16 KiB.'), headers: {} }
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { problem: problemBody(400, 'The Content-Length header is not valid.'), headers: {} }
  }
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) {
    const detail = error instanceof SyntaxError ? 'The body is not valid JSON.' : error.message
    return { problem: problemBody(status, detail), headers: {} }
  }
  return { problem: problemBody(500, 'Something went wrong on our side.'), headers: {} }
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { problem, headers } = toProblem(error)
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed')
    void reply
      .code(problem.status)
      .headers(headers)
      .type('application/problem+json')
      .send({ ...problem, instance: request.url.split('?')[0] })
  })
}
