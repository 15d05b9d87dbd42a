/**
 * The server as its own process (`node --import tsx server/main.ts`), as it runs in production:
 * for the tests that kill it or pull its database away.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { freePort } from './postgres-cluster.ts'
import {
  apiClient,
  fetchMailbox,
  testJwtSecret,
  testSecondFactorKey,
  testPublicUrl,
  type HttpTarget,
} from './test-server.ts'

const root = fileURLToPath(new URL('../../..', import.meta.url))

export interface ChildServer extends HttpTarget {
  port: number
  child: ChildProcess
  /** Everything it printed so far (stdout and stderr). */
  output(): string
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>
  /** SIGTERM, then wait for the exit; answers the exit code. */
  stop(): Promise<number | string>
}

export async function spawnServer(
  database: { dataDir: string; databaseUrl: string | undefined },
  env: Record<string, string> = {},
): Promise<ChildServer> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PROVIDERS: 'sandbox',
      MAILBOX: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: testPublicUrl,
      JWT_SECRET: testJwtSecret,
      SECOND_FACTOR_KEY: testSecondFactorKey,
      LOG_LEVEL: 'warn',
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      ...env,
    },
  })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve(code ?? signal ?? 'unknown')
    })
  })

  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`the server did not start within 60 s:\n${output}`))
    }, 60_000)
    const check = () => {
      if (output.includes('Server listening')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout.on('data', check)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`the server exited (${code}) before listening:\n${output}`))
    })
  })
  try {
    await ready
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }

  const url = `http://127.0.0.1:${port}`
  return {
    url,
    port,
    child,
    output: () => output,
    exited,
    api: apiClient(url),
    mailbox: () => fetchMailbox(url),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      return exited
    },
  }
}
