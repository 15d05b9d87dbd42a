import { describe, expect, it } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import { createMainClient } from '../../src/api/main-client'
import { createAuthImplementations } from '../../src/machines/auth/auth.actors'
import { authMachine } from '../../src/machines/auth/auth.machine'
import { AUTH_SESSION_KEY } from '../../src/machines/auth/auth-session'
import { authBroker, createRefreshQueueMiddleware } from '../../src/api/refresh-queue'
import { MemoryStorage } from '../../src/memory-storage'
import { deferred, type Deferred } from '../support/deferred'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': status < 400 ? 'application/json' : 'application/problem+json' },
  })
const problem401 = () =>
  json(401, { type: 'about:blank', title: 'Unauthorized', status: 401, errorType: 'INVALID_TOKEN' })
const profile = { firstName: '', lastName: '', email: 'ann@example.com', phone: '', country: '' }

/**
 * A fake server: the profile answers 200 only to `validToken`; the refresh answers when the test
 * says so (`refreshGate`), with `refreshOutcome`.
 */
function fakeServer() {
  const calls: { path: string; authorization: string | null; body: string }[] = []
  const state = {
    validToken: 'access-2',
    refreshGate: null as Deferred<undefined> | null,
    refreshOutcome: 'ok' as 'ok' | 'fail',
    /** Holds the next profile answer until resolved (a request whose 401 comes back late). */
    holdNextProfile: null as Deferred<undefined> | null,
  }
  const fetchFake = async (input: Request | string | URL): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input)
    const path = new URL(request.url).pathname
    const body = request.method === 'GET' ? '' : await request.text()
    calls.push({ path, authorization: request.headers.get('authorization'), body })
    if (path === '/api/auth/refresh-token') {
      if (state.refreshGate) await state.refreshGate.promise
      return state.refreshOutcome === 'ok'
        ? json(200, { accessToken: 'access-2', refreshToken: 'refresh-2' })
        : problem401()
    }
    if (path === '/api/auth/login') return problem401()
    if (path === '/api/users/profile') {
      const hold = state.holdNextProfile
      state.holdNextProfile = null
      if (hold) await hold.promise
      return request.headers.get('authorization') === `Bearer ${state.validToken}`
        ? json(200, profile)
        : problem401()
    }
    return json(404, { type: 'about:blank', title: 'Not Found', status: 404 })
  }
  return { calls, state, fetch: fetchFake as typeof fetch }
}

async function signedInApp(server: ReturnType<typeof fakeServer>) {
  const storage = new MemoryStorage()
  storage.setItem(
    AUTH_SESSION_KEY,
    JSON.stringify({ token: 'access-1', refreshToken: 'refresh-1' }),
  )
  // The broker reads the actor lazily: the actor's refresh uses this very client.
  const broker = { current: undefined as ReturnType<typeof authBroker> | undefined }
  const api = createMainClient({
    baseUrl: 'http://app.test',
    fetch: server.fetch,
    middleware: [
      createRefreshQueueMiddleware({
        accessToken: () => broker.current?.accessToken() ?? null,
        tokenAfter401: (t) => broker.current?.tokenAfter401(t) ?? Promise.resolve(null),
      }),
    ],
  })
  const implementations = createAuthImplementations({
    api,
    storage,
    storageEvents: new EventTarget() as never,
  })
  const actor = createActor(
    authMachine.provide({
      actors: { ...implementations.actors, watchSession: fromCallback(() => undefined) },
      actions: {
        ...implementations.actions,
        goToHome: () => undefined,
        goToLogin: () => undefined,
        reloadPage: () => undefined,
      },
    }),
  ).start()
  broker.current = authBroker(actor)
  await new Promise((r) => setTimeout(r, 0))
  expect(actor.getSnapshot().matches('signedIn')).toBe(true)
  return { api, actor, storage }
}

const count = (server: ReturnType<typeof fakeServer>, path: string) =>
  server.calls.filter((c) => c.path === path).length

describe('the refresh queue (docs/product/flows.md#token-refresh, docs/product/errors.md#http-401)', () => {
  it('sends the bearer token with every request', async () => {
    const server = fakeServer()
    server.state.validToken = 'access-1'
    const { api } = await signedInApp(server)
    const { data } = await api.GET('/api/users/profile')
    expect(data?.email).toBe('ann@example.com')
    expect(server.calls).toEqual([
      { path: '/api/users/profile', authorization: 'Bearer access-1', body: '' },
    ])
  })

  it('N concurrent 401s cause exactly one refresh and N retries with the new token', async () => {
    const server = fakeServer()
    server.state.refreshGate = deferred<undefined>()
    const { api, actor, storage } = await signedInApp(server)
    const N = 5
    const results = Array.from({ length: N }, () => api.GET('/api/users/profile'))
    // Let every request reach the server and get its 401 while the refresh is held.
    await expect.poll(() => count(server, '/api/auth/refresh-token')).toBe(1)
    await expect.poll(() => count(server, '/api/users/profile')).toBe(N)
    expect(actor.getSnapshot().matches({ signedIn: 'refreshing' })).toBe(true)
    server.state.refreshGate.resolve(undefined)
    const answers = await Promise.all(results)
    expect(answers.map((a) => a.data?.email)).toEqual(Array(N).fill('ann@example.com'))
    expect(count(server, '/api/auth/refresh-token')).toBe(1)
    expect(count(server, '/api/users/profile')).toBe(2 * N)
    const retries = server.calls.filter((c) => c.path === '/api/users/profile').slice(N)
    expect(retries.every((c) => c.authorization === 'Bearer access-2')).toBe(true)
    const refresh = server.calls.find((c) => c.path === '/api/auth/refresh-token')
    expect(JSON.parse(refresh?.body ?? '{}')).toEqual({ refreshToken: 'refresh-1' })
    expect(JSON.parse(storage.getItem(AUTH_SESSION_KEY) ?? '{}')).toEqual({
      token: 'access-2',
      refreshToken: 'refresh-2',
    })
  })

  it('a request whose 401 arrives after the refresh retries with the new token, no second refresh', async () => {
    const server = fakeServer()
    const { api } = await signedInApp(server)
    const slow = deferred<undefined>()
    server.state.holdNextProfile = slow
    const late = api.GET('/api/users/profile')
    await expect.poll(() => server.state.holdNextProfile).toBeNull()
    const quick = await api.GET('/api/users/profile')
    expect(quick.data?.email).toBe('ann@example.com')
    expect(count(server, '/api/auth/refresh-token')).toBe(1)
    slow.resolve(undefined)
    expect((await late).data?.email).toBe('ann@example.com')
    expect(count(server, '/api/auth/refresh-token')).toBe(1)
    const lateCalls = server.calls.filter((c) => c.path === '/api/users/profile')
    expect(lateCalls.map((c) => c.authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-1',
      'Bearer access-2',
      'Bearer access-2',
    ])
  })

  it('a failed refresh logs out through the intercept and the requests get their 401', async () => {
    const server = fakeServer()
    server.state.refreshOutcome = 'fail'
    const { api, actor, storage } = await signedInApp(server)
    const answers = await Promise.all([
      api.GET('/api/users/profile'),
      api.GET('/api/users/profile'),
    ])
    expect(answers.map((a) => a.response.status)).toEqual([401, 401])
    expect(count(server, '/api/auth/refresh-token')).toBe(1)
    expect(count(server, '/api/users/profile')).toBe(2)
    const snapshot = actor.getSnapshot()
    expect(snapshot.matches('signedOut')).toBe(true)
    expect(snapshot.context).toEqual({ token: null, refreshToken: 'refresh-1' })
    expect(JSON.parse(storage.getItem(AUTH_SESSION_KEY) ?? '{}')).toEqual({
      token: null,
      refreshToken: 'refresh-1',
    })
    // Logged out: the next request goes without a token and is not refreshed.
    const after = await api.GET('/api/users/profile')
    expect(after.response.status).toBe(401)
    expect(server.calls.at(-1)?.authorization).toBeNull()
    expect(count(server, '/api/auth/refresh-token')).toBe(1)
  })

  it('the same 401 after a retry is not retried again', async () => {
    const server = fakeServer()
    server.state.validToken = 'nobody'
    const { api, actor } = await signedInApp(server)
    const answer = await api.GET('/api/users/profile')
    expect(answer.response.status).toBe(401)
    expect(count(server, '/api/users/profile')).toBe(2)
    expect(count(server, '/api/auth/refresh-token')).toBe(1)
    expect(actor.getSnapshot().matches({ signedIn: 'active' })).toBe(true)
  })

  it('never refreshes for a 401 of the login or of the refresh itself', async () => {
    const server = fakeServer()
    const { api } = await signedInApp(server)
    const login = await api.POST('/api/auth/login', {
      body: { email: 'ann@example.com', password: 'wrong-password' },
    })
    expect(login.response.status).toBe(401)
    server.state.refreshOutcome = 'fail'
    const refresh = await api.POST('/api/auth/refresh-token', { body: { refreshToken: 'x' } })
    expect(refresh.response.status).toBe(401)
    expect(count(server, '/api/auth/refresh-token')).toBe(1)
    expect(count(server, '/api/auth/login')).toBe(1)
  })

  it('calls the retry with an unbound fetch, as a browser requires', async () => {
    const server = fakeServer()
    const plain = server.fetch
    // A browser's fetch throws "Illegal invocation" when called with another `this`.
    server.fetch = function (this: unknown, input: Request) {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation')
      return plain(input)
    } as typeof fetch
    const { api } = await signedInApp(server)
    const { data } = await api.GET('/api/users/profile')
    expect(data?.email).toBe('ann@example.com')
  })

  it('retries a request with a body with the same body', async () => {
    const server = fakeServer()
    const seen: string[] = []
    const original = server.fetch
    server.fetch = (async (input: Request) => {
      if (new URL(input.url).pathname === '/api/users/profile' && input.method === 'PUT') {
        seen.push(`${input.headers.get('authorization') ?? ''} ${await input.clone().text()}`)
        return input.headers.get('authorization') === 'Bearer access-2'
          ? json(200, profile)
          : problem401()
      }
      return original(input)
    }) as typeof fetch
    const { api } = await signedInApp(server)
    const body = { firstName: 'Ann', lastName: 'Lee', country: 'PL', phone: '' }
    const { data } = await api.PUT('/api/users/profile', { body })
    expect(data?.email).toBe('ann@example.com')
    expect(seen).toEqual([
      `Bearer access-1 ${JSON.stringify(body)}`,
      `Bearer access-2 ${JSON.stringify(body)}`,
    ])
  })
})
