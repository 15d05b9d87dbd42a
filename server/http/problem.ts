/** RFC 9457 problem details: the one error shape of the API (schema `Problem` in openapi/main.yaml). */
import type { DescribedFieldError, FieldError } from '../domain-errors.ts'
import type { Locale } from '../../domain/locale.ts'
import { englishText, problemText, type ProblemText } from '../i18n/problem-text.ts'
import type { components } from '../../openapi/main.gen.ts'

/** The contract's error types (`ErrorType`). */
export type ErrorType = components['schemas']['ErrorType']

/** The contract's problem types (`ProblemType`): identifiers, not addresses. */
export type ProblemType = components['schemas']['ProblemType']

/**
 * The problem types (`type`) of the answers whose status alone does not say what went wrong; every
 * other problem is `about:blank` (docs/decisions/050).
 */
export const problemTypes = {
  /** A POST or PUT that needs a body arrived without one. */
  bodyRequired: 'urn:exchange:problem:body-required',
  /** The body is not UTF-8 JSON. */
  malformedJson: 'urn:exchange:problem:malformed-json',
  /** A string or property name holds U+0000 or an unpaired surrogate, or a forbidden key. */
  forbiddenCharacter: 'urn:exchange:problem:forbidden-character',
  /** The request target does not decode (bad percent-encoding). */
  badUrl: 'urn:exchange:problem:bad-url',
  /** The request itself is broken (Content-Length, header syntax): answered before routing. */
  malformedRequest: 'urn:exchange:problem:malformed-request',
  /** The database cannot be reached; the answer carries Retry-After. */
  databaseUnavailable: 'urn:exchange:problem:database-unavailable',
  /** Sumsub or Paybis cannot be reached; the answer carries Retry-After. */
  providerUnavailable: 'urn:exchange:problem:provider-unavailable',
  /** This node is stopping (SIGTERM): readiness answers it; the answer carries Retry-After. */
  nodeStopping: 'urn:exchange:problem:node-stopping',
} as const satisfies Record<string, ProblemType>

/** Defined with the domain's failures (InvalidInput carries them); the answer's `errors` entries. */
export type { FieldError }

/** The answer's body: the contract's `Problem`. */
export type Problem = components['schemas']['Problem']

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

/** The contract's cap on `errors` (Problem.errors maxItems). */
export const maxFieldErrors = 100

export interface ProblemExtra {
  type?: ProblemType
  errorType?: ErrorType
  errors?: DescribedFieldError[]
  headers?: Record<string, string>
}

/**
 * An error that already knows how it should reach the client. A `detail` (or a field's reason)
 * given as a catalog text is written in the caller's language when sent (`inLanguage`); `problem`
 * holds the English.
 */
export class HttpProblem extends Error {
  readonly problem: Problem
  readonly headers: Record<string, string>
  private readonly detailText: ProblemText | undefined
  private readonly fieldTexts: readonly (ProblemText | undefined)[]

  constructor(status: number, detail: string | ProblemText, extra: ProblemExtra = {}) {
    const english = typeof detail === 'string' ? detail : englishText(detail)
    super(english)
    this.name = 'HttpProblem'
    const errors = extra.errors?.slice(0, maxFieldErrors)
    this.problem = {
      type: extra.type ?? 'about:blank',
      title: titles[status] ?? 'Error',
      status,
      detail: english,
      ...(extra.errorType ? { errorType: extra.errorType } : {}),
      ...(errors
        ? { errors: errors.map(({ field, code, message }) => ({ field, code, message })) }
        : {}),
    }
    this.headers = extra.headers ?? {}
    this.detailText = typeof detail === 'string' ? undefined : detail
    this.fieldTexts = errors?.map((e) => e.text) ?? []
  }

  /** The body with its texts in `locale` (those the catalog has; the others stay English). */
  inLanguage(locale: Locale): Problem {
    const { problem, detailText, fieldTexts } = this
    return {
      ...problem,
      ...(detailText ? { detail: problemText(detailText, locale) } : {}),
      ...(problem.errors && fieldTexts.some(Boolean)
        ? {
            errors: problem.errors.map((e, i) => {
              const text = fieldTexts[i]
              return text ? { ...e, message: problemText(text, locale) } : e
            }),
          }
        : {}),
    }
  }

  get statusCode(): number {
    return this.problem.status
  }
}
