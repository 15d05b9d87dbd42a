/**
 * The live request streams (server-sent events): `streamExchangeRequestEvents` (a customer's own
 * requests, only what the customer may see) and `streamDeskEvents` (every change, for staff).
 *
 * The table is the only source: a stream sends rows of request_events by seq, and a notification
 * (from this node or any other, PostgreSQL LISTEN/NOTIFY) only wakes it to read again. Each
 * stream subscribes before it reads, so nothing committed between its first read and its first
 * notification is missed; a stream resumed with `Last-Event-ID` first sends every row after it.
 * seq is handed out in commit order (request-events.ts), so "every row after the last one sent"
 * never skips a change that commits late, and sending only seq > last sent never sends one twice.
 */
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import type { Database } from '../db/database.ts'
import { NodeStopping } from '../domain-errors.ts'
import { REQUEST_EVENTS_CHANNEL } from './request-events.ts'

/** A comment this often keeps proxies and load balancers from closing an idle stream. */
export const KEEP_ALIVE_MS = 15_000

/** Rows read at once; a stream far behind reads again until it has caught up. */
const BATCH = 500
/**
 * A client that reads slower than changes arrive is cut off past this much unsent data: it
 * resumes from its Last-Event-ID, rather than the node buffering for it without bound.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024

export type StreamAudience = { kind: 'customer'; customerId: string } | { kind: 'desk' }

export interface RequestStreams {
  /** Answers the request with a stream until the client leaves or the node stops. */
  serve(request: FastifyRequest, reply: FastifyReply, audience: StreamAudience): Promise<void>
  /** Ends every open stream and refuses new ones: the node is stopping. */
  close(): Promise<void>
  /** How many streams are open (tests, logs). */
  readonly size: number
}

interface OpenStream {
  audience: StreamAudience
  /** Wakes the stream to read from the table. */
  wake(): void
  end(): void
}

/** What a notification says, used only to pick the streams to wake (rows are read from the table). */
interface Hint {
  customerId?: unknown
  forCustomer?: unknown
}

function hintOf(payload: string): Hint | undefined {
  try {
    const parsed: unknown = JSON.parse(payload)
    return typeof parsed === 'object' && parsed !== null ? (parsed as Hint) : undefined
  } catch {
    return undefined
  }
}

/** Whether a change the hint describes could be in this stream; without a hint, always. */
function concerns(audience: StreamAudience, hint: Hint | undefined): boolean {
  if (audience.kind === 'desk' || !hint) return true
  return hint.customerId === audience.customerId && hint.forCustomer !== false
}

function startAfter(header: unknown, max: bigint): bigint {
  if (typeof header !== 'string' || !/^[0-9]{1,19}$/.test(header)) return max
  const asked = BigInt(header)
  // An id beyond the last change (another database; the contract allows 19 digits, more than a
  // bigint holds) resumes from now.
  return asked > max ? max : asked
}

export function createRequestStreams(deps: {
  db: Database
  log: FastifyBaseLogger
  keepAliveMs?: number
}): RequestStreams {
  const keepAliveMs = deps.keepAliveMs ?? KEEP_ALIVE_MS
  const streams = new Set<OpenStream>()
  let subscription: Promise<() => Promise<void>> | undefined
  let closing = false
  const stopping = () => closing

  const subscribed = () => {
    subscription ??= deps.db
      .listen(
        REQUEST_EVENTS_CHANNEL,
        (payload) => {
          const hint = hintOf(payload)
          for (const stream of streams) if (concerns(stream.audience, hint)) stream.wake()
        },
        // The LISTEN connection was lost and is back: anything may have been missed.
        () => {
          for (const stream of streams) stream.wake()
        },
      )
      .catch((error: unknown) => {
        subscription = undefined
        throw error
      })
    return subscription
  }

  const rowsAfter = (audience: StreamAudience, after: bigint) =>
    audience.kind === 'desk'
      ? deps.db.query<{ seq: string; request_id: string; kind: string }>(
          `SELECT seq::text AS seq, request_id, kind FROM request_events
           WHERE seq > $1 ORDER BY request_events.seq LIMIT ${String(BATCH)}`,
          [after.toString()],
        )
      : deps.db.query<{ seq: string; request_id: string; kind: string }>(
          `SELECT seq::text AS seq, request_id, kind FROM request_events
           WHERE customer_id = $1 AND for_customer AND seq > $2 ORDER BY request_events.seq LIMIT ${String(BATCH)}`,
          [audience.customerId, after.toString()],
        )

  return {
    get size() {
      return streams.size
    },

    async serve(request, reply, audience) {
      if (closing) throw new NodeStopping()
      // Subscribe first, then read where to start: a change committed in between is both in the
      // table and notified.
      await subscribed()
      const [top] = await deps.db.query<{ max: string }>(
        'SELECT coalesce(max(seq), 0)::text AS max FROM request_events',
      )
      let last = startAfter(request.headers['last-event-id'], BigInt(top?.max ?? '0'))
      // Read again after the awaits: the node may have begun to stop meanwhile.
      if (stopping()) throw new NodeStopping()

      const raw = reply.raw
      let reading = false
      let again = false
      let ended = false
      const isEnded = () => ended
      const keepAlive = setInterval(() => {
        raw.write(': keep-alive\n\n')
      }, keepAliveMs)

      const stream: OpenStream = {
        audience,
        wake() {
          void pump()
        },
        end() {
          if (ended) return
          ended = true
          clearInterval(keepAlive)
          streams.delete(stream)
          // The connection goes with the stream: a stopping node's drain must not wait on it,
          // and one whose client left may linger half-open otherwise.
          const socket = raw.socket
          if (raw.destroyed || !socket || socket.destroyed) {
            socket?.destroy()
            return
          }
          raw.end(() => {
            socket.end()
          })
        },
      }

      async function pump(): Promise<void> {
        if (reading) {
          again = true
          return
        }
        reading = true
        try {
          do {
            again = false
            const rows = await rowsAfter(audience, last)
            if (ended) return
            let chunk = ''
            for (const row of rows) {
              const data = JSON.stringify({
                seq: row.seq,
                requestId: row.request_id,
                kind: row.kind,
              })
              chunk += `id: ${row.seq}\nevent: request\ndata: ${data}\n\n`
            }
            const newest = rows.at(-1)
            if (newest) {
              raw.write(chunk)
              last = BigInt(newest.seq)
            }
            if (raw.writableLength > MAX_BUFFERED_BYTES) {
              request.log.warn('request stream: the client reads too slowly; ended')
              stream.end()
              return
            }
            if (rows.length === BATCH) again = true
          } while (again && !isEnded())
        } catch (error) {
          // The client resumes from what it received, on this node or another.
          request.log.warn({ reason: (error as Error).message }, 'request stream: read failed')
          stream.end()
        } finally {
          reading = false
        }
      }

      // The stream is written to the socket as it comes: compression and response validation
      // would buffer it, and its body is no JSON to validate. The headers the hooks set (security
      // headers, no-store) are kept.
      void reply.hijack()
      const headers: Record<string, string | number | string[]> = {}
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) headers[name] = value
      raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      })
      // A first line at once: the client's fetch resolves and it knows the stream is live.
      raw.write(': live\n\n')
      raw.on('close', () => {
        stream.end()
      })
      raw.on('error', () => {
        stream.end()
      })
      if (raw.destroyed) {
        stream.end()
        return
      }
      streams.add(stream)
      await pump()
    },

    async close() {
      closing = true
      for (const stream of [...streams]) stream.end()
      const unlisten = await subscription?.catch(() => undefined)
      subscription = undefined
      await unlisten?.()
    },
  }
}
