import createClient, { type Middleware } from 'openapi-fetch'
import type { components, paths } from '../../openapi/main.gen'
import { createQueryCache, type QueryCacheOptions } from './query-cache'

export type MainClient = ReturnType<typeof createMainClient>

/** What the client keeps of its reads (query-cache.ts), by key. */
export interface KeptReads {
  /** GET /api/users/profile. */
  profile: components['schemas']['Profile']
  /** GET /api/account/security. */
  security: components['schemas']['SecurityOverview']
}

/**
 * The main API client (docs/product/api.md#main-api-conventions): same origin by default, cookies
 * included; the auth middleware (bearer token and the 401 refresh queue) is added by the caller.
 * `cache` keeps the reads that src/api/kept-reads.ts makes, by the spec's cache rules.
 */
export function createMainClient(
  options: {
    baseUrl?: string
    fetch?: typeof fetch
    middleware?: Middleware[]
    cache?: QueryCacheOptions
  } = {},
) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '',
    credentials: 'include',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  for (const middleware of options.middleware ?? []) client.use(middleware)
  return Object.assign(client, { cache: createQueryCache<KeptReads>(options.cache) })
}
