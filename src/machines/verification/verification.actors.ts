import { fromAbortablePromise } from '../abortable-promise'
import { callApi } from '../../api/api-call'
import type { MainClient } from '../../api/main-client'
import type { PolledStatus, VerificationKind } from './verification-status'

/**
 * A token for the widget: POST /api/sumsub/kyc or /kyb (docs/product/api.md#verification-tokens).
 */
async function tokenFor(api: MainClient, kind: VerificationKind, signal: AbortSignal) {
  const answer = await callApi(
    kind === 'kyc'
      ? api.POST('/api/sumsub/kyc', { signal })
      : api.POST('/api/sumsub/kyb', { signal }),
  )
  return answer.token
}

/**
 * The status in one shape for both kinds: GET /api/sumsub/kyc-status or /kyb-status
 * (docs/product/api.md#verification-status).
 */
async function fetchVerificationStatus(
  api: MainClient,
  kind: VerificationKind,
  signal: AbortSignal,
): Promise<PolledStatus> {
  const requestOf = (r: { note: string; requestedAt: string } | undefined) =>
    r ? { note: r.note, requestedAt: r.requestedAt } : null
  if (kind === 'kyc') {
    const s = await callApi(api.GET('/api/sumsub/kyc-status', { signal }))
    return {
      reviewStatus: s.kycReviewStatus,
      reviewAnswer: s.kycReviewResult?.reviewAnswer ?? null,
      request: requestOf(s.kycRequest),
    }
  }
  const s = await callApi(api.GET('/api/sumsub/kyb-status', { signal }))
  return {
    reviewStatus: s.kybReviewStatus,
    reviewAnswer: s.kybReviewResult?.reviewAnswer ?? null,
    request: requestOf(s.kybRequest),
  }
}

/** One kind's server calls; the widget bridge is the page's and comes from the route. */
export function createVerificationActors(api: MainClient, kind: VerificationKind) {
  return {
    fetchStatus: fromAbortablePromise<PolledStatus>(({ signal }) =>
      fetchVerificationStatus(api, kind, signal),
    ),
    fetchToken: fromAbortablePromise<string>(({ signal }) => tokenFor(api, kind, signal)),
    renewToken: fromAbortablePromise<string>(({ signal }) => tokenFor(api, kind, signal)),
  }
}
