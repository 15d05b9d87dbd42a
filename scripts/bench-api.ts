/**
 * `npm run bench:api`: throughput and CPU figures of the API server against its goals.
 *
 * Starts a throw-away PostgreSQL, runs the real server (server/main.ts) on it in a child process
 * and a bare Fastify hello-world in another, so the load generator (autocannon, in this process)
 * never shares an event loop with what it measures. Each figure is the median of 3 rounds.
 *
 * The goals of issue 16 (docs/decisions/098-api-hot-path.md), each beside its reference from the
 * same run:
 * - profile GET req/s vs hello-world req/s (goal ≥ 0.35)
 * - server CPU per profile GET (process.cpuUsage() inside the server process over sequential
 *   requests; goal ≤ 250 µs), beside hello-world's CPU per request measured the same way
 * - login req/s at 8 connections vs raw argon2id verify/s with 8 in flight (goal ≥ 0.85)
 * Without a goal:
 * - server CPU per refresh
 * - login and profile GET req/s with two API nodes on the same PostgreSQL (same secret and config,
 *   the load split over both: one autocannon per node with half the connections, rates summed)
 *   beside the one-node figures. On a machine with few cores the two nodes, the database and the
 *   load generator share them, so the ratio two/one shows what coordinating through shared
 *   PostgreSQL state costs, not the speed-up more machines would give. No goal is attached.
 *
 * BENCH_CPU_PROF=<dir> runs the first API node under `node --cpu-prof`, its profile written to
 * <dir> when it stops (open it in Chrome's DevTools, or read its self times).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { hash, verify } from '@node-rs/argon2'
import pg from 'pg'
import { argon2Options } from '../server/auth/passwords.ts'
import { freePort, startPostgresCluster } from '../tests/server/support/postgres-cluster.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const roundSeconds = Number(process.env.BENCH_SECONDS ?? 5)
const rounds = 3
const connections = 10
const loginConnections = 8
const cpuRequests = 300
/** Strong enough for registration's strength rule (decision 081), and not the e-mail's local part. */
const benchPassword = 'Lantern-Orchard-Tulip-58'

interface AutocannonResult {
  requests: { average: number }
  errors: number
  timeouts: number
  non2xx: number
  /** Answers per status code ('200': { count }). */
  statusCodeStats?: Record<string, { count: number }>
}
type Autocannon = (options: {
  url: string
  connections: number
  duration: number
  method?: string
  headers?: Record<string, string>
  body?: string
  /** Each request may be rewritten before it is sent (autocannon's setupRequest). */
  requests?: { setupRequest: (request: { body?: string }) => { body?: string } }[]
}) => Promise<AutocannonResult>
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** A child process that prints `ready` once listening; with IPC for CPU readings. */
async function startChild(
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; output: () => string }> {
  const args = [...nodeArgs, '--import', 'tsx', '--input-type=module', '-e', script]
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  let output = ''
  child.stdout?.setEncoding('utf8').on('data', (c: string) => (output += c))
  child.stderr?.setEncoding('utf8').on('data', (c: string) => (output += c))
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Server listening') || output.includes('hello-world listening')) {
        clearInterval(timer)
        resolve()
      } else if (child.exitCode !== null) {
        clearInterval(timer)
        reject(new Error(`child exited:\n${output}`))
      }
    }, 20)
  })
  return { child, output: () => output }
}

/** The server's own process.cpuUsage(), asked over IPC (user + system, microseconds). */
function serverCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (usage: { user: number; system: number }) => {
      resolve(usage.user + usage.system)
    })
    child.send('cpu')
  })
}

async function load(
  name: string,
  options: Omit<Parameters<Autocannon>[0], 'duration'>,
): Promise<{ median: number; rounds: number[] }> {
  const results: number[] = []
  for (let i = 0; i < rounds; i++) {
    const result = await autocannon({ ...options, duration: roundSeconds })
    if (result.errors > 0 || result.non2xx > 0)
      throw new Error(
        `${name}: ${result.errors} errors, ${result.non2xx} non-2xx answers (${statusesOf(result)})`,
      )
    results.push(result.requests.average)
    process.stdout.write(`  ${name} round ${i + 1}: ${result.requests.average.toFixed(0)} req/s\n`)
  }
  return { median: median(results), rounds: results }
}

/** A run's answers by status, for the message of a run that got some it should not have. */
const statusesOf = (result: AutocannonResult) =>
  Object.entries(result.statusCodeStats ?? {})
    .map(([status, { count }]) => `${status} × ${String(count)}`)
    .join(', ')

/**
 * Like load(), with one autocannon per target running at the same time (each target's options name
 * its own node and connections); a round's rate is the sum of the targets' rates.
 */
async function loadSpread(
  name: string,
  targets: Omit<Parameters<Autocannon>[0], 'duration'>[],
): Promise<{ median: number; rounds: number[] }> {
  const results: number[] = []
  for (let i = 0; i < rounds; i++) {
    const parts = await Promise.all(
      targets.map((options) => autocannon({ ...options, duration: roundSeconds })),
    )
    const errors = parts.reduce((sum, r) => sum + r.errors, 0)
    const non2xx = parts.reduce((sum, r) => sum + r.non2xx, 0)
    if (errors > 0 || non2xx > 0)
      throw new Error(
        `${name}: ${errors} errors, ${non2xx} non-2xx answers (${parts.map(statusesOf).join('; ')})`,
      )
    const rates = parts.map((r) => r.requests.average)
    const total = rates.reduce((sum, rate) => sum + rate, 0)
    results.push(total)
    process.stdout.write(
      `  ${name} round ${i + 1}: ${total.toFixed(0)} req/s (${rates.map((r) => r.toFixed(0)).join(' + ')})\n`,
    )
  }
  return { median: median(results), rounds: results }
}

/** verify() calls completed per second with `inFlight` always pending, for `seconds`. */
async function argon2Rate(
  passwordHash: string,
  inFlight: number,
  seconds: number,
): Promise<number> {
  const end = Date.now() + seconds * 1000
  let done = 0
  const lane = async () => {
    while (Date.now() < end) {
      if (!(await verify(passwordHash, benchPassword))) throw new Error('verify failed')
      done++
    }
  }
  const started = Date.now()
  await Promise.all(Array.from({ length: inFlight }, lane))
  return done / ((Date.now() - started) / 1000)
}

async function json(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined }
}

async function main(): Promise<void> {
  console.log(`bench:api — ${rounds} rounds of ${roundSeconds} s each, median shown\n`)
  const cluster = await startPostgresCluster()
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-api-'))
  const children: ChildProcess[] = []
  try {
    const admin = new pg.Client({ connectionString: cluster.adminUrl })
    await admin.connect()
    await admin.query('CREATE DATABASE bench')
    await admin.end()

    const apiPort = await freePort()
    const serverScript = `process.on('message', () => process.send(process.cpuUsage())); await import('./server/main.ts')`
    /** Every node's environment but its port: one database, one signing secret, one public URL. */
    const nodeEnv = {
      NODE_ENV: 'test',
      PROVIDERS: 'sandbox',
      // The verification link is read from the local mailbox (decision 043: only when named).
      MAILBOX: '1',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.databaseUrl('bench'),
      JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      SECOND_FACTOR_KEY: 'bench-second-factor-key-long-enough-0123456789',
      PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
    }
    const cpuProfileDir = process.env.BENCH_CPU_PROF
    const server = await startChild(
      serverScript,
      { ...nodeEnv, PORT: String(apiPort) },
      cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [],
    )
    children.push(server.child)
    const helloPort = await freePort()
    const hello = await startChild(
      `import Fastify from 'fastify'
       process.on('message', () => process.send(process.cpuUsage()))
       const app = Fastify()
       app.get('/', async () => ({ hello: 'world' }))
       await app.listen({ host: '127.0.0.1', port: ${helloPort} })
       console.log('hello-world listening')`,
      {},
    )
    children.push(hello.child)
    const api = `http://127.0.0.1:${apiPort}`

    // One verified customer per login connection: a login's attempt is reserved while its
    // password is checked (decision 040), so 8 parallel logins to one account from one IP would
    // meet the 5-per-account-and-IP limit; the bench measures throughput, not that limit.
    const password = benchPassword
    const accounts = Array.from({ length: loginConnections }, (_, i) =>
      JSON.stringify({ email: `bench${String(i)}@example.com`, password }),
    )
    for (const body of accounts) {
      if ((await json(`${api}/api/auth/register`, { method: 'POST', body })).status !== 202)
        throw new Error('register failed')
      const mailbox = (await json(`${api}/dev/mailbox/messages`)).body as { text: string }[]
      const token = /\/app\/verify-email\/([\w-]+)/.exec(mailbox[0]?.text ?? '')?.[1] ?? ''
      if ((await json(`${api}/api/auth/verify-email?token=${token}`)).status !== 200)
        throw new Error('verify failed')
    }
    const credentials = accounts[0] ?? ''
    const login = async () => {
      const answer = await json(`${api}/api/auth/login`, { method: 'POST', body: credentials })
      if (answer.status !== 200) throw new Error(`login answered ${answer.status}`)
      return answer.body as { accessToken: string; refreshToken: string }
    }
    const { accessToken } = await login()
    const auth = { authorization: `Bearer ${accessToken}` }

    console.log('throughput')
    const helloRate = await load('hello-world', {
      url: `http://127.0.0.1:${helloPort}/`,
      connections,
    })
    const profileRate = await load('profile GET', {
      url: `${api}/api/users/profile`,
      connections,
      headers: auth,
    })
    /** Logins at `base`, each request with the next of `bodies` (as many as connections). */
    const loginLoad = (base: string, bodies: string[]) => {
      let next = 0
      return {
        url: `${base}/api/auth/login`,
        connections: bodies.length,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request: { body?: string }) => ({
              ...request,
              body: bodies[next++ % bodies.length],
            }),
          },
        ],
      }
    }
    const loginRate = await load('login', loginLoad(api, accounts))

    console.log('argon2id verify, server parameters, 8 in flight')
    const passwordHash = await hash(password, argon2Options)
    const rawRates: number[] = []
    for (let i = 0; i < rounds; i++) {
      rawRates.push(await argon2Rate(passwordHash, loginConnections, roundSeconds))
      process.stdout.write(`  verify round ${i + 1}: ${(rawRates[i] ?? 0).toFixed(1)} /s\n`)
    }
    const rawRate = median(rawRates)

    console.log(`server CPU per request (${cpuRequests} sequential requests)`)
    const refreshCpu: number[] = []
    const profileCpu: number[] = []
    const helloCpu: number[] = []
    for (let i = 0; i < rounds; i++) {
      const helloBefore = await serverCpu(hello.child)
      for (let n = 0; n < cpuRequests; n++) {
        const answer = await fetch(`http://127.0.0.1:${helloPort}/`)
        if (answer.status !== 200) throw new Error(`hello-world answered ${answer.status}`)
        await answer.text()
      }
      helloCpu.push(((await serverCpu(hello.child)) - helloBefore) / cpuRequests)
      let { refreshToken } = await login()
      let before = await serverCpu(server.child)
      for (let n = 0; n < cpuRequests; n++) {
        const answer = await json(`${api}/api/auth/refresh-token`, {
          method: 'POST',
          body: JSON.stringify({ refreshToken }),
        })
        if (answer.status !== 200) throw new Error(`refresh answered ${answer.status}`)
        refreshToken = (answer.body as { refreshToken: string }).refreshToken
      }
      refreshCpu.push(((await serverCpu(server.child)) - before) / cpuRequests)
      before = await serverCpu(server.child)
      for (let n = 0; n < cpuRequests; n++) {
        const answer = await json(`${api}/api/users/profile`, { headers: auth })
        if (answer.status !== 200) throw new Error(`profile answered ${answer.status}`)
      }
      profileCpu.push(((await serverCpu(server.child)) - before) / cpuRequests)
      process.stdout.write(
        `  round ${i + 1}: hello-world ${(helloCpu[i] ?? 0).toFixed(0)} µs, refresh ${(refreshCpu[i] ?? 0).toFixed(0)} µs, profile ${(profileCpu[i] ?? 0).toFixed(0)} µs\n`,
      )
    }

    // A second node on the same database, started only now so that it sits idle during none of the
    // one-node figures above. Each node gets half the connections; the login accounts are split
    // too, so one account still has about one login in flight (the attempt limit is shared state).
    const api2Port = await freePort()
    const server2 = await startChild(serverScript, { ...nodeEnv, PORT: String(api2Port) })
    children.push(server2.child)
    const api2 = `http://127.0.0.1:${api2Port}`
    const half = Math.ceil(loginConnections / 2)
    console.log('two API nodes, one PostgreSQL (load split over both, rates summed)')
    const profileRate2 = await loadSpread('profile GET', [
      { url: `${api}/api/users/profile`, connections: connections / 2, headers: auth },
      { url: `${api2}/api/users/profile`, connections: connections / 2, headers: auth },
    ])
    const loginRate2 = await loadSpread('login', [
      loginLoad(api, accounts.slice(0, half)),
      loginLoad(api2, accounts.slice(half)),
    ])

    const profileRatio = profileRate.median / helloRate.median
    const loginRatio = loginRate.median / rawRate
    const cpuProfile = median(profileCpu)
    const goal = (met: boolean) => (met ? 'met' : 'NOT met')
    // The table: each figure, its reference from this run, the goal and whether it is met.
    const goals: string[][] = [
      [
        'GET /api/users/profile',
        `${profileRate.median.toFixed(0)} req/s`,
        `hello-world ${helloRate.median.toFixed(0)} req/s`,
        profileRatio.toFixed(2),
        '≥ 0.35',
        goal(profileRatio >= 0.35),
      ],
      [
        'server CPU per profile GET',
        `${cpuProfile.toFixed(0)} µs`,
        `hello-world ${median(helloCpu).toFixed(0)} µs`,
        `${(cpuProfile / median(helloCpu)).toFixed(1)}×`,
        '≤ 250 µs',
        goal(cpuProfile <= 250),
      ],
      [
        'POST /api/auth/login (8 conn.)',
        `${loginRate.median.toFixed(1)} req/s`,
        `argon2id verify ${rawRate.toFixed(1)} /s`,
        loginRatio.toFixed(2),
        '≥ 0.85',
        goal(loginRatio >= 0.85),
      ],
    ]
    const other: string[][] = [
      ['server CPU per refresh', `${median(refreshCpu).toFixed(0)} µs`, '', '', '', ''],
      [
        'profile GET, 2 nodes (5+5 conn.)',
        `${profileRate2.median.toFixed(0)} req/s`,
        '1 node',
        (profileRate2.median / profileRate.median).toFixed(2),
        '',
        '',
      ],
      [
        'login, 2 nodes (4+4 conn.)',
        `${loginRate2.median.toFixed(1)} req/s`,
        '1 node',
        (loginRate2.median / loginRate.median).toFixed(2),
        '',
        '',
      ],
    ]
    const header = ['metric', 'value', 'reference (same run)', 'ratio', 'goal', 'result']
    const widths = header.map((title, c) =>
      Math.max(title.length, ...[...goals, ...other].map((r) => r[c]?.length ?? 0)),
    )
    const line = (r: string[]) =>
      r
        .map((cell, c) => cell.padEnd(widths[c] ?? 0))
        .join('  ')
        .trimEnd()
    console.log(`\n${line(header)}`)
    for (const row of goals) console.log(line(row))
    console.log('')
    for (const row of other) console.log(line(row))
    const unmet = goals.filter((r) => r[5] === 'NOT met').length
    console.log(`\ngoals: ${String(goals.length - unmet)} of ${String(goals.length)} met`)
    console.log(
      `\ntwo nodes: both API processes, PostgreSQL and the load generator share this machine's ${String(availableParallelism())} cores,\n` +
        'so 2 nodes / 1 node shows what coordinating through shared PostgreSQL state costs (no goal),\n' +
        'not the speed-up a second machine would bring.',
    )
  } finally {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) resolve(undefined)
            child.once('exit', resolve)
            child.kill('SIGTERM')
          }),
      ),
    )
    await cluster.destroy()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
