/** Fresh, empty databases for one test server: a PGlite folder or a PostgreSQL database. */
import { randomBytes } from 'node:crypto'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'

export type Engine = 'pglite' | 'postgres'
const allEngines: readonly Engine[] = ['pglite', 'postgres']

/**
 * The engines that tests run on each engine use: both, unless SERVER_TEST_ENGINES names some
 * (comma-separated). CI's Node 22 leg runs them on PGlite only (decision 093): the engine whose
 * code depends on the Node runtime (WebAssembly, file system), where `pg` is plain JavaScript.
 */
export function enginesNamed(setting: string | undefined): readonly Engine[] {
  if (setting === undefined || setting.trim() === '') return allEngines
  const named = setting.split(',').map((name) => name.trim())
  const unknown = named.filter((name) => !allEngines.includes(name as Engine))
  if (unknown.length > 0 || named.length === 0)
    throw new Error(`SERVER_TEST_ENGINES names ${unknown.join(', ')}: use pglite, postgres or both`)
  return allEngines.filter((engine) => named.includes(engine))
}

export const engines: readonly Engine[] = enginesNamed(process.env.SERVER_TEST_ENGINES)

export interface FreshDatabase {
  /** DATA_DIR for the server (PGlite keeps its files in DATA_DIR/pglite). */
  dataDir: string
  /** DATABASE_URL for the postgres engine; undefined for PGlite. */
  databaseUrl: string | undefined
  /** Drops the database and removes the folder. */
  dispose(): Promise<void>
}

/** Runs one statement as the admin of the shared PostgreSQL. */
export async function adminQuery(
  sql: string,
  adminUrl = inject('postgresAdminUrl'),
): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl })
  client.on('error', () => undefined)
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export async function createFreshDatabase(engine: Engine): Promise<FreshDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), `server-test-${engine}-`))
  if (engine === 'pglite') {
    // A copy of the initdb'd template: the server still opens and migrates it like a new one.
    await cp(inject('pgliteTemplateDir'), join(dataDir, 'pglite'), { recursive: true })
    return {
      dataDir,
      databaseUrl: undefined,
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    }
  }
  const adminUrl = inject('postgresAdminUrl')
  const name = `t_${randomBytes(6).toString('hex')}`
  await adminQuery(`CREATE DATABASE ${name}`, adminUrl)
  return {
    dataDir,
    databaseUrl: withDatabase(adminUrl, name),
    async dispose() {
      // The closed server's connections may still be ending: wait for them rather than kill
      // them (which its pool would report), and force only as a last resort.
      for (let attempt = 0; ; attempt++) {
        const force = attempt >= 20 ? ' WITH (FORCE)' : ''
        const dropped = await adminQuery(`DROP DATABASE IF EXISTS ${name}${force}`, adminUrl).then(
          () => true,
          () => attempt >= 20,
        )
        if (dropped) break
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
