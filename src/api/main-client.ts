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

/** The page's language, as its `<html lang>` says (English where there is no document). */
function pageLanguage(): string {
  return typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en'
}

/**
 * Asks for the answers' texts in the page's language (`Accept-Language`): a problem's `detail`,
 * and a weak password's reason, come in it (docs/product/languages.md#the-apis-answers).
 */
function acceptLanguage(language: () => string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('Accept-Language', language())
      return request
    },
  }
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
    /** The language the answers' texts are asked in; the page's by default. */
    language?: () => string
  } = {},
) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '',
    credentials: 'include',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  client.use(acceptLanguage(options.language ?? pageLanguage))
  for (const middleware of options.middleware ?? []) client.use(middleware)
  return Object.assign(client, { cache: createQueryCache<KeptReads>(options.cache) })
}
