import type { FastifyInstance } from 'fastify'
import { buildApp, type ReceiveTimeouts } from './app.ts'
import { createAccessTokens, loadSigningKey } from './auth/access-tokens.ts'
import { createAccountService, type AuthLimits } from './auth/account-service.ts'
import { createSecondFactors } from './auth/second-factor/second-factors.ts'
import { loadFactorKeys } from './auth/second-factor/factor-keys.ts'
import { keyLegacyRecoveryCodes } from './auth/second-factor/recovery-codes.ts'
import { createSealer, resealLegacySecrets } from './auth/second-factor/sealing.ts'
import { createSessions } from './auth/sessions.ts'
import type { Config } from './config.ts'
import type { Database } from './db/database.ts'
import { openDatabase } from './db/open-database.ts'
import { migrate } from './db/migrate.ts'
import { startMailDelivery } from './mail/delivery.ts'
import { createPaymentService } from './payments/payment-service.ts'
import { createProviders } from './providers/providers.ts'
import { createQuoteService } from './quotes/quote-service.ts'
import { createProfileService } from './users/profile-service.ts'
import { createVerificationService } from './verification/verification-service.ts'

export interface RunningServer {
  app: FastifyInstance
  db: Database
  url: string
  /** Drains and closes; calling it again answers the same promise. */
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
    /** Shorter receive timeouts (tests of slow clients). */
    timeouts?: ReceiveTimeouts
  } = {},
): Promise<RunningServer> {
  const now = options.now ?? (() => new Date())
  const db = await openDatabase(config, (error) => {
    console.error(`PostgreSQL pool: ${error.message}`)
  })
  await migrate(db)
  const signingKey = await loadSigningKey(config)
  const accessTokens = createAccessTokens(
    signingKey,
    config.publicUrl,
    config.accessTokenTtlSeconds,
  )
  // The second factors' own key; what was sealed or stored before it is moved under it now, so
  // the JWT key can rotate afterwards (decision 105).
  const factorKeys = await loadFactorKeys(config)
  const sealer = createSealer(factorKeys, signingKey)
  await resealLegacySecrets(db, sealer)
  await keyLegacyRecoveryCodes(db, factorKeys)
  let mailQueued = () => {}
  const sessions = createSessions({
    db,
    publicUrl: config.publicUrl,
    now,
    mailQueued: () => {
      mailQueued()
    },
  })
  // The second factors finish a login through the account service, which asks them first.
  const secondFactors = createSecondFactors({
    db,
    now,
    publicUrl: config.publicUrl,
    sealer,
    keys: factorKeys,
    sessions,
    finishLogin: (userId, device) => accounts.finishLogin(userId, device),
    mailQueued: () => {
      mailQueued()
    },
  })
  const accounts = createAccountService({
    db,
    tokens: accessTokens,
    publicUrl: config.publicUrl,
    now,
    sessions,
    secondFactor: secondFactors.gate,
    mailQueued: () => {
      mailQueued()
    },
    reportError: (error) => {
      reportBackgroundError(error)
    },
    ...(options.limits ? { limits: options.limits } : {}),
  })
  const providers = createProviders(config, { db, now })
  let reportLookupError: (error: unknown) => void = () => undefined
  let reportBackgroundError: (error: unknown) => void = (error) => {
    console.error(error)
  }
  const app = await buildApp({
    config,
    db,
    accessTokens,
    accounts,
    sessions,
    secondFactors,
    profiles: createProfileService(db, now),
    quotes: createQuoteService({
      db,
      market: providers.market,
      now,
      publicUrl: config.publicUrl,
      opsEmail: config.opsEmail,
      mailQueued: () => {
        mailQueued()
      },
    }),
    verification: createVerificationService({
      db,
      sumsub: providers.sumsub,
      now,
      levels: { kyc: config.sumsub.kycLevel, kyb: config.sumsub.kybLevel },
      tokenTtlSeconds: config.sumsub.tokenTtlSeconds,
      webhookSecret: config.sumsub.webhookSecret,
      onLookupError: (error) => {
        reportLookupError(error)
      },
    }),
    payments: createPaymentService({
      db,
      paybis: providers.paybis,
      now,
      widgetUrl: config.paybis.widgetUrl,
      passwordless: config.paybis.passwordless,
    }),
    providers,
    ...(options.spaDir ? { spaDir: options.spaDir } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
  })
  reportBackgroundError = (error) => {
    app.log.error({ err: error }, 'background work failed; it is retried')
  }
  reportLookupError = (error) => {
    app.log.warn({ reason: (error as Error).message }, 'sumsub status lookup failed')
  }
  // The Sumsub sandbox posts its webhooks to our own endpoint, through the whole HTTP pipeline.
  providers.connectWebhooks(async (rawBody, headers) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/sumsub/webhook',
      headers,
      payload: rawBody,
    })
    return response.statusCode
  })
  const delivery = startMailDelivery(config, db, app.log)
  mailQueued = () => {
    delivery.queued()
  }
  // Reset requests queued by a node that stopped before handling them, then a retry now and then.
  void accounts.processResetRequests()
  const resetRetry = setInterval(() => void accounts.processResetRequests(), 30_000)
  resetRetry.unref()
  const address = await app.listen({ host: config.host, port: config.port })
  let stopping: Promise<void> | undefined
  return {
    app,
    db,
    url: address,
    /**
     * Drains (decision 091): the listener closes and requests in flight are answered while the
     * dispatcher finishes the message it is sending and hands the rest of its claim back to the
     * other nodes; then queued reset requests are handled (their e-mails stay in the outbox).
     */
    stop() {
      stopping ??= (async () => {
        clearInterval(resetRetry)
        await Promise.all([app.close(), delivery.stop()])
        await accounts.processResetRequests()
        // Without SMTP the console printer shows what the resets just queued; the SMTP
        // dispatcher has stopped already and leaves them to the other nodes.
        await delivery.stop()
        await db.close()
      })()
      return stopping
    },
  }
}
