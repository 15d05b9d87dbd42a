/** RFC 9457 problem details: the one error shape of the API (schema `Problem` in openapi/main.yaml). */
export type ErrorType =
  | 'INVALID_CREDENTIALS'
  | 'EMAIL_NOT_VERIFIED'
  | 'INVALID_TOKEN'
  | 'OTHER_ERROR'
  | 'VALIDATION_ERROR'
  | 'RATE_LIMITED'

export interface FieldError {
  field: string
  message: string
  code: string
}

export interface Problem {
  type: string
  title: string
  status: number
  detail?: string
  instance?: string
  errorType?: ErrorType
  errors?: FieldError[]
}

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

/** An error that already knows how it should reach the client. */
export class HttpProblem extends Error {
  readonly problem: Problem
  readonly headers: Record<string, string>

  constructor(
    status: number,
    detail: string,
    extra: { errorType?: ErrorType; errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail)
    this.name = 'HttpProblem'
    this.problem = {
      type: 'about:blank',
      title: titles[status] ?? 'Error',
      status,
      detail,
      ...(extra.errorType ? { errorType: extra.errorType } : {}),
      ...(extra.errors ? { errors: extra.errors } : {}),
    }
    this.headers = extra.headers ?? {}
  }

  get statusCode(): number {
    return this.problem.status
  }
}

export function validationProblem(errors: FieldError[], detail = 'The request is not valid.') {
  return new HttpProblem(400, detail, { errorType: 'VALIDATION_ERROR', errors })
}

export function problemBody(status: number, detail: string, errorType?: ErrorType): Problem {
  return new HttpProblem(status, detail, errorType ? { errorType } : {}).problem
}
