/**
 * The one storage interface the server uses: PostgreSQL-dialect SQL with positional parameters,
 * served either by embedded PGlite or by a real PostgreSQL pool (see open-database.ts).
 */
export type Row = Record<string, unknown>

export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres'
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}
