/**
 * The customer's live change stream on the fake API: GET /api/exchange-request/events answers an
 * event stream that stays open, and `send` writes one change to every open connection.
 */
import type { FakeApi } from './fake-api'

export function requestStream(api: FakeApi, path = '/api/exchange-request/events') {
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>()
  let seq = 0
  api.on('GET', path, (request) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        open.add(controller)
        request.signal.addEventListener('abort', () => {
          open.delete(controller)
          controller.error(new DOMException('The stream was aborted', 'AbortError'))
        })
      },
      cancel() {
        // The reader went away: nothing more is written to it.
        for (const c of open) if (c.desiredSize === null) open.delete(c)
      },
    })
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })
  })
  return {
    /** Writes a change to every open stream, once one is open. */
    async send(requestId: string, kind: string) {
      const start = Date.now()
      while (open.size === 0 && Date.now() - start < 2000)
        await new Promise((r) => setTimeout(r, 5))
      if (open.size === 0) throw new Error('no change stream is open')
      seq++
      const data = JSON.stringify({ seq: String(seq), requestId, kind })
      const chunk = new TextEncoder().encode(
        `event: request\nid: ${String(seq)}\ndata: ${data}\n\n`,
      )
      for (const controller of open) {
        try {
          controller.enqueue(chunk)
        } catch {
          open.delete(controller)
        }
      }
    },
    connections: () => open.size,
  }
}
