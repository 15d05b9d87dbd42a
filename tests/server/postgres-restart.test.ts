/**
 * PostgreSQL going away and coming back under a running server process (its own cluster, so the
 * shared one is untouched): the process must not crash, health answers 503 while the database is
 * down and 200 again after, and the pool serves transactions again.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { expectProblem, uniqueEmail } from './support/accounts.ts'
import { spawnServer } from './support/child-server.ts'
import { adminQuery } from './support/databases.ts'
import { findPostgresBinDir, startPostgresCluster } from './support/postgres-cluster.ts'

describe('PostgreSQL restart', () => {
  // Only with TEST_DATABASE_URL can the suite run without local server binaries; this test needs them.
  it.skipIf(findPostgresBinDir() === undefined)(
    'leaves the server running and healthy again once PostgreSQL is back',
    async () => {
      const cluster = await startPostgresCluster()
      const dataDir = await mkdtemp(join(tmpdir(), 'restart-'))
      try {
        await adminQuery('CREATE DATABASE app', cluster.adminUrl)
        const server = await spawnServer({ dataDir, databaseUrl: cluster.databaseUrl('app') })
        try {
          const register = () =>
            server.api('POST', '/api/auth/register', {
              email: uniqueEmail(),
              password: 'password-1',
            })
          expect((await server.api('GET', '/api/health')).status).toBe(200)
          expect((await register()).status).toBe(202)

          await cluster.stop('immediate')
          expectProblem(await server.api('GET', '/api/health'), 503, 'OTHER_ERROR')
          // Other operations fail too, as a problem+json 5xx (the contract does not declare it, so
          // this request does not go through the checker).
          const down = await fetch(`${server.url}/api/auth/reset-password`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: uniqueEmail() }),
          })
          expect(down.status).toBeGreaterThanOrEqual(500)
          expect(down.headers.get('content-type')).toMatch(/^application\/problem\+json/)
          expectProblem(await server.api('GET', '/api/health'), 503, 'OTHER_ERROR')

          await cluster.start()
          await expect
            .poll(async () => (await server.api('GET', '/api/health')).status, {
              timeout: 20_000,
              interval: 100,
            })
            .toBe(200)
          expect((await register()).status).toBe(202)
          expect(server.child.exitCode, server.output()).toBeNull()
          expect(server.output()).not.toMatch(/uncaught|unhandled/i)
        } finally {
          expect(await server.stop(), server.output()).toBe(0)
        }
      } finally {
        await cluster.destroy()
        await rm(dataDir, { recursive: true, force: true })
      }
    },
  )
})
