/**
 * Picks each provider's implementation: with PROVIDERS=live the real adapters talk to the
 * configured hosts; with PROVIDERS=sandbox the same adapters talk to in-process fakes that speak
 * the providers' protocols (signatures included), and the market data comes from the local sandbox.
 */
import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import { inProcessFetch } from './in-process-fetch.ts'
import { createMarketLive } from './market/live.ts'
import { createMarketSandbox } from './market/sandbox.ts'
import type { MarketApi } from './market/types.ts'
import { paybisKeys } from './paybis/keys.ts'
import { createPaybisLive } from './paybis/live.ts'
import { createPaybisSandbox, type PaybisSandbox } from './paybis/sandbox.ts'
import type { PaybisApi } from './paybis/types.ts'
import { createSumsubLive } from './sumsub/live.ts'
import { createSumsubSandbox, type SumsubSandbox } from './sumsub/sandbox.ts'
import type { SumsubApi } from './sumsub/types.ts'

export type WebhookDelivery = (rawBody: string, headers: Record<string, string>) => Promise<number>

export interface SandboxProviders {
  sumsub: SumsubSandbox
  paybis: PaybisSandbox
  market: MarketApi
}

export interface Providers {
  sumsub: SumsubApi
  paybis: PaybisApi
  market: MarketApi
  /** The fakes behind the sandbox pages; absent with PROVIDERS=live. */
  sandbox: SandboxProviders | undefined
  /** Sandbox: where the Sumsub fake sends its webhooks (our own endpoint, once the app exists). */
  connectWebhooks(deliver: WebhookDelivery): void
  /** Sandbox: where the Paybis fake sends its transaction-status webhooks. */
  connectPaybisWebhooks(deliver: WebhookDelivery): void
}

export function createProviders(
  config: Config,
  deps: { db: Database; now: () => Date },
): Providers {
  const { now } = deps
  const keys = paybisKeys({ privateKeyPem: config.paybis.privateKeyPem, dataDir: config.dataDir })
  if (config.providers === 'live')
    return {
      sumsub: createSumsubLive({ ...config.sumsub, now }),
      paybis: createPaybisLive({
        apiUrl: config.paybis.apiUrl,
        apiKey: config.paybis.apiKey,
        privateKey: keys.privateKey,
      }),
      market: createMarketLive({ ...config.market, db: deps.db, now }),
      sandbox: undefined,
      connectWebhooks: () => undefined,
      connectPaybisWebhooks: () => undefined,
    }

  let deliver: WebhookDelivery = () => Promise.resolve(0)
  const sumsubFake = createSumsubSandbox({
    db: deps.db,
    now,
    appToken: config.sumsub.appToken,
    secretKey: config.sumsub.secretKey,
    webhookSecret: config.sumsub.webhookSecret,
    levels: { [config.sumsub.kycLevel]: 'individual', [config.sumsub.kybLevel]: 'company' },
    deliverWebhook: (raw, headers) => deliver(raw, headers),
  })
  let deliverToPaybisEndpoint: WebhookDelivery = () => Promise.resolve(0)
  const paybisFake = createPaybisSandbox({
    apiKey: config.paybis.apiKey,
    publicKey: keys.publicKey,
    now,
    deliverWebhook: (raw, headers) => deliverToPaybisEndpoint(raw, headers),
  })
  const market = createMarketSandbox({ now, mode: config.sandbox.marketMode })
  return {
    sumsub: createSumsubLive({
      baseUrl: 'http://sumsub.sandbox.invalid',
      appToken: config.sumsub.appToken,
      secretKey: config.sumsub.secretKey,
      now,
      fetch: inProcessFetch(sumsubFake.api('')),
    }),
    paybis: createPaybisLive({
      apiUrl: 'http://paybis.sandbox.invalid',
      apiKey: config.paybis.apiKey,
      privateKey: keys.privateKey,
      fetch: inProcessFetch(paybisFake.api),
    }),
    market,
    sandbox: { sumsub: sumsubFake, paybis: paybisFake, market },
    connectWebhooks(next) {
      deliver = next
    },
    connectPaybisWebhooks(next) {
      deliverToPaybisEndpoint = next
    },
  }
}
