import type { MainClient } from './api/main-client'

/** The public settings the screens use (GET /api/config): for now the help desk's address. */
export interface PublicSettings {
  supportUrl: string | null
}

export interface ConfigSource {
  load(): Promise<PublicSettings>
}

/** Reads /api/config once; a failed read gives no support link and is tried again next time. */
export function createConfigSource(api: MainClient): ConfigSource {
  let pending: Promise<PublicSettings> | undefined
  return {
    load() {
      pending ??= api
        .GET('/api/config')
        .then(({ data }) => {
          if (!data) pending = undefined
          return { supportUrl: data?.supportUrl ?? null }
        })
        .catch(() => {
          pending = undefined
          return { supportUrl: null }
        })
      return pending
    },
  }
}
