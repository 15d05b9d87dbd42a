import createClient, { type Middleware } from 'openapi-fetch'
import type { paths } from '../../openapi/main.gen'

export type MainClient = ReturnType<typeof createMainClient>

/**
 * The main API client (docs/product/api.md#main-api-conventions): same origin by default, cookies
 * included; the auth middleware (bearer token and the 401 refresh queue) is added by the caller.
 */
export function createMainClient(
  options: { baseUrl?: string; fetch?: typeof fetch; middleware?: Middleware[] } = {},
) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '',
    credentials: 'include',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
  for (const middleware of options.middleware ?? []) client.use(middleware)
  return client
}
