import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import { HttpProblem } from './problem.ts'
import type { Handlers } from './typed-handlers.ts'

export function systemHandlers(db: Database, config: Config): Handlers {
  return {
    async getHealth() {
      try {
        await db.query('SELECT 1')
      } catch {
        throw new HttpProblem(503, 'The database does not answer.', { errorType: 'OTHER_ERROR' })
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
