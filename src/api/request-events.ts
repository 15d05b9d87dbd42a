/**
 * Live changes to requests (issue 28): the server-sent events of `streamExchangeRequestEvents`
 * (the customer's own requests) and `streamDeskEvents` (every request, for the desk). EventSource
 * cannot send a bearer token, so the stream is read with fetch through the app's API client: its
 * refresh queue sends the access token and, on a 401, refreshes it once and retries. A dropped
 * stream is opened again with `Last-Event-ID`, and the server first replays every change after it,
 * so a drop (a node stopping, a network change) loses nothing.
 */
import type { MainClient } from './main-client'

/** One change: which request, and what kind of change (the page reads the request again). */
export interface RequestChange {
  seq: string
  requestId: string
  kind: string
}

export type RequestChangesArea = 'customer' | 'desk'

/** Named delays of the reader; tests shorten them. */
export interface RequestEventsDelays {
  /** The wait before the first reconnection after a failure; doubled on each further failure. */
  retryMs: number
  /** The longest wait between reconnections. */
  maxRetryMs: number
  /** The wait after the server ended a stream cleanly (a node stopping): reconnect at once. */
  endedMs: number
  /**
   * Nothing received for this long (the server comments every 15 s) means the connection is dead
   * without having said so (a sleeping laptop, a dropped NAT entry): reconnect.
   */
  silenceMs: number
}

export const REQUEST_EVENTS_DELAYS: RequestEventsDelays = {
  retryMs: 1_000,
  maxRetryMs: 30_000,
  endedMs: 250,
  silenceMs: 45_000,
}

/** What the reader calls the server with: the app's client (bearer token, refresh on 401). */
export type RequestEventsClient = Pick<MainClient, 'GET'>

let appClient: RequestEventsClient | undefined

/** The SPA's API client, registered once by src/app-services.ts for every watcher. */
export function provideRequestEventsClient(client: RequestEventsClient): void {
  appClient = client
}

export interface WatchOptions {
  /** Another client than the app's (tests). */
  client?: RequestEventsClient
  delays?: Partial<RequestEventsDelays>
  /** The id to resume after (a page that keeps what it saw across a remount). */
  lastEventId?: string
}

/** How an attempt ended: reconnect soon, reconnect after the back-off, or stop for good. */
type Outcome = 'ended' | 'failed' | 'final'

/**
 * Calls `onChange` for each change the signed-in caller may see in `area`, from now until
 * `signal` aborts, reconnecting (with back-off and `Last-Event-ID`) after any drop. It stops by
 * itself only when the server refuses the caller for good (401 after the refresh, 403, 404): the
 * session has ended or the caller may not watch this area.
 */
export function watchRequestChanges(
  area: RequestChangesArea,
  onChange: (change: RequestChange) => void,
  signal: AbortSignal,
  options: WatchOptions = {},
): void {
  const client = options.client ?? appClient
  if (!client) throw new Error('watchRequestChanges: no API client provided')
  const delays = { ...REQUEST_EVENTS_DELAYS, ...options.delays }
  void watch(area, onChange, signal, client, delays, options.lastEventId)
}

async function watch(
  area: RequestChangesArea,
  onChange: (change: RequestChange) => void,
  signal: AbortSignal,
  client: RequestEventsClient,
  delays: RequestEventsDelays,
  resumeAfter: string | undefined,
): Promise<void> {
  const position: Position = { lastEventId: resumeAfter, opened: false }
  let failures = 0
  while (!signal.aborted) {
    const outcome = await attempt(area, onChange, signal, client, delays, position).catch(
      (): Outcome => 'failed',
    )
    // Read again after the await: the page may have gone meanwhile.
    if (aborted(signal) || outcome === 'final') return
    // A stream that was open counts as a success: only failures in a row lengthen the wait.
    if (position.opened) failures = 0
    position.opened = false
    if (outcome === 'failed') failures++
    const wait =
      outcome === 'ended' || failures === 0
        ? delays.endedMs
        : Math.min(delays.maxRetryMs, delays.retryMs * 2 ** Math.min(failures - 1, 16))
    // Spread reconnections so that the clients of a stopped node do not all arrive at once.
    await sleep(wait * (0.5 + Math.random() / 2), signal)
  }
}

interface Position {
  /** The last event's id: sent as `Last-Event-ID` on the next connection. */
  lastEventId: string | undefined
  /** Whether the current attempt got its stream (200). */
  opened: boolean
}

/** One connection: opens the stream and reads it until it ends, fails or is aborted. */
async function attempt(
  area: RequestChangesArea,
  onChange: (change: RequestChange) => void,
  outer: AbortSignal,
  client: RequestEventsClient,
  delays: RequestEventsDelays,
  position: Position,
): Promise<Outcome> {
  const controller = new AbortController()
  const abort = () => {
    controller.abort()
  }
  outer.addEventListener('abort', abort, { once: true })
  let silence: ReturnType<typeof setTimeout> | undefined
  const heard = () => {
    clearTimeout(silence)
    silence = setTimeout(abort, delays.silenceMs)
  }
  try {
    heard()
    const init = {
      params: {
        header: position.lastEventId === undefined ? {} : { 'Last-Event-ID': position.lastEventId },
      },
      parseAs: 'stream' as const,
      signal: controller.signal,
      headers: { accept: 'text/event-stream' },
    }
    const { response } =
      area === 'desk'
        ? await client.GET('/api/ops/requests/events', init)
        : await client.GET('/api/exchange-request/events', init)
    if (response.status !== 200 || !response.body) {
      void response.body?.cancel().catch(() => undefined)
      return refusedForGood(response.status) ? 'final' : 'failed'
    }
    position.opened = true
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    const parser = createEventParser((event) => {
      if (event.id !== undefined) position.lastEventId = event.id
      if (event.type !== 'request') return
      const change = changeOf(event.data)
      if (change) onChange(change)
    })
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return 'ended'
      heard()
      parser(value)
    }
  } finally {
    clearTimeout(silence)
    outer.removeEventListener('abort', abort)
    controller.abort()
  }
}

/** The answers that no retry changes: the refresh already failed, or the caller may not watch. */
function refusedForGood(status: number): boolean {
  return status === 401 || status === 403 || status === 404 || status === 400
}

function changeOf(data: string): RequestChange | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(data)
  } catch {
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined
  const { seq, requestId, kind } = parsed as Record<string, unknown>
  if (typeof seq !== 'string' || typeof requestId !== 'string' || typeof kind !== 'string')
    return undefined
  return { seq, requestId, kind }
}

export interface StreamEvent {
  type: string
  data: string
  /** The `id` field of this event, if it had one (the position to resume after). */
  id: string | undefined
}

/**
 * The event-stream format (HTML's server-sent events): lines end in CR, LF or CRLF, possibly cut
 * between chunks; `field: value` lines build an event that a blank line dispatches; comment lines
 * (`:`) only keep the connection alive.
 */
export function createEventParser(dispatch: (event: StreamEvent) => void): (chunk: string) => void {
  let buffer = ''
  let pendingCr = false
  let type = ''
  let data: string[] = []
  let id: string | undefined
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0 || id !== undefined)
        dispatch({ type: type || 'message', data: data.join('\n'), id })
      type = ''
      data = []
      id = undefined
      return
    }
    if (text.startsWith(':')) return
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    let value = colon === -1 ? '' : text.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'event') type = value
    else if (field === 'data') data.push(value)
    else if (field === 'id' && !value.includes('\0')) id = value
  }
  return (chunk) => {
    let text = chunk
    // A CRLF cut between two chunks is one line end, not two.
    if (pendingCr && text.startsWith('\n')) text = text.slice(1)
    pendingCr = false
    buffer += text
    const parts = buffer.split(/\r\n|\r|\n/)
    buffer = parts.pop() ?? ''
    if (buffer === '' && text.endsWith('\r')) pendingCr = true
    for (const part of parts) line(part)
  }
}

const aborted = (signal: AbortSignal) => signal.aborted

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}
