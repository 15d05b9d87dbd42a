/** A token the SDK's expiration handler waits for, settled when the chart has renewed it. */
export interface PendingToken {
  promise: Promise<string>
  resolve(token: string): void
  reject(error: Error): void
}

export function deferredToken(): PendingToken {
  let resolve!: (token: string) => void
  let reject!: (error: Error) => void
  const promise = new Promise<string>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}
