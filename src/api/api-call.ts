/**
 * One call of the main API for the account-security actors: the data on success (nothing for a
 * 204), otherwise an ApiRefusal with the problem's `errorType` and its field messages by JSON
 * pointer (`/newPassword` → the weak-password reason), so a form can show them at its fields.
 */
import { ApiError, errorTypeOfBody, unwrap, type ErrorType } from './api-error'

export class ApiRefusal extends ApiError {
  constructor(
    status: number,
    errorType: ErrorType,
    /** The first message per field, keyed by the field's JSON pointer ('/newPassword'). */
    readonly fields: Readonly<Record<string, { message: string; code: string }>>,
  ) {
    super(status, errorType)
    this.name = 'ApiRefusal'
  }
}

function fieldsOf(body: unknown): Record<string, { message: string; code: string }> {
  const out: Record<string, { message: string; code: string }> = {}
  if (typeof body !== 'object' || body === null) return out
  const { errors } = body as { errors?: unknown }
  if (!Array.isArray(errors)) return out
  for (const entry of errors as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue
    const { field, message, code } = entry as Record<string, unknown>
    if (typeof field !== 'string' || field in out) continue
    out[field] = {
      message: typeof message === 'string' ? message : '',
      code: typeof code === 'string' ? code : '',
    }
  }
  return out
}

/** The HTTP status of a failed call, null when no answer came. */
export function statusOf(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null
}

/** The message a refusal gives for one field, if it names that field. */
export function fieldMessageOf(error: unknown, field: string): string | undefined {
  return error instanceof ApiRefusal ? error.fields[field]?.message : undefined
}

/**
 * Awaits an openapi-fetch call. Transport failures become the errors `unwrap` names
 * (FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR).
 */
export async function callApi<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const result = await call.catch((cause: unknown) => unwrap<never>(Promise.reject(cause as Error)))
  const { response } = result
  if (response.ok) {
    if (result.data !== undefined || response.status === 204) return result.data as T
    throw new ApiError(response.status, 'PARSING_ERROR')
  }
  throw new ApiRefusal(response.status, errorTypeOfBody(result.error), fieldsOf(result.error))
}
