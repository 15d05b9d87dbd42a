/**
 * The one storage interface the server uses: PostgreSQL-dialect SQL with positional parameters,
 * served either by embedded PGlite or by a real PostgreSQL pool (see open-database.ts).
 */
export type Row = Record<string, unknown>

/**
 * How a query is planned. `cached` (the default): a named prepared statement on PostgreSQL, parsed
 * and planned once per connection, which after five runs may keep a generic plan made without the
 * values (decision 098). `per-call`: an unnamed statement, sent with its values in one round trip
 * and planned for them each time, for a query whose best plan depends on its values (decision 111).
 */
export interface QueryOptions {
  plan?: 'cached' | 'per-call'
}

export interface Queryable {
  query<T extends Row = Row>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<T[]>
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres'
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * LISTENs on `channel`: `onPayload` gets each NOTIFY's payload, committed on any connection (any
   * API node). Resolves once the LISTEN is in force, so what commits afterwards is heard; answers
   * the unsubscribe. Notifications sent while the listening connection was lost are gone for good:
   * `onResync` is called once it listens again, so the subscriber re-reads what it may have
   * missed from the tables (never trust a notification to arrive).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResync?: () => void,
  ): Promise<() => Promise<void>>
  close(): Promise<void>
}
