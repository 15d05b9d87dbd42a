/** A fresh database of either engine, opened and migrated, for tests below the HTTP server. */
import type { Database } from '../../../server/db/database.ts'
import { migrate } from '../../../server/db/migrate.ts'
import { openDatabase } from '../../../server/db/open-database.ts'
import { createFreshDatabase, type Engine } from './databases.ts'

export interface MigratedDatabase {
  db: Database
  /** Closes the database, then drops it and removes its folder. */
  dispose(): Promise<void>
}

export async function openMigratedDatabase(engine: Engine): Promise<MigratedDatabase> {
  const fresh = await createFreshDatabase(engine)
  let db: Database | undefined
  try {
    db = await openDatabase(fresh, () => undefined)
    await migrate(db)
  } catch (error) {
    await db?.close()
    await fresh.dispose()
    throw error
  }
  const opened = db
  return {
    db: opened,
    async dispose() {
      try {
        await opened.close()
      } finally {
        await fresh.dispose()
      }
    },
  }
}
