import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../support/free-port'

const root = fileURLToPath(new URL('../../..', import.meta.url))

export interface DevServer {
  /** Vite's address: the SPA in React's development build, /api and /dev proxied to the server. */
  url: string
  output(): string
  stop(): Promise<void>
}

/**
 * `npm run dev` as a developer runs it (scripts/dev.ts: the API server under `tsx watch` and
 * Vite's dev server), on free loopback ports with PGlite in a fresh folder. It runs in a process
 * group of its own, so `stop` ends everything it started, however deep.
 */
export async function startDevServer(): Promise<DevServer> {
  const [webPort, apiPort] = await Promise.all([freePort(), freePort()])
  const dataDir = await mkdtemp(join(tmpdir(), 'exchange-dev-e2e-'))
  // A developer's shell: no NODE_ENV (Vitest sets `test`), so the scripts' own defaults apply.
  const { NODE_ENV: _nodeEnv, ...shell } = process.env
  let output = ''
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/dev.ts'], {
    cwd: root,
    env: {
      ...shell,
      PORT: String(webPort),
      API_PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve()
    })
  })
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))

  /** Signals the group this helper started; false once none of its processes is left. */
  const signalGroup = (signal: NodeJS.Signals | 0): boolean => {
    if (child.pid === undefined) return false
    try {
      process.kill(-child.pid, signal)
      return true
    } catch {
      return false
    }
  }
  const stopGroup = async () => {
    // dev.ts passes SIGTERM on to Vite and the server; the group catches anything they started.
    signalGroup('SIGTERM')
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))])
    const deadline = Date.now() + 5_000
    while (signalGroup(0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    signalGroup('SIGKILL')
    await rm(dataDir, { recursive: true, force: true })
  }

  const url = `http://localhost:${String(webPort)}`
  const deadline = Date.now() + 90_000
  // The server first (Vite's proxy would log every refused try), then the same call through Vite.
  for (const health of [`http://127.0.0.1:${String(apiPort)}/api/health`, `${url}/api/health`]) {
    for (;;) {
      if (child.exitCode !== null) {
        await stopGroup()
        throw new Error(`npm run dev exited early:\n${output}`)
      }
      try {
        const res = await fetch(health)
        if (res.ok) break
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await stopGroup()
        throw new Error(`npm run dev did not become healthy:\n${output}`)
      }
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  return { url, output: () => output, stop: stopGroup }
}
