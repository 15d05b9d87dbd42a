import pg from 'pg'
import type { Database, Queryable, Row } from './database.ts'

export interface PostgresOptions {
  connectionString: string
  max?: number
  onPoolError?: (error: Error) => void
}

/** numeric (money) as the decimal string PostgreSQL wrote (node-postgres's default, made explicit). */
const NUMERIC_OID = 1700
const builtinParser = pg.types.getTypeParser as (oid: number, format?: string) => unknown
const moneyAsText = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === NUMERIC_OID
      ? (text: string) => text
      : builtinParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
}

/** A real PostgreSQL behind a pool; survives a server restart because idle clients that die are dropped. */
export function openPostgresDatabase(options: PostgresOptions): Database {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    types: moneyAsText,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  })
  // Without this listener an idle client's error (e.g. PostgreSQL restarting) crashes the process.
  pool.on('error', (error) => options.onPoolError?.(error))

  const run = async <T extends Row>(
    client: Pick<pg.PoolClient, 'query'> | pg.Pool,
    sql: string,
    params?: readonly unknown[],
  ): Promise<T[]> => (await client.query<T>(sql, params ? [...params] : undefined)).rows

  return {
    engine: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    exec: async (sql) => {
      await pool.query(sql)
    },
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const scoped: Queryable = {
          query: (sql, params) => run(client, sql, params),
          exec: async (sql) => {
            await client.query(sql)
          },
        }
        const result = await fn(scoped)
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
