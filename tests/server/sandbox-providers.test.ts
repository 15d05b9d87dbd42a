/**
 * The sandbox providers end to end over HTTP, on both engines, sharing one server per engine
 * (the suites are in tests/server/suites/): quote requests and their e-mail, KYC/KYB through the
 * Sumsub sandbox and its webhooks, card payments through the Paybis sandbox, and (once, as it
 * touches no database) the market-data sandbox. Every /api answer is checked against main.yaml,
 * every market answer against market.yaml.
 */
import { afterAll, beforeAll, describe } from 'vitest'
import { engines } from './support/databases.ts'
import type { SuiteContext } from './support/providers.ts'
import { startTestServer } from './support/test-server.ts'
import { marketSandboxSuite } from './suites/market-sandbox.ts'
import { paymentSuite } from './suites/payments.ts'
import { quoteSuite } from './suites/quotes.ts'
import { verificationSuite } from './suites/verification.ts'

describe.each(engines)('sandbox providers on %s', (engine) => {
  const ctx = { log: [], sumsubTokenTtl: 30 } as unknown as SuiteContext

  beforeAll(async () => {
    ctx.server = await startTestServer(engine, {
      env: { SANDBOX_SUMSUB_TOKEN_TTL: String(ctx.sumsubTokenTtl) },
      logStream: {
        write(line) {
          ctx.log.push(line)
        },
      },
    })
  })
  afterAll(async () => {
    await ctx.server.stop()
  })

  quoteSuite(ctx)
  verificationSuite(ctx)
  paymentSuite(ctx)
  if (engine === 'pglite') marketSandboxSuite(ctx)
})
