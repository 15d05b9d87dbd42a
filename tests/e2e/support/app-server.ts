import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../support/free-port'

const root = fileURLToPath(new URL('../../..', import.meta.url))

export interface AppServer {
  url: string
  dataDir: string
  /** The server's own settings (not the inherited environment), for a command line beside it. */
  settings: Record<string, string>
  output(): string
  /** Stops the server, keeping DATA_DIR. */
  halt(): Promise<void>
  stop(): Promise<void>
}

/**
 * The real server with the built SPA, PGlite in a fresh folder, on a free port: its TypeScript
 * through tsx, so a test runs the server as it is now; `compiled: true` runs what production runs
 * instead, `node dist-server/server/main.js` (built by scripts/build-server.ts), where no
 * development dependency can load (support/production-only.mjs). It listens on 127.0.0.1;
 * `hostName: 'localhost'` makes its public URL http://localhost:<port>, which passkeys need (a
 * WebAuthn relying party is a host name, never an IP address).
 */
export async function startAppServer(
  env: Record<string, string> = {},
  options: { hostName?: 'localhost' | '127.0.0.1'; compiled?: boolean } = {},
): Promise<AppServer> {
  const port = await freePort()
  const dataDir = await mkdtemp(join(tmpdir(), 'exchange-e2e-'))
  const url = `http://${options.hostName ?? '127.0.0.1'}:${port}`
  let output = ''
  const args = options.compiled
    ? ['--import', './tests/e2e/support/production-only.mjs', 'dist-server/server/main.js']
    : ['--import', 'tsx', 'server/main.ts']
  const settings: Record<string, string> = {
    NODE_ENV: 'test',
    PROVIDERS: 'sandbox',
    MAILBOX: '1',
    FLOWS_VIEWER: '1',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256',
    SECOND_FACTOR_KEY: 'e2e-second-factor-key-long-enough-0123456789',
    LOG_LEVEL: 'warn',
    ...env,
  }
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...settings },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))

  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }

  /** Stops the server and keeps its data folder (a test may then read the database). */
  async function halt() {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    }
  }

  return {
    url,
    dataDir,
    settings,
    output: () => output,
    halt,
    async stop() {
      await halt()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
