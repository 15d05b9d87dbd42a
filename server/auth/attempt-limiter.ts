/**
 * Counts events per key in a sliding window (in memory: one API node; several nodes would share
 * this through Redis, see docs/decisions). `retryAfter` is in whole seconds.
 */
export class AttemptLimiter {
  private readonly hits = new Map<string, number[]>()

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs
    const list = (this.hits.get(key) ?? []).filter((t) => t > since)
    if (list.length === 0) this.hits.delete(key)
    else this.hits.set(key, list)
    return list
  }

  /** Seconds until another attempt is allowed, or 0 when one is allowed now. */
  retryAfter(key: string): number {
    const list = this.recent(key)
    if (list.length < this.max) return 0
    const oldest = list[list.length - this.max] ?? this.now()
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000))
  }

  record(key: string): void {
    const list = this.recent(key)
    list.push(this.now())
    this.hits.set(key, list)
    if (this.hits.size > 100_000) this.sweep()
  }

  reset(key: string): void {
    this.hits.delete(key)
  }

  private sweep(): void {
    for (const key of [...this.hits.keys()]) this.recent(key)
  }
}
