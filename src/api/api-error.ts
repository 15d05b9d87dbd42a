import { errorTypeValues, type components } from '../../openapi/main.gen'

export type ErrorType = components['schemas']['ErrorType']

/**
 * What the HTTP layer reports when no answer could be read
 * (docs/product/errors.md#transport-failures).
 */
export type TransportErrorType = 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR'

/** One `errors` entry of a problem: the field's JSON pointer, its rule and the reason. */
export type FieldError = components['schemas']['FieldError']

/** A failed call of the main API: the contract's `errorType`, or a transport failure. */
export class ApiError extends Error {
  constructor(
    readonly status: number | null,
    readonly errorType: ErrorType | TransportErrorType,
    /** The problem's `errors` (VALIDATION_ERROR names the fields that failed); empty if none. */
    readonly problemErrors: readonly FieldError[] = [],
  ) {
    super(`API call failed: ${status === null ? 'no response' : `HTTP ${status}`} (${errorType})`)
    this.name = 'ApiError'
  }
}

function isErrorType(value: unknown): value is ErrorType {
  return typeof value === 'string' && (errorTypeValues as readonly string[]).includes(value)
}

/** The `errorType` of a problem+json body, OTHER_ERROR when the body has none. */
export function errorTypeOfBody(body: unknown): ErrorType {
  if (typeof body === 'object' && body !== null && 'errorType' in body) {
    const { errorType } = body as { errorType: unknown }
    if (isErrorType(errorType)) return errorType
  }
  return 'OTHER_ERROR'
}

/** The well-formed `errors` entries of a problem+json body. */
export function fieldErrorsOfBody(body: unknown): FieldError[] {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return []
  const { errors } = body as { errors: unknown }
  if (!Array.isArray(errors)) return []
  return errors.filter(
    (e): e is FieldError =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as FieldError).field === 'string' &&
      typeof (e as FieldError).code === 'string' &&
      typeof (e as FieldError).message === 'string',
  )
}

/** Any thrown value as an error type: ApiError keeps its own, anything else is OTHER_ERROR. */
export function errorTypeOf(error: unknown): ErrorType | TransportErrorType {
  if (error instanceof ApiError) return error.errorType
  if (typeof error === 'object' && error !== null && 'errorType' in error) {
    const { errorType } = error as { errorType: unknown }
    if (isErrorType(errorType)) return errorType
  }
  return 'OTHER_ERROR'
}

/**
 * Unwraps an openapi-fetch result: the data on success, otherwise throws an ApiError carrying the
 * problem's `errorType`. Network failures (fetch rejects) become FETCH_ERROR, aborts TIMEOUT_ERROR.
 */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response }
  try {
    result = await call
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') {
      throw new ApiError(null, 'TIMEOUT_ERROR')
    }
    if (cause instanceof SyntaxError) throw new ApiError(null, 'PARSING_ERROR')
    throw new ApiError(null, 'FETCH_ERROR')
  }
  if (result.response.ok && result.data !== undefined) return result.data
  if (result.response.ok) throw new ApiError(result.response.status, 'PARSING_ERROR')
  throw new ApiError(
    result.response.status,
    errorTypeOfBody(result.error),
    fieldErrorsOfBody(result.error),
  )
}
