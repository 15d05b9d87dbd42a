import pg from 'pg'
import { DatabaseUnavailable } from '../domain-errors.ts'
import type { Database, Queryable, QueryOptions, Row } from './database.ts'
import { createPostgresListener, type ListenerDelays } from './postgres-listener.ts'

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
])
// SQLSTATE: admin/crash shutdown, cannot connect now (starting or stopping), too many connections.
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300'])
const lostConnection =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/

/**
 * Why a failure means "PostgreSQL cannot be reached right now" (a retry may work), or undefined
 * for every other failure (a bug or a constraint, which stays a 500).
 */
export function connectionFailure(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (networkCodes.has(code) || unavailableStates.has(code)))
    return code
  // SQLSTATE class 08: connection exception.
  if (typeof code === 'string' && /^08[0-9A-Z]{3}$/.test(code)) return code
  if (lostConnection.test(error.message)) return error.message
  return undefined
}

/** Rethrows a connection failure as DatabaseUnavailable (answered 503), anything else as it is. */
function unavailable(error: unknown): never {
  if (error instanceof DatabaseUnavailable) throw error
  const reason = connectionFailure(error)
  throw reason === undefined ? error : new DatabaseUnavailable(reason)
}

export interface PostgresOptions {
  connectionString: string
  max?: number
  onPoolError?: (error: Error) => void
  /** The LISTEN connection's reconnection waits (tests shorten them). */
  listenerDelays?: ListenerDelays
}

/**
 * numeric (money) as the decimal string PostgreSQL wrote (node-postgres's default, made explicit).
 * Also the least-work reference of `npm run bench:api` (scripts/bench-api-reference.ts) reads with it.
 */
const NUMERIC_OID = 1700
const builtinParser = pg.types.getTypeParser as (oid: number, format?: string) => unknown
export const moneyAsText = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === NUMERIC_OID
      ? (text: string) => text
      : builtinParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
}

/**
 * Every query runs as a named prepared statement, one name per SQL text: each connection parses
 * and plans a text once and then only binds and executes it (docs/decisions/098-api-hot-path.md).
 * The server's SQL texts are literals in the code, a few hundred at most; should texts ever be
 * built per call, the names stop at this many and further texts run unnamed as before, so neither
 * this map nor a connection's statements grow without bound. A query asked to be planned per call
 * (`{ plan: 'per-call' }`) runs unnamed: node-postgres sends Parse, Bind and Execute of the unnamed
 * statement with its values in one round trip, and PostgreSQL plans it for those values.
 */
const maxNamedStatements = 1000
const statements = new Map<string, pg.QueryConfig>()
/**
 * The query config of a text, made once. node-postgres copies a config's own properties on every
 * call (Object.getOwnPropertyDescriptors, about 5 µs), so text and name sit on its prototype.
 */
function statement(sql: string): pg.QueryConfig | string {
  let config = statements.get(sql)
  if (config === undefined) {
    if (statements.size >= maxNamedStatements) return sql
    config = Object.create({ text: sql, name: `s${String(statements.size)}` }) as pg.QueryConfig
    statements.set(sql, config)
  }
  return config
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
  const listener = createPostgresListener({
    connectionString: options.connectionString,
    ...(options.listenerDelays ? { delays: options.listenerDelays } : {}),
    onError: (error) => options.onPoolError?.(new Error(`LISTEN connection: ${error.message}`)),
  })

  const run = async <T extends Row>(
    client: Pick<pg.PoolClient, 'query'> | pg.Pool,
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<T[]> => {
    const query = options?.plan === 'per-call' ? sql : statement(sql)
    const values = params ? [...params] : undefined
    const result =
      typeof query === 'string'
        ? await client.query<T>(query, values).catch(unavailable)
        : await client.query<T>(query, values).catch(unavailable)
    return result.rows
  }

  return {
    engine: 'postgres',
    query: (sql, params, options) => run(pool, sql, params, options),
    exec: async (sql) => {
      await pool.query(sql).catch(unavailable)
    },
    async transaction(fn) {
      const client = await pool.connect().catch(unavailable)
      try {
        await client.query('BEGIN').catch(unavailable)
        const scoped: Queryable = {
          query: (sql, params, options) => run(client, sql, params, options),
          exec: async (sql) => {
            await client.query(sql).catch(unavailable)
          },
        }
        const result = await fn(scoped)
        await client.query('COMMIT').catch(unavailable)
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    listen: (channel, onPayload, onResync) =>
      listener.listen(channel, onPayload, onResync).catch(unavailable),
    async close() {
      await listener.close()
      await pool.end()
    },
  }
}
