import type { MainClient } from './api/main-client'

/** The public settings the screens use (GET /api/config): the help desk and the providers' mode. */
export interface PublicSettings {
  supportUrl: string | null
  /** Which provider adapters the server runs; null while unknown (the config could not be read). */
  providers: 'sandbox' | 'live' | null
  /** Live mode: the Sumsub WebSDK frame's origin when not the SDK's default. */
  sumsubBaseUrl: string | null
  /** Sandbox mode: the local verification page framed instead of the Sumsub WebSDK. */
  sumsubSandboxUrl: string | null
  /** Whether the live flow viewer (/flows) is served. */
  flowsViewer: boolean
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
}

/** Reads /api/config once; a failed read gives no support link and is tried again next time. */
export function createConfigSource(api: MainClient): ConfigSource {
  let pending: Promise<PublicSettings> | undefined
  return {
    load() {
      pending ??= api
        .GET('/api/config')
        .then(({ data }): PublicSettings => {
          if (!data) {
            pending = undefined
            return unknownSettings
          }
          return {
            supportUrl: data.supportUrl,
            providers: data.providers,
            sumsubBaseUrl: data.sumsubBaseUrl ?? null,
            sumsubSandboxUrl: data.sumsubSandboxUrl ?? null,
            flowsViewer: data.flowsViewer,
          }
        })
        .catch(() => {
          pending = undefined
          return unknownSettings
        })
      return pending
    },
  }
}
