import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import type { Database } from './database.ts'

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url))

/**
 * Applies the versioned SQL files in migrations/ in name order, each once, each in its own
 * transaction. An advisory lock keeps two servers starting together on one PostgreSQL from racing.
 */
export async function migrate(db: Database): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort()
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(7428310)')
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    )
    const done = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map(
        (r) => r.version,
      ),
    )
    const applied: string[] = []
    for (const file of files) {
      if (done.has(file)) continue
      const sql = await readFile(migrationsDir + file, 'utf8')
      await tx.exec(sql)
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file])
      applied.push(file)
    }
    return applied
  })
}
