import { join } from 'node:path'
import type { Config } from '../config.ts'
import type { Database } from './database.ts'
import { openPgliteDatabase } from './pglite-database.ts'
import { openPostgresDatabase } from './postgres-database.ts'

/** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite with its files in DATA_DIR. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  onPoolError: (error: Error) => void,
): Promise<Database> {
  if (config.databaseUrl)
    return openPostgresDatabase({ connectionString: config.databaseUrl, onPoolError })
  return openPgliteDatabase(join(config.dataDir, 'pglite'))
}
