import { act } from '@testing-library/react'

/**
 * Waits, in real time, until `shown()` holds. A page's code and its catalog arrive by dynamic
 * import, real I/O that no count of timer ticks waits for on a busy machine; this waits for what
 * the user would see instead. `tick` runs between looks (a fake clock's zero-delay timers).
 */
export async function untilShown(
  shown: () => boolean,
  what: string,
  tick: () => Promise<void> = () => Promise.resolve(),
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!shown()) {
    if (performance.now() > deadline) throw new Error(`${what} did not show in ${timeoutMs} ms`)
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve))
      await tick()
    })
  }
}
