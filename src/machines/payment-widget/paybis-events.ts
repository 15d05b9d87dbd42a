/**
 * What the Paybis widget posts to the page that frames it
 * (docs/product/providers/paybis.md#widget-events), read into the payment widget's events.
 * `event.data` arrives as an object or as a JSON string; the widget names its event in `name`
 * (older versions: `name: 'state'` with the state as payload).
 */

export type PaybisWidgetEvent = { type: 'widget.closed' } | { type: 'widget.redirect'; url: string }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function normalise(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'string') return isRecord(data) ? data : null
  try {
    const parsed: unknown = JSON.parse(data)
    return isRecord(parsed) ? parsed : null
  } catch {
    return null
  }
}

/** The event a widget message means for the chart, or null for the ones it ignores. */
export function paybisEventOf(data: unknown): PaybisWidgetEvent | null {
  const message = normalise(data)
  if (!message) return null
  const name = typeof message.name === 'string' ? message.name : ''
  const payload = message.payload
  if (name === 'closed') return { type: 'widget.closed' }
  if (name === 'state') {
    const state = isRecord(payload) ? payload.state : payload
    return state === 'closed' ? { type: 'widget.closed' } : null
  }
  if (name === 'payment-redirect' && isRecord(payload)) {
    const url = payload.url ?? payload.redirectUrl
    return typeof url === 'string' && url !== '' ? { type: 'widget.redirect', url } : null
  }
  return null
}

/** Only http(s) addresses may become the frame's address (never `javascript:` and the like). */
export function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

/** The origin the widget's messages must come from: the origin of the address it was opened at. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return ''
  }
}
