/**
 * The Sumsub WebSDK's messages (docs/product/providers/sumsub.md#websdk-message-protocol) read into
 * the verification chart's events: a status report changes the button at once, and
 * `idCheck.onError` with `invalid-token` asks for a new token. The live SDK and the sandbox page
 * speak the same `idCheck.*` names.
 */
import { statusFromWidget, type VerificationStatus } from './verification-status'

export type WidgetEvent =
  ({ type: 'widget.statusChanged' } & VerificationStatus) | { type: 'widget.tokenExpired' }

/** Messages that carry the applicant's review status. */
const statusMessages = [
  'idCheck.onApplicantStatusChanged',
  'idCheck.applicantStatus',
  'idCheck.onApplicantVerificationCompleted',
]

export function widgetEventOf(method: string, payload: unknown): WidgetEvent | null {
  if (method === 'idCheck.onError') {
    const code =
      typeof payload === 'object' && payload !== null
        ? (payload as Record<string, unknown>).code
        : undefined
    return code === 'invalid-token' ? { type: 'widget.tokenExpired' } : null
  }
  if (statusMessages.includes(method)) {
    const status = statusFromWidget(payload)
    return status ? { type: 'widget.statusChanged', ...status } : null
  }
  return null
}

/** What the page sends the widget to hand over a renewed token (or to say there is none). */
export function tokenUpdateMessage(token: string | null, error?: string) {
  return token === null
    ? {
        method: 'idCheck.updateAccessToken',
        accessToken: null,
        error: error ?? 'Failed to update access token',
      }
    : { method: 'idCheck.updateAccessToken', accessToken: token }
}
