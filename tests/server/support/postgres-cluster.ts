/**
 * A throw-away PostgreSQL cluster in a temp folder on a free loopback port, for the server tests
 * (the shared cluster of the global setup, the restart test's own cluster) and `npm run bench:api`.
 * Plain Node: no test-runner imports, so scripts can use it too.
 */
import { execFile } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export const missingBinariesMessage =
  'PostgreSQL server binaries not found: install them with `apt-get install -y postgresql` (or set TEST_DATABASE_URL)'

/** The newest /usr/lib/postgresql/<version>/bin holding initdb and pg_ctl, else the PATH's. */
export function findPostgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+(\.\d+)?$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : []
  const candidates = [
    ...versions.map((v) => join(root, v, 'bin')),
    ...(process.env.PATH ?? '').split(delimiter).filter(Boolean),
  ]
  return candidates.find(
    (dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')),
  )
}

/** A port the kernel just handed out on 127.0.0.1 (free at the time of asking). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => {
        resolve(port)
      })
    })
  })
}

export interface PostgresCluster {
  readonly dir: string
  readonly port: number
  /** Superuser `app` on the `postgres` database (trust authentication). */
  readonly adminUrl: string
  /** The URL of another database of this cluster. */
  databaseUrl(name: string): string
  start(): Promise<void>
  stop(mode?: 'smart' | 'fast' | 'immediate'): Promise<void>
  /** Stops the server if it runs and removes its folder. */
  destroy(): Promise<void>
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0

/** initdb and pg_ctl refuse to run as root: as root they run as the `postgres` user. */
async function asOwner(bin: string, args: string[]): Promise<string> {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]
  try {
    const { stdout } = await run(file, argv, {
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
      timeout: 90_000,
    })
    return stdout
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string }
    throw new Error(`${bin.split('/').pop() ?? bin} failed: ${stderr?.trim() || message}`)
  }
}

export interface ClusterOptions {
  /** fsync=off (the default) is much faster; a crash of a process needs no fsync anyway. */
  fsync?: boolean
}

/** initdb into a fresh temp folder, then start PostgreSQL on a free loopback port. */
export async function startPostgresCluster(options: ClusterOptions = {}): Promise<PostgresCluster> {
  const binDir = findPostgresBinDir()
  if (!binDir) throw new Error(missingBinariesMessage)
  const dir = await mkdtemp(join(tmpdir(), 'pg-test-'))
  if (isRoot) await chown(dir, ...(await postgresIds()))
  await asOwner(join(binDir, 'initdb'), [
    '-D',
    dir,
    '-U',
    'app',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C',
    '--no-sync',
  ])

  let port = 0
  const settings = () =>
    [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c max_connections=300',
      // Commits still reach the kernel (synchronous_commit stays on), so killing PostgreSQL or
      // the app loses nothing acknowledged; only a machine crash could.
      `-c fsync=${options.fsync ? 'on' : 'off'}`,
    ].join(' ')
  const pgCtl = (args: string[]) => asOwner(join(binDir, 'pg_ctl'), ['-D', dir, ...args])
  const start = () => pgCtl(['-o', settings(), '-l', join(dir, 'server.log'), '-w', 'start'])

  // The port is free when asked; another process may take it before PostgreSQL binds it: retry.
  for (let attempt = 1; ; attempt++) {
    port = await freePort()
    try {
      await start()
      break
    } catch (error) {
      if (attempt >= 3) {
        await rm(dir, { recursive: true, force: true })
        throw error
      }
    }
  }

  let running = true
  const url = (db: string) => `postgresql://app@127.0.0.1:${port}/${db}`
  return {
    dir,
    port,
    adminUrl: url('postgres'),
    databaseUrl: url,
    async start() {
      await start()
      running = true
    },
    async stop(mode = 'fast') {
      await pgCtl(['-m', mode, '-w', 'stop'])
      running = false
    },
    async destroy() {
      if (running) await pgCtl(['-m', 'immediate', '-w', 'stop']).catch(() => undefined)
      running = false
      await rm(dir, { recursive: true, force: true })
    },
  }
}

async function postgresIds(): Promise<[number, number]> {
  const { stdout: uid } = await run('id', ['-u', 'postgres'])
  const { stdout: gid } = await run('id', ['-g', 'postgres'])
  return [Number(uid.trim()), Number(gid.trim())]
}
