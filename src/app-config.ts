import type { components } from '../openapi/main.gen'
import { callApi } from './api/api-call'
import type { MainClient } from './api/main-client'
import { defaultMarketBaseUrls, defaultSiteSettings } from '../domain/site-settings'

/** The landing's part of GET /api/config (scheduling, contacts, licence, social links, GTM, market). */
export type LandingSettings = Omit<
  components['schemas']['ClientConfig'],
  'providers' | 'sumsubBaseUrl' | 'flowsViewer'
>

/**
 * What the landing shows until GET /api/config answers, or if it never does: the server's own
 * defaults (domain/site-settings.ts), market data from the sandbox's address.
 */
const defaultLandingSettings: LandingSettings = {
  ...defaultSiteSettings,
  marketBaseUrl: defaultMarketBaseUrls.sandbox,
}

/** The public settings the screens use (GET /api/config): the help desk and the providers' mode. */
export interface PublicSettings {
  supportUrl: string | null
  /** Which provider adapters the server runs; null while unknown (the config could not be read). */
  providers: components['schemas']['ClientConfig']['providers'] | null
  /** Live mode: the Sumsub WebSDK frame's origin when not the SDK's default. */
  sumsubBaseUrl: string | null
  /** Sandbox mode: the local verification page framed instead of the Sumsub WebSDK. */
  sumsubSandboxUrl: string | null
  /** Whether the live flow viewer (/flows) is served. */
  flowsViewer: boolean
  /** The landing's settings: the defaults while the config could not be read. */
  landing: LandingSettings
}

export interface ConfigSource {
  load(): Promise<PublicSettings>
}

const unknownSettings: PublicSettings = {
  supportUrl: null,
  providers: null,
  sumsubBaseUrl: null,
  sumsubSandboxUrl: null,
  flowsViewer: false,
  landing: defaultLandingSettings,
}

const sources = new WeakMap<MainClient, ConfigSource>()

/**
 * The one loader of GET /api/config, shared by everything that holds the same client (the app's
 * screens and the landing): read once; a failed read gives no support link and the landing's
 * defaults, and is tried again next time.
 */
export function createConfigSource(api: MainClient): ConfigSource {
  const known = sources.get(api)
  if (known) return known
  let pending: Promise<PublicSettings> | undefined
  const source: ConfigSource = {
    load() {
      pending ??= callApi(api.GET('/api/config')).then(
        (data): PublicSettings => ({
          supportUrl: data.supportUrl,
          providers: data.providers,
          sumsubBaseUrl: data.sumsubBaseUrl ?? null,
          sumsubSandboxUrl: data.sumsubSandboxUrl ?? null,
          flowsViewer: data.flowsViewer,
          landing: {
            marketBaseUrl: data.marketBaseUrl,
            supportUrl: data.supportUrl,
            schedulingUrl: data.schedulingUrl,
            contactEmail: data.contactEmail,
            licenceNumber: data.licenceNumber,
            address: data.address,
            socialLinks: data.socialLinks,
            gtmContainerId: data.gtmContainerId,
          },
        }),
        // The screens show what they can without the settings: no support link, the defaults.
        () => {
          pending = undefined
          return unknownSettings
        },
      )
      return pending
    },
  }
  sources.set(api, source)
  return source
}
