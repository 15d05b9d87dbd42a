import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Config } from '../config.ts'
import type { Database } from './database.ts'
import { lockDataDir } from './data-dir-lock.ts'
import { openPgliteDatabase } from './pglite-database.ts'
import { openPostgresDatabase } from './postgres-database.ts'

/**
 * PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite with its files in DATA_DIR,
 * claimed by this process alone until the database is closed (data-dir-lock.ts).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  onPoolError: (error: Error) => void,
): Promise<Database> {
  if (config.databaseUrl)
    return openPostgresDatabase({ connectionString: config.databaseUrl, onPoolError })
  const dir = join(config.dataDir, 'pglite')
  await mkdir(dir, { recursive: true })
  const unlock = await lockDataDir(dir)
  try {
    const db = await openPgliteDatabase(dir)
    return {
      ...db,
      async close() {
        try {
          await db.close()
        } finally {
          await unlock()
        }
      },
    }
  } catch (error) {
    await unlock()
    throw error
  }
}
