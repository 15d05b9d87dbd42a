/**
 * The real server with the built SPA in the test's own process, on a fresh PGlite, so the test can
 * move its clock (`clock.offsetMs`, the `now` option) and read its database. Its public URL is
 * http://localhost:<port> (passkeys need a host name); it listens on 127.0.0.1.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadConfig } from '../../../server/config.ts'
import { startServer } from '../../../server/server.ts'
import {
  apiClient,
  fetchMailbox,
  testJwtSecret,
  testSecondFactorKey,
  type TestServer,
} from '../../server/support/test-server.ts'
import { freePort } from '../../support/free-port'

const root = fileURLToPath(new URL('../../..', import.meta.url))

export async function startInProcessServer(env: Record<string, string> = {}): Promise<TestServer> {
  const port = await freePort()
  const dataDir = await mkdtemp(join(tmpdir(), 'exchange-e2e-in-process-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    PROVIDERS: 'sandbox',
    MAILBOX: '1',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${String(port)}`,
    DATA_DIR: dataDir,
    JWT_SECRET: testJwtSecret,
    SECOND_FACTOR_KEY: testSecondFactorKey,
    ACCESS_TOKEN_TTL: '900',
    LOG_LEVEL: 'warn',
    ...env,
  })
  const clock = { offsetMs: 0 }
  const running = await startServer(config, {
    now: () => new Date(Date.now() + clock.offsetMs),
    spaDir: join(root, 'dist'),
  })
  return {
    engine: 'pglite',
    url: running.url,
    config,
    running,
    clock,
    api: apiClient(running.url),
    mailbox: () => fetchMailbox(running.url),
    async stop() {
      try {
        await running.stop()
      } finally {
        await rm(dataDir, { recursive: true, force: true })
      }
    },
  }
}
