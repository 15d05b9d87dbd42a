/**
 * LISTEN on a real PostgreSQL: one dedicated connection per node, outside the pool (a pooled
 * connection is handed to other queries and its LISTENs would end with it), opened on the first
 * subscription. When it is lost (PostgreSQL restarting, a network cut) it is opened again with a
 * growing wait, its LISTENs renewed, and every subscriber told to re-read what it may have missed:
 * notifications sent meanwhile were delivered to nobody.
 */
import pg from 'pg'

/** Channels are plain identifiers, so LISTEN needs no quoting and matches PGlite's. */
const channelName = /^[a-z_][a-z0-9_]{0,62}$/

/** Named delays; tests shorten them. */
export interface ListenerDelays {
  /** The first wait before reconnecting; doubled on each failure in a row. */
  retryMs: number
  maxRetryMs: number
}
export const LISTENER_DELAYS: ListenerDelays = { retryMs: 250, maxRetryMs: 5_000 }

interface Subscriber {
  onPayload: (payload: string) => void
  onResync: (() => void) | undefined
}

export interface PostgresListener {
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResync?: () => void,
  ): Promise<() => Promise<void>>
  close(): Promise<void>
}

export function createPostgresListener(options: {
  connectionString: string
  onError?: (error: Error) => void
  delays?: ListenerDelays
}): PostgresListener {
  const delays = options.delays ?? LISTENER_DELAYS
  const channels = new Map<string, Set<Subscriber>>()
  let client: pg.Client | undefined
  /** The channels LISTENed on the current connection. */
  let listening = new Set<string>()
  let connecting: Promise<pg.Client> | undefined
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let failures = 0
  let closed = false

  const report = (error: unknown) => {
    options.onError?.(error instanceof Error ? error : new Error(String(error)))
  }

  const dispatch = (message: pg.Notification) => {
    for (const subscriber of channels.get(message.channel) ?? []) {
      try {
        subscriber.onPayload(message.payload ?? '')
      } catch (error) {
        report(error)
      }
    }
  }

  const lost = (which: pg.Client) => {
    if (client !== which) return
    client = undefined
    listening = new Set()
    void which.end().catch(() => undefined)
    scheduleReconnect()
  }

  async function open(): Promise<pg.Client> {
    const fresh = new pg.Client({ connectionString: options.connectionString, keepAlive: true })
    // Without a listener an error on this idle connection would crash the process.
    fresh.on('error', (error) => {
      report(error)
      lost(fresh)
    })
    fresh.on('end', () => {
      lost(fresh)
    })
    fresh.on('notification', dispatch)
    try {
      await fresh.connect()
      const renewed = new Set<string>()
      for (const channel of channels.keys()) {
        await fresh.query(`LISTEN ${channel}`)
        renewed.add(channel)
      }
      if (closed) throw new Error('listener closed')
      client = fresh
      listening = renewed
      return fresh
    } catch (error) {
      fresh.removeAllListeners('end')
      await fresh.end().catch(() => undefined)
      throw error
    }
  }

  function connected(): Promise<pg.Client> {
    if (client) return Promise.resolve(client)
    connecting ??= open().finally(() => {
      connecting = undefined
    })
    return connecting
  }

  function scheduleReconnect() {
    if (closed || retryTimer !== undefined || channels.size === 0) return
    const wait = Math.min(delays.maxRetryMs, delays.retryMs * 2 ** Math.min(failures, 16))
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      connected().then(
        () => {
          failures = 0
          for (const subscribers of channels.values())
            for (const subscriber of subscribers) subscriber.onResync?.()
        },
        (error: unknown) => {
          failures++
          report(error)
          scheduleReconnect()
        },
      )
    }, wait)
  }

  return {
    async listen(channel, onPayload, onResync) {
      if (!channelName.test(channel)) throw new Error(`not a channel name: ${channel}`)
      if (closed) throw new Error('the database is closed')
      const subscriber: Subscriber = { onPayload, onResync }
      let subscribers = channels.get(channel)
      if (!subscribers) channels.set(channel, (subscribers = new Set()))
      subscribers.add(subscriber)
      try {
        const current = await connected()
        if (!listening.has(channel)) {
          await current.query(`LISTEN ${channel}`)
          listening.add(channel)
        }
      } catch (error) {
        subscribers.delete(subscriber)
        if (subscribers.size === 0) channels.delete(channel)
        throw error
      }
      // The connection stays open with no subscriber left: streams come and go, and a LISTEN
      // left in force only brings notifications that nobody is handed.
      return () => {
        subscribers.delete(subscriber)
        if (subscribers.size === 0 && channels.get(channel) === subscribers)
          channels.delete(channel)
        return Promise.resolve()
      }
    },
    async close() {
      closed = true
      clearTimeout(retryTimer)
      retryTimer = undefined
      channels.clear()
      const current = client ?? (await connecting?.catch(() => undefined))
      client = undefined
      if (current) {
        current.removeAllListeners('end')
        await current.end().catch(() => undefined)
      }
    },
  }
}
