/** A promise with its resolve and reject exposed, for fakes whose outcome a test step decides. */
export interface Deferred<T> {
  promise: Promise<T>
  resolve(value: T): void
  reject(error: unknown): void
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Deferreds handed out in order; a step settles the newest one. */
export class DeferredQueue<T> {
  readonly all: Deferred<T>[] = []
  next(): Promise<T> {
    const d = deferred<T>()
    this.all.push(d)
    return d.promise
  }
  get latest(): Deferred<T> {
    const d = this.all.at(-1)
    if (!d) throw new Error('nothing is waiting for an outcome')
    return d
  }
}
