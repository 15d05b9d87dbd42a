/**
 * The real server (startServer) on a fresh database of either engine, with a movable clock and
 * an HTTP client whose every /api answer goes through the contract checker.
 */
import type { ReceiveTimeouts } from '../../../server/app.ts'
import type { AuthLimits } from '../../../server/auth/account-service.ts'
import { loadConfig, type Config } from '../../../server/config.ts'
import type { StoredMessage } from '../../../server/mail/outbox.ts'
import { startServer, type RunningServer } from '../../../server/server.ts'
import { checkResponse } from './contract.ts'
import { createFreshDatabase, type Engine } from './databases.ts'

export const testJwtSecret = 'test-secret-that-is-long-enough-0123456789'
/** Every node of a test shares it, as every node in production must (decision 105). */
export const testSecondFactorKey = 'test-second-factor-key-long-enough-0123456789'
export const testPublicUrl = 'http://exchange.test'

/** A body sent as-is: malformed JSON, other media types, or no content type at all. */
export class RawBody {
  constructor(
    readonly data: string | Uint8Array<ArrayBuffer>,
    readonly contentType?: string,
  ) {}
}

export interface ApiResponse {
  status: number
  headers: Headers
  /** Parsed JSON for JSON media types, else the text. */
  body: unknown
  text: string
}

export interface TestServerOverrides {
  /** Extra environment for loadConfig (LOG_LEVEL, ...). */
  env?: Record<string, string>
  limits?: AuthLimits
  spaDir?: string
  logStream?: { write(line: string): void }
  timeouts?: ReceiveTimeouts
}

export type Api = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<ApiResponse>

/** What the account helpers need of a server, in this process or a child. */
export interface HttpTarget {
  url: string
  api: Api
  /** GET /dev/mailbox/messages: every message of the outbox, newest first. */
  mailbox(): Promise<StoredMessage[]>
}

export interface TestServer extends HttpTarget {
  engine: Engine
  config: Config
  running: RunningServer
  /** Milliseconds added to the server's clock (the `now` option); tests move time with it. */
  clock: { offsetMs: number }
  stop(): Promise<void>
}

export async function fetchMailbox(baseUrl: string): Promise<StoredMessage[]> {
  const response = await fetch(`${baseUrl}/dev/mailbox/messages`)
  if (response.status !== 200) throw new Error(`mailbox answered ${response.status}`)
  return (await response.json()) as StoredMessage[]
}

/**
 * An HTTP client for a running server: JSON bodies by default, RawBody as-is; every answer of an
 * /api path goes through the contract checker, which throws on an answer the contract does not allow.
 */
export function apiClient(baseUrl: string): Api {
  return async (method, path, body, headers = {}) => {
    const init: RequestInit & { headers: Record<string, string> } = {
      method,
      headers: { ...headers },
    }
    if (body instanceof RawBody) {
      init.body = body.data
      if (body.contentType !== undefined) init.headers['content-type'] = body.contentType
    } else if (body !== undefined) {
      init.body = JSON.stringify(body)
      init.headers['content-type'] ??= 'application/json'
    }
    const response = await fetch(baseUrl + path, init)
    // An event stream stays open: its first block (sent at once) is enough to check.
    const text = response.headers.get('content-type')?.startsWith('text/event-stream')
      ? await firstBlockOf(response)
      : await response.text()
    const parsed = path.startsWith('/api/')
      ? checkResponse(method, path, response.status, response.headers, text)
      : text
    return { status: response.status, headers: response.headers, body: parsed, text }
  }
}

/** The start of a response that does not end by itself, up to its first blank line. */
export async function firstBlockOf(response: Response): Promise<string> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  try {
    while (!text.includes('\n\n')) {
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
    }
  } finally {
    await reader.cancel()
  }
  return text
}

export async function startTestServer(
  engine: Engine,
  overrides: TestServerOverrides = {},
): Promise<TestServer> {
  const database = await createFreshDatabase(engine)
  const config = loadConfig({
    NODE_ENV: 'test',
    PROVIDERS: 'sandbox',
    MAILBOX: '1',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    JWT_SECRET: testJwtSecret,
    SECOND_FACTOR_KEY: testSecondFactorKey,
    ACCESS_TOKEN_TTL: '900',
    PUBLIC_URL: testPublicUrl,
    LOG_LEVEL: 'warn',
    ...overrides.env,
  })
  const clock = { offsetMs: 0 }
  let running: RunningServer
  try {
    running = await startServer(config, {
      now: () => new Date(Date.now() + clock.offsetMs),
      ...(overrides.limits ? { limits: overrides.limits } : {}),
      ...(overrides.spaDir ? { spaDir: overrides.spaDir } : {}),
      ...(overrides.logStream ? { logStream: overrides.logStream } : {}),
      ...(overrides.timeouts ? { timeouts: overrides.timeouts } : {}),
    })
  } catch (error) {
    await database.dispose()
    throw error
  }
  const url = running.url
  return {
    engine,
    url,
    config,
    running,
    clock,
    api: apiClient(url),
    mailbox: () => fetchMailbox(url),
    async stop() {
      try {
        await running.stop()
      } finally {
        await database.dispose()
      }
    },
  }
}
