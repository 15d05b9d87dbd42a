import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import { createAccessTokens, loadSigningKey } from './auth/access-tokens.ts'
import { createAccountService, type AuthLimits } from './auth/account-service.ts'
import type { Config } from './config.ts'
import type { Database } from './db/database.ts'
import { openDatabase } from './db/open-database.ts'
import { migrate } from './db/migrate.ts'
import { startMailDelivery } from './mail/delivery.ts'
import { createProfileService } from './users/profile-service.ts'

export interface RunningServer {
  app: FastifyInstance
  db: Database
  url: string
  stop(): Promise<void>
}

/** Opens the database, migrates it, wires the services and listens: the whole server. */
export async function startServer(
  config: Config,
  options: {
    spaDir?: string
    limits?: AuthLimits
    now?: () => Date
    /** Where the log goes instead of stdout (tests read it). */
    logStream?: { write(line: string): void }
  } = {},
): Promise<RunningServer> {
  const now = options.now ?? (() => new Date())
  const db = await openDatabase(config, (error) => {
    console.error(`PostgreSQL pool: ${error.message}`)
  })
  await migrate(db)
  const accessTokens = createAccessTokens(
    await loadSigningKey(config),
    config.publicUrl,
    config.accessTokenTtlSeconds,
  )
  let mailQueued = () => {}
  const accounts = createAccountService({
    db,
    tokens: accessTokens,
    publicUrl: config.publicUrl,
    now,
    mailQueued: () => {
      mailQueued()
    },
    ...(options.limits ? { limits: options.limits } : {}),
  })
  const app = await buildApp({
    config,
    db,
    accessTokens,
    accounts,
    profiles: createProfileService(db, now),
    ...(options.spaDir ? { spaDir: options.spaDir } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  })
  const delivery = startMailDelivery(config, db, app.log)
  mailQueued = () => {
    delivery.queued()
  }
  const address = await app.listen({ host: config.host, port: config.port })
  return {
    app,
    db,
    url: address,
    async stop() {
      await app.close()
      await delivery.stop()
      await db.close()
    },
  }
}
