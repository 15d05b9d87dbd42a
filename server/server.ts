import type { FastifyInstance } from 'fastify'
import { buildApp, createHttpServer, type ReceiveTimeouts } from './app.ts'
import { createAccessTokens, loadSigningKey } from './auth/access-tokens.ts'
import { createAccountService, type AuthLimits } from './auth/account-service.ts'
import { passwordResetHandler } from './auth/password-reset-requests.ts'
import { createSecondFactors } from './auth/second-factor/second-factors.ts'
import { loadFactorKeys } from './auth/second-factor/factor-keys.ts'
import { sweepSecondFactorChallenges } from './auth/second-factor/login-challenge.ts'
import { keyLegacyRecoveryCodes } from './auth/second-factor/recovery-codes.ts'
import { createSealer, resealLegacySecrets } from './auth/second-factor/sealing.ts'
import { createFinishLogin } from './auth/session-start.ts'
import { createSessions } from './auth/sessions.ts'
import type { Config } from './config.ts'
import type { Database } from './db/database.ts'
import { openDatabase } from './db/open-database.ts'
import { migrate } from './db/migrate.ts'
import { sweepAttemptCounters } from './infra/attempt-limits.ts'
import { createJobRunner, type JobHandlers } from './jobs/job-runner.ts'
import { createRequestDesk } from './requests/request-desk.ts'
import { createMailDelivery } from './mail/delivery.ts'
import { createPaymentService } from './payments/payment-service.ts'
import { createPaybisWebhooks } from './payments/paybis-webhooks.ts'
import { createReconciliation, reconciliationEverySeconds } from './payments/reconciliation.ts'
import { createProviders } from './providers/providers.ts'
import { createQuoteService } from './quotes/quote-service.ts'
import { createProfileService } from './users/profile-service.ts'
import { createVerificationService } from './verification/verification-service.ts'
import { createCustomerLookup } from './staff/customer-lookup.ts'
import { createCustomerActions } from './staff/customer-actions.ts'
import { createStaffService } from './staff/staff-service.ts'
import { listenForOpsCommands, opsSocketPath } from './ops/command-socket.ts'
import { runOpsCommand, type OpsCommand, type OpsOutcome } from './ops/ops-commands.ts'

export interface RunningServer {
  app: FastifyInstance
  db: Database
  url: string
  /** Runs an operator's command in this process, as the command socket does (server/ops/). */
  runOps(command: OpsCommand): Promise<OpsOutcome>
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
  // Start-up wires in one direction: the logger (the HTTP server's), the database, the jobs and
  // their handlers, the services (which queue jobs and kick the runner), then the routes.
  const app = createHttpServer({
    config,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
  })
  const log = app.log
  const db = await openDatabase(config, (error) => {
    log.error({ reason: error.message }, 'PostgreSQL pool error')
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

  // All background work, on whichever node claims it (decision 106).
  const mail = createMailDelivery(config, db, now, log)
  // Its jobs kick the runner built below; a kick only happens once a request is acted on.
  const requests = createRequestDesk({
    db,
    now,
    publicUrl: config.publicUrl,
    jobsQueued: () => {
      jobs.kick()
    },
    offerApprovalThreshold: config.offerApprovalThreshold,
  })
  const providers = createProviders(config, { db, now })
  const reconcile = createReconciliation({ db, paybis: providers.paybis, now })
  const handlers: JobHandlers = {
    'payments.reconcile': {
      // It asks Paybis (I/O), then applies each transaction in a transaction of its own.
      inTransaction: false,
      everySeconds: reconciliationEverySeconds,
      run: async () => {
        const report = await reconcile()
        if (report.seen > 0) log.info(report, 'payments reconciled with Paybis')
      },
    },
    'request.expire-offer': {
      inTransaction: true,
      run: (job, tx) => requests.expireOffer(tx, job.payload.requestId, job.payload.offerId),
    },
    'mail.send': mail.handler,
    'password-reset.request': passwordResetHandler({ publicUrl: config.publicUrl, now }),
    'sweep.attempt-counters': {
      inTransaction: true,
      everySeconds: 10 * 60,
      run: (_job, tx) => sweepAttemptCounters(tx, now()),
    },
    'sweep.second-factor-challenges': {
      inTransaction: true,
      everySeconds: 10 * 60,
      run: (_job, tx) => sweepSecondFactorChallenges(tx, now()),
    },
  }
  const jobs = createJobRunner({ db, now, log, handlers, leaseSeconds: config.jobLeaseSeconds })
  const jobsQueued = () => {
    jobs.kick()
  }

  const sessions = createSessions({ db, publicUrl: config.publicUrl, now, jobsQueued })
  const finishLogin = createFinishLogin({ db, tokens: accessTokens, now, sessions, jobsQueued })
  const secondFactors = createSecondFactors({
    db,
    now,
    publicUrl: config.publicUrl,
    sealer,
    keys: factorKeys,
    sessions,
    finishLogin,
    jobsQueued,
  })
  const accounts = createAccountService({
    db,
    tokens: accessTokens,
    publicUrl: config.publicUrl,
    now,
    sessions,
    secondFactor: secondFactors.gate,
    finishLogin,
    jobsQueued,
    ...(options.limits ? { limits: options.limits } : {}),
  })
  const staff = createStaffService({ db, now, publicUrl: config.publicUrl, jobsQueued })
  await buildApp(app, {
    config,
    db,
    accessTokens,
    accounts,
    sessions,
    secondFactors,
    profiles: createProfileService(db, now),
    staff,
    customers: createCustomerLookup({ db, now }),
    customerActions: createCustomerActions({
      db,
      now,
      publicUrl: config.publicUrl,
      jobsQueued,
    }),
    requests,
    now,
    quotes: createQuoteService({
      db,
      market: providers.market,
      now,
      publicUrl: config.publicUrl,
      opsEmail: config.opsEmail,
      jobsQueued,
    }),
    verification: createVerificationService({
      db,
      sumsub: providers.sumsub,
      now,
      levels: { kyc: config.sumsub.kycLevel, kyb: config.sumsub.kybLevel },
      tokenTtlSeconds: config.sumsub.tokenTtlSeconds,
      webhookSecret: config.sumsub.webhookSecret,
      onLookupError: (error) => {
        log.warn({ reason: (error as Error).message }, 'sumsub status lookup failed')
      },
    }),
    payments: createPaymentService({
      db,
      paybis: providers.paybis,
      now,
      widgetUrl: config.paybis.widgetUrl,
      passwordless: config.paybis.passwordless,
    }),
    paybisWebhooks: createPaybisWebhooks({
      db,
      now,
      publicKeyPem: config.paybis.webhookPublicKeyPem,
    }),
    providers,
    ...(options.spaDir ? { spaDir: options.spaDir } : {}),
  })
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
  // And the Paybis sandbox its transaction-status webhooks.
  providers.connectPaybisWebhooks(async (rawBody, headers) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/paybis/webhook',
      headers,
      payload: rawBody,
    })
    return response.statusCode
  })
  // Jobs left by nodes that stopped, or queued while none ran, start now.
  await jobs.start()
  // On PGlite this process holds the data folder: the operators' commands come through it.
  const runOps = (command: OpsCommand) => runOpsCommand({ db, staff }, command)
  const stopOpsCommands = config.databaseUrl
    ? undefined
    : await listenForOpsCommands(opsSocketPath(config.dataDir), runOps, (error) => {
        log.error({ reason: error.message }, 'an operator command failed')
      })
  const address = await app.listen({ host: config.host, port: config.port })
  let stopping: Promise<void> | undefined
  return {
    app,
    db,
    url: address,
    runOps,
    /**
     * Drains (decision 091): the listener closes and requests in flight are answered while the
     * job runner finishes the job it is running and hands the rest of its claim back to the
     * other nodes (decision 106); then the SMTP connection and the pool close.
     */
    stop() {
      stopping ??= (async () => {
        await Promise.all([app.close(), jobs.stop(), stopOpsCommands?.()])
        mail.close()
        await db.close()
      })()
      return stopping
    },
  }
}
