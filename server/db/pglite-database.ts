import { mkdir } from 'node:fs/promises'
import { PGlite, types } from '@electric-sql/pglite'
import type { Database, Queryable, Row } from './database.ts'

/** Embedded PostgreSQL (WASM) with its files in dataDir; `memory://` keeps it in memory. */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true })
  // numeric (money) comes back as the decimal string PostgreSQL wrote, never a JS number.
  const pg = await PGlite.create(dataDir, { parsers: { [types.NUMERIC]: (text: string) => text } })
  // Every query here is already planned per call: PGlite's query() sends its text with the values
  // as the unnamed statement each time (it keeps no named ones), so `plan: 'per-call'` asks
  // nothing more of it and run() takes no options.
  const run = async <T extends Row>(
    q: Pick<PGlite, 'query'>,
    sql: string,
    params?: readonly unknown[],
  ): Promise<T[]> => (await q.query<T>(sql, params ? [...params] : undefined)).rows

  return {
    engine: 'pglite',
    query: (sql, params) => run(pg, sql, params),
    exec: async (sql) => {
      await pg.exec(sql)
    },
    transaction: (fn) =>
      pg.transaction((tx) => {
        const scoped: Queryable = {
          query: (sql, params) => run(tx, sql, params),
          exec: async (sql) => {
            await tx.exec(sql)
          },
        }
        return fn(scoped)
      }),
    // One process holds the database: no connection to lose, so nothing ever needs a resync.
    listen: async (channel, onPayload) => {
      const unlisten = await pg.listen(channel, onPayload)
      return async () => {
        if (!pg.closed) await unlisten()
      }
    },
    close: () => pg.close(),
  }
}
