/**
 * Helpers for the request desk's UI tests: the desk's live stream as the fake API serves it
 * (server-sent events the test writes), and the server's refusals with their detail and fields.
 */
import { ApiError } from '../../src/api/api-call'
import { detailOf } from '../../src/api/ops-call'
import { json, type FakeApi } from './support/fake-api'

export const DESK_EVENTS = { method: 'GET', path: '/api/ops/requests/events' }

/** The open desk streams; `tell` writes one change to each, as the server does. */
export class FakeDeskStream {
  private readonly open = new Set<ReadableStreamDefaultController<Uint8Array>>()
  private seq = 0

  install(api: FakeApi): void {
    api.on(DESK_EVENTS.method, DESK_EVENTS.path, (request) => {
      let mine: ReadableStreamDefaultController<Uint8Array> | undefined
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => {
          mine = controller
          this.open.add(controller)
        },
        cancel: () => {
          if (mine) this.open.delete(mine)
        },
      })
      request.signal.addEventListener('abort', () => {
        if (mine) this.open.delete(mine)
      })
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })
    })
  }

  get listeners(): number {
    return this.open.size
  }

  tell(requestId: string, kind = 'state'): void {
    this.seq++
    const seq = String(this.seq)
    const text = `event: request\nid: ${seq}\ndata: ${JSON.stringify({ seq, requestId, kind })}\n\n`
    for (const controller of this.open) controller.enqueue(new TextEncoder().encode(text))
  }
}

/** The server's refusal: its status, errorType, detail and field errors. */
export function deskRefusal(error: unknown): Response {
  const refusal = error instanceof ApiError ? error : new ApiError(503, 'OTHER_ERROR')
  const status = refusal.status ?? 503
  const detail = detailOf(error)
  return json(status, {
    type: 'about:blank',
    title: 'Error',
    status,
    errorType: refusal.errorType,
    ...(detail ? { detail } : {}),
    ...(refusal.fieldErrors.length > 0 ? { errors: refusal.fieldErrors } : {}),
  })
}
