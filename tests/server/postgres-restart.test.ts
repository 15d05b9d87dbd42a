/**
 * PostgreSQL going away and coming back under a running server process (its own cluster, so the
 * shared one is untouched): the process must not crash, every operation that reads the database
 * answers the contract's 503 problem+json with Retry-After while it is down (the checker of `api()`
 * holds it to that), and all of them work again once it is back, without a restart.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bearer, expectProblem, uniqueEmail, verifiedUser } from './support/accounts.ts'
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
              password: 'Amber-Tulip-41',
            })
          expect((await server.api('GET', '/api/health')).status).toBe(200)
          expect((await register()).status).toBe(202)
          const customer = await verifiedUser(server)
          const auth = bearer(customer.tokens.accessToken)
          const calls = [
            () => server.api('GET', '/api/health'),
            () => server.api('POST', '/api/auth/reset-password', { email: uniqueEmail() }),
            () =>
              server.api('POST', '/api/auth/login', {
                email: customer.email,
                password: customer.password,
              }),
            () => server.api('GET', '/api/users/profile', undefined, auth),
            () => server.api('GET', '/api/exchange-request', undefined, auth),
            () => server.api('GET', '/api/sumsub/kyc-status', undefined, auth),
          ]

          await cluster.stop('immediate')
          for (const call of calls) {
            const answer = await call()
            const problem = expectProblem(answer, 503, 'OTHER_ERROR')
            expect(problem.type).toBe('urn:exchange:problem:database-unavailable')
            expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
          }
          // A load balancer takes the node out; an orchestrator has no reason to restart it.
          expectProblem(await server.api('GET', '/api/health/ready'), 503, 'OTHER_ERROR')
          expect((await server.api('GET', '/api/health/live')).body).toEqual({ status: 'ok' })

          await cluster.start()
          await expect
            .poll(async () => (await server.api('GET', '/api/health')).status, {
              timeout: 20_000,
              interval: 100,
            })
            .toBe(200)
          expect((await register()).status).toBe(202)
          for (const call of calls) expect((await call()).status).toBe(200)
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
