/**
 * The spec's query cache (docs/product/limits.md#polling-and-cache): a read is kept 60 s after its
 * last use and shared by every reader meanwhile, so a screen opened again within a minute does not
 * ask again, and two parts of a page that read the same thing ask once. Nothing is read again by
 * itself: not on focus, not on reconnect, not on a timer. A failed read is not kept.
 */

/** Unused data is kept 60 seconds (docs/product/limits.md#polling-and-cache). */
export const KEEP_UNUSED_MS = 60_000

interface Entry {
  /** The read on its way; undefined once it has answered. */
  pending: Promise<unknown> | undefined
  value: unknown
  /** When it was last read or answered (ms): kept until `keepMs` after that. */
  lastUsed: number
  /** Readers of the read on its way that may still give up (their signal can abort). */
  readers: number
  /** Aborts the read on its way once every reader has given up. */
  controller: AbortController
}

export interface QueryCacheOptions {
  now?: () => number
  keepMs?: number
}

/** A cache of reads by key; `Shapes` names each key's value. */
export interface QueryCache<Shapes> {
  /**
   * The kept value of `key`, or the read on its way, or a new read by `load`. A reader that passes
   * its `signal` gives up when it aborts; the read itself is aborted only when all its readers have.
   */
  read<K extends keyof Shapes & string>(
    key: K,
    load: (signal: AbortSignal) => Promise<Shapes[K]>,
    signal?: AbortSignal,
  ): Promise<Shapes[K]>
  /** Keeps what a change answered (the updated profile), as if it had just been read. */
  put<K extends keyof Shapes & string>(key: K, value: Shapes[K]): void
  /** Forgets `key`: the next reader reads it again (a change made it stale). */
  drop(key: keyof Shapes & string): void
  /** Forgets everything (the customer signed out). */
  clear(): void
}

export function createQueryCache<Shapes>(options: QueryCacheOptions = {}): QueryCache<Shapes> {
  const now = options.now ?? (() => Date.now())
  const keepMs = options.keepMs ?? KEEP_UNUSED_MS
  const entries = new Map<string, Entry>()

  function join(key: string, entry: Entry, signal: AbortSignal | undefined): Promise<unknown> {
    const { pending } = entry
    if (!pending) return Promise.resolve(entry.value)
    if (!signal) {
      // A reader that cannot give up keeps the read alive.
      entry.readers = Number.POSITIVE_INFINITY
      return pending
    }
    entry.readers++
    signal.addEventListener(
      'abort',
      () => {
        entry.readers--
        if (entry.readers > 0 || entry.pending === undefined) return
        if (entries.get(key) === entry) entries.delete(key)
        entry.controller.abort()
      },
      { once: true },
    )
    return pending
  }

  return {
    read<K extends keyof Shapes & string>(
      key: K,
      load: (signal: AbortSignal) => Promise<Shapes[K]>,
      signal?: AbortSignal,
    ): Promise<Shapes[K]> {
      const at = now()
      const kept = entries.get(key)
      if (kept && at - kept.lastUsed <= keepMs) {
        kept.lastUsed = at
        return join(key, kept, signal) as Promise<Shapes[K]>
      }
      const controller = new AbortController()
      const pending = load(controller.signal)
      const entry: Entry = { pending, value: undefined, lastUsed: at, readers: 0, controller }
      entries.set(key, entry)
      pending.then(
        (value) => {
          if (entries.get(key) !== entry) return
          entry.pending = undefined
          entry.value = value
          entry.lastUsed = now()
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key)
        },
      )
      return join(key, entry, signal) as Promise<Shapes[K]>
    },
    put(key, value) {
      entries.set(key, {
        pending: undefined,
        value,
        lastUsed: now(),
        readers: 0,
        controller: new AbortController(),
      })
    },
    drop(key) {
      entries.delete(key)
    },
    clear() {
      entries.clear()
    },
  }
}
