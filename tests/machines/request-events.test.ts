/**
 * The live request stream's reader (src/api/request-events.ts) against a fake server: the
 * event-stream format cut anywhere, and reconnection — after the server ends a stream, after a
 * 503, after a 401 (the refresh queue's new token) — always with the last id received, and a stop
 * for good on 403.
 */
import { describe, expect, it } from 'vitest'
import { createMainClient } from '../../src/api/main-client'
import { createRefreshQueueMiddleware } from '../../src/api/refresh-queue'
import {
  createEventParser,
  watchRequestChanges,
  type RequestChange,
  type StreamEvent,
} from '../../src/api/request-events'

describe('the event-stream parser', () => {
  it('reads events cut anywhere, with any line end, skipping comments', () => {
    const events: StreamEvent[] = []
    const parse = createEventParser((e) => events.push(e))
    const text =
      ': live\r\n\r\nid: 1\nevent: request\ndata: {"a":1}\n\n' +
      'id:2\r\nevent: request\r\ndata: line one\r\ndata: line two\r\n\r\n' +
      ': keep-alive\n\nid: 3\rdata\r\r'
    // Every split point, so a line end or a field cut between chunks is read the same.
    for (let cut = 0; cut <= text.length; cut++) {
      events.length = 0
      const each = createEventParser((e) => events.push(e))
      each(text.slice(0, cut))
      each(text.slice(cut))
      expect(events, `cut at ${cut}`).toEqual([
        { type: 'request', data: '{"a":1}', id: '1' },
        { type: 'request', data: 'line one\nline two', id: '2' },
        { type: 'message', data: '', id: '3' },
      ])
    }
    parse('data: no blank line yet\n')
    expect(events).toHaveLength(3)
  })
})

/** One scripted answer of the fake server; a stream answer is fed by the test. */
type Script =
  { status: number } | { stream: (feed: { push(text: string): void; end(): void }) => void }

function fakeServer(scripts: Script[]) {
  const calls: { path: string; lastEventId: string | null; authorization: string | null }[] = []
  const fetchFake = (input: Request | string | URL): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input)
    calls.push({
      path: new URL(request.url).pathname,
      lastEventId: request.headers.get('last-event-id'),
      authorization: request.headers.get('authorization'),
    })
    const script = scripts.shift() ?? { stream: () => undefined }
    if ('status' in script)
      return Promise.resolve(
        new Response(JSON.stringify({ status: script.status, errorType: 'OTHER_ERROR' }), {
          status: script.status,
          headers: { 'content-type': 'application/problem+json' },
        }),
      )
    const encoder = new TextEncoder()
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        request.signal.addEventListener('abort', () => {
          controller.error(new DOMException('aborted', 'AbortError'))
        })
        script.stream({
          push: (text) => {
            controller.enqueue(encoder.encode(text))
          },
          end: () => {
            controller.close()
          },
        })
      },
    })
    return Promise.resolve(
      new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    )
  }
  return { calls, fetch: fetchFake as typeof fetch }
}

function clientWith(server: ReturnType<typeof fakeServer>, tokens: { current: string }) {
  return createMainClient({
    baseUrl: 'http://exchange.test',
    fetch: server.fetch,
    middleware: [
      createRefreshQueueMiddleware({
        accessToken: () => tokens.current,
        tokenAfter401: () => {
          tokens.current = 'fresh-token'
          return Promise.resolve(tokens.current)
        },
      }),
    ],
  })
}

const event = (seq: string, kind = 'state') =>
  `id: ${seq}\nevent: request\ndata: ${JSON.stringify({ seq, requestId: 'r-1', kind })}\n\n`

const until = async (what: string, condition: () => boolean) => {
  const deadline = Date.now() + 5_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
}

const delays = { retryMs: 5, maxRetryMs: 20, endedMs: 1, silenceMs: 2_000 }

describe('watchRequestChanges', () => {
  it('reconnects after an end, a 503 and a 401, resuming after the last id each time', async () => {
    const server = fakeServer([
      {
        stream: (feed) => {
          feed.push(': live\n\n' + event('4', 'created') + event('5').slice(0, 10))
          feed.push(event('5').slice(10))
          feed.end()
        },
      },
      { status: 503 },
      { status: 401 },
      {
        stream: (feed) => {
          feed.push(': live\n\n' + event('6', 'message'))
        },
      },
    ])
    const tokens = { current: 'old-token' }
    const changes: RequestChange[] = []
    const controller = new AbortController()
    watchRequestChanges('desk', (c) => changes.push(c), controller.signal, {
      client: clientWith(server, tokens),
      delays,
    })
    await until('three changes', () => changes.length === 3)
    controller.abort()
    expect(changes).toEqual([
      { seq: '4', requestId: 'r-1', kind: 'created' },
      { seq: '5', requestId: 'r-1', kind: 'state' },
      { seq: '6', requestId: 'r-1', kind: 'message' },
    ])
    expect(server.calls).toEqual([
      { path: '/api/ops/requests/events', lastEventId: null, authorization: 'Bearer old-token' },
      { path: '/api/ops/requests/events', lastEventId: '5', authorization: 'Bearer old-token' },
      { path: '/api/ops/requests/events', lastEventId: '5', authorization: 'Bearer old-token' },
      // The refresh queue's retry of the 401, with the new token.
      { path: '/api/ops/requests/events', lastEventId: '5', authorization: 'Bearer fresh-token' },
    ])
  })

  it('reconnects when a stream falls silent, and stops for good when refused', async () => {
    const server = fakeServer([
      {
        stream: (feed) => {
          feed.push(': live\n\n' + event('9'))
        },
      },
      { status: 403 },
    ])
    const changes: RequestChange[] = []
    const controller = new AbortController()
    watchRequestChanges('customer', (c) => changes.push(c), controller.signal, {
      client: clientWith(server, { current: 't' }),
      delays: { ...delays, silenceMs: 30 },
    })
    await until('the second call', () => server.calls.length === 2)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(server.calls.map((c) => [c.path, c.lastEventId])).toEqual([
      ['/api/exchange-request/events', null],
      ['/api/exchange-request/events', '9'],
    ])
    expect(changes.map((c) => c.seq)).toEqual(['9'])
    controller.abort()
  })

  it('stops when its signal aborts, mid-stream', async () => {
    const server = fakeServer([
      {
        stream: (feed) => {
          feed.push(': live\n\n')
        },
      },
    ])
    const controller = new AbortController()
    watchRequestChanges('desk', () => undefined, controller.signal, {
      client: clientWith(server, { current: 't' }),
      delays,
    })
    await until('the connection', () => server.calls.length === 1)
    controller.abort()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(server.calls).toHaveLength(1)
  })
})
