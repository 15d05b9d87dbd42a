/**
 * The one way to call the main API (docs/product/api.md#main-api-conventions): `callApi` awaits an
 * openapi-fetch call and gives its data (nothing for a 204), or throws an ApiError carrying the HTTP
 * status, the contract's `errorType` and the problem's field errors
 * (docs/product/errors.md#transport-failures for the answers that never came).
 */
import { errorTypeValues, type components } from '../../openapi/main.gen'

export type ErrorType = components['schemas']['ErrorType']

/**
 * What the HTTP layer reports when no answer could be read
 * (docs/product/errors.md#transport-failures).
 */
export type TransportErrorType = 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR'

/** One `errors` entry of a problem: the field's JSON pointer, its rule and the reason. */
export type FieldError = components['schemas']['FieldError']

/** A failed call of the main API: its status (null: no answer), `errorType` and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number | null,
    readonly errorType: ErrorType | TransportErrorType,
    /** The problem's `errors` (VALIDATION_ERROR names the fields that failed); empty if none. */
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(`API call failed: ${status === null ? 'no response' : `HTTP ${status}`} (${errorType})`)
    this.name = 'ApiError'
  }
}

function isErrorType(value: unknown): value is ErrorType {
  return typeof value === 'string' && (errorTypeValues as readonly string[]).includes(value)
}

/** The `errorType` of a problem+json body, OTHER_ERROR when the body has none. */
function errorTypeOfBody(body: unknown): ErrorType {
  if (typeof body === 'object' && body !== null && 'errorType' in body) {
    const { errorType } = body as { errorType: unknown }
    if (isErrorType(errorType)) return errorType
  }
  return 'OTHER_ERROR'
}

/** The well-formed `errors` entries of a problem+json body. */
function fieldErrorsOfBody(body: unknown): FieldError[] {
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

/** The HTTP status of a failed call; null when no answer came or the error is not the API's. */
export function statusOf(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null
}

/** The first message a refusal gives for one field (its JSON pointer, '/newPassword'), if any. */
export function fieldMessageOf(error: unknown, field: string): string | undefined {
  return error instanceof ApiError
    ? error.fieldErrors.find((entry) => entry.field === field)?.message
    : undefined
}

/**
 * Awaits an openapi-fetch call: the data on success (undefined for a 204), otherwise an ApiError.
 * A rejected fetch becomes FETCH_ERROR, an abort TIMEOUT_ERROR, an unreadable body PARSING_ERROR.
 */
export async function callApi<T>(
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
  const { response } = result
  if (response.ok) {
    if (result.data !== undefined || response.status === 204) return result.data as T
    throw new ApiError(response.status, 'PARSING_ERROR')
  }
  throw new ApiError(
    response.status,
    errorTypeOfBody(result.error),
    fieldErrorsOfBody(result.error),
  )
}
