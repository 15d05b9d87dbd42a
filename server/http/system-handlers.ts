import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import { DatabaseUnavailable, NodeStopping } from '../domain-errors.ts'
import type { Handlers } from './typed-handlers.ts'

/**
 * Health for load balancers (decision 091): liveness never touches the database, so an outage
 * does not get healthy nodes restarted; readiness fails while the database does not answer and
 * once the node has begun to stop.
 */
export function systemHandlers(
  db: Database,
  config: Config,
  node: { stopping(): boolean },
): Handlers {
  async function readiness() {
    if (node.stopping()) throw new NodeStopping()
    try {
      await db.query('SELECT 1')
    } catch (error) {
      // Whatever keeps the database from answering, health reports it as unavailable.
      if (error instanceof DatabaseUnavailable) throw error
      throw new DatabaseUnavailable((error as Error).message)
    }
    return { status: 200 as const, body: { status: 'ok' as const, database: 'ok' as const } }
  }
  return {
    getHealth: readiness,
    getReadiness: readiness,
    getLiveness: () => Promise.resolve({ status: 200 as const, body: { status: 'ok' as const } }),
    getConfig() {
      return Promise.resolve({ status: 200 as const, body: clientConfigOf(config) })
    },
  }
}

/** GET /api/config's answer: the providers' mode and the site's public settings. */
export function clientConfigOf(config: Config) {
  return { providers: config.providers, ...config.site }
}
