/**
 * One server per PGlite data folder (issue 11): a second process on the same DATA_DIR refuses to
 * start with one line naming the holder, and a folder left by a killed server is taken over.
 */
import { describe, expect, it } from 'vitest'
import { expectTokens, verifiedUser } from './support/accounts.ts'
import { spawnServer } from './support/child-server.ts'
import { createFreshDatabase } from './support/databases.ts'

describe('a PGlite data folder', () => {
  it('serves one process at a time, and passes to the next after a stop or a crash', async () => {
    const fresh = await createFreshDatabase('pglite')
    try {
      const first = await spawnServer(fresh)
      const { email, password } = await verifiedUser(first)
      const customer = { email, password }

      const second = await spawnServer(fresh).then(
        () => 'started',
        (error: unknown) => (error as Error).message,
      )
      expect(second).toMatch(/exited \(1\) before listening/)
      expect(second).toContain(
        `Cannot start: ${fresh.dataDir}/pglite is in use by the server with pid ${first.child.pid}`,
      )
      // The first server did not notice: it still answers, with its data.
      expectTokens(await first.api('POST', '/api/auth/login', customer))

      expect(await first.stop()).toBe(0)
      const afterStop = await spawnServer(fresh)
      expectTokens(await afterStop.api('POST', '/api/auth/login', customer))

      afterStop.child.kill('SIGKILL')
      expect(await afterStop.exited).toBe('SIGKILL')
      const afterCrash = await spawnServer(fresh)
      expectTokens(await afterCrash.api('POST', '/api/auth/login', customer))
      expect(await afterCrash.stop()).toBe(0)
    } finally {
      await fresh.dispose()
    }
  })
})
