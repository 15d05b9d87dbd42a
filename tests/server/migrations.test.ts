/** Migrations apply once: a second run (or a concurrent one on PostgreSQL) applies nothing. */
import { readdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { migrate } from '../../server/db/migrate.ts'
import { openDatabase } from '../../server/db/open-database.ts'
import { createFreshDatabase, engines } from './support/databases.ts'

const migrationFiles = async () =>
  (await readdir(fileURLToPath(new URL('../../server/db/migrations/', import.meta.url))))
    .filter((f) => f.endsWith('.sql'))
    .sort()

describe.each(engines)('migrations on %s', (engine) => {
  it('are idempotent', async () => {
    const fresh = await createFreshDatabase(engine)
    const poolErrors: Error[] = []
    const open = () =>
      openDatabase(fresh, (error) => {
        poolErrors.push(error)
      })
    try {
      const db = await open()
      try {
        const files = await migrationFiles()
        expect(files.length).toBeGreaterThan(0)
        expect(await migrate(db)).toEqual(files)
        expect(await migrate(db)).toEqual([])
        const rows = await db.query<{ version: string }>(
          'SELECT version FROM schema_migrations ORDER BY version',
        )
        expect(rows.map((r) => r.version)).toEqual(files)
      } finally {
        await db.close()
      }

      // Reopened, still nothing to do; on PostgreSQL two servers starting together do not race.
      const [a, b] = await Promise.all([open(), engine === 'postgres' ? open() : undefined])
      try {
        const runs = await Promise.all([migrate(a), b ? migrate(b) : Promise.resolve([])])
        expect(runs).toEqual([[], []])
      } finally {
        await a.close()
        await b?.close()
      }
      expect(poolErrors).toEqual([])
    } finally {
      await fresh.dispose()
    }
  })
})

describe('migrations on postgres', () => {
  it('let two servers migrate a new database at once', async () => {
    const fresh = await createFreshDatabase('postgres')
    try {
      const [a, b] = await Promise.all([
        openDatabase(fresh, () => undefined),
        openDatabase(fresh, () => undefined),
      ])
      try {
        const runs = await Promise.all([migrate(a), migrate(b)])
        const files = await migrationFiles()
        expect(runs.flat().sort()).toEqual(files)
      } finally {
        await a.close()
        await b.close()
      }
    } finally {
      await fresh.dispose()
    }
  })
})
