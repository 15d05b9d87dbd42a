import { describe, expect, it } from 'vitest'
import { createQueryCache, KEEP_UNUSED_MS } from '../../src/api/query-cache'
import { deferred } from '../support/deferred'

interface Shapes {
  profile: string
}

function setup() {
  let time = 0
  const cache = createQueryCache<Shapes>({ now: () => time })
  const loads: { signal: AbortSignal; answer: ReturnType<typeof deferred<string>> }[] = []
  const load = (signal: AbortSignal) => {
    const answer = deferred<string>()
    loads.push({ signal, answer })
    return answer.promise
  }
  return { cache, loads, load, pass: (ms: number) => (time += ms) }
}

describe('query cache (docs/product/limits.md#polling-and-cache)', () => {
  it('keeps 60 s after the last use', () => {
    expect(KEEP_UNUSED_MS).toBe(60_000)
  })

  it('shares one read between readers and keeps its answer until 60 s after its last use', async () => {
    const { cache, loads, load, pass } = setup()
    const first = cache.read('profile', load)
    const second = cache.read('profile', load)
    expect(loads).toHaveLength(1)
    loads[0]?.answer.resolve('Ann')
    expect([await first, await second]).toEqual(['Ann', 'Ann'])
    pass(60_000)
    expect(await cache.read('profile', load)).toBe('Ann')
    pass(60_000)
    expect(await cache.read('profile', load)).toBe('Ann')
    expect(loads).toHaveLength(1)
    pass(60_001)
    void cache.read('profile', load)
    expect(loads).toHaveLength(2)
  })

  it('keeps no failure', async () => {
    const { cache, loads, load } = setup()
    const failed = cache.read('profile', load)
    loads[0]?.answer.reject(new Error('503'))
    await expect(failed).rejects.toThrow('503')
    void cache.read('profile', load)
    expect(loads).toHaveLength(2)
  })

  it('aborts a read only when every reader has given up', () => {
    const { cache, loads, load } = setup()
    const a = new AbortController()
    const b = new AbortController()
    void cache.read('profile', load, a.signal)
    void cache.read('profile', load, b.signal)
    a.abort()
    expect(loads[0]?.signal.aborted).toBe(false)
    b.abort()
    expect(loads[0]?.signal.aborted).toBe(true)
    // The next reader asks again.
    void cache.read('profile', load)
    expect(loads).toHaveLength(2)
  })

  it('puts what a change answered, drops what a change made stale, clears on sign-out', async () => {
    const { cache, loads, load } = setup()
    cache.put('profile', 'Hanna')
    expect(await cache.read('profile', load)).toBe('Hanna')
    cache.drop('profile')
    void cache.read('profile', load)
    expect(loads).toHaveLength(1)
    loads[0]?.answer.resolve('Ann')
    await Promise.resolve()
    cache.clear()
    void cache.read('profile', load)
    expect(loads).toHaveLength(2)
  })
})
