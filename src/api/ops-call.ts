/**
 * The staff console's calls (docs/product/screens.md#staff-console): `callApi`, keeping the
 * problem's `detail` too, which the console shows beside its own text for a refusal (a 403 on
 * oneself says why). Only the console's chunks import this.
 */
import { ApiError, callApi } from './api-call'

/** An ApiError with the problem's `detail`. */
export class OpsApiError extends ApiError {
  constructor(
    error: ApiError,
    readonly detail: string | null,
  ) {
    super(error.status, error.errorType, error.fieldErrors)
  }
}

/** The `detail` a refusal gave, if any. */
export function detailOf(error: unknown): string | null {
  return error instanceof OpsApiError ? error.detail : null
}

/** `callApi`, whose refusals are OpsApiErrors carrying the problem's `detail`. */
export async function callOps<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  try {
    return await callApi(call)
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === null) throw error
    const { error: body } = await call
    const detail =
      typeof body === 'object' && body !== null && 'detail' in body
        ? (body as { detail: unknown }).detail
        : null
    throw new OpsApiError(error, typeof detail === 'string' && detail !== '' ? detail : null)
  }
}
