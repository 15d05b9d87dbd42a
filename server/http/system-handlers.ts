import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import { DatabaseUnavailable } from '../domain-errors.ts'
import type { Handlers } from './typed-handlers.ts'

export function systemHandlers(db: Database, config: Config): Handlers {
  return {
    async getHealth() {
      try {
        await db.query('SELECT 1')
      } catch (error) {
        // Whatever keeps the database from answering, health reports it as unavailable.
        if (error instanceof DatabaseUnavailable) throw error
        throw new DatabaseUnavailable((error as Error).message)
      }
      return { status: 200, body: { status: 'ok', database: 'ok' } }
    },
    getConfig() {
      return Promise.resolve({
        status: 200 as const,
        body: { providers: config.providers, ...config.site },
      })
    },
  }
}
