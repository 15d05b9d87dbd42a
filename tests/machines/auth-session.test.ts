import { describe, expect, it } from 'vitest'
import { createActor, createMachine, type AnyEventObject } from 'xstate'
import { createMainClient } from '../../src/api/main-client'
import { createAuthImplementations } from '../../src/machines/auth/auth.actors'
import { AUTH_SESSION_KEY, parseSession } from '../../src/machines/auth/auth-session'

describe('the stored session (docs/product/data.md#stored-session: auth_session in localStorage)', () => {
  it('reads what we wrote, and nothing else', () => {
    expect(parseSession(JSON.stringify({ token: 'a', refreshToken: 'r' }))).toEqual({
      token: 'a',
      refreshToken: 'r',
    })
    // After the logout intercept: the refresh token is kept without an access token.
    expect(parseSession(JSON.stringify({ token: null, refreshToken: 'r' }))).toEqual({
      token: null,
      refreshToken: 'r',
    })
    expect(parseSession(null)).toBeNull()
    expect(parseSession('')).toBeNull()
    expect(parseSession('{not json')).toBeNull()
    expect(parseSession('"a string"')).toBeNull()
    expect(parseSession(JSON.stringify({ token: '', refreshToken: 42 }))).toBeNull()
  })
})

describe('the other tabs (storage events)', () => {
  function watch() {
    const target = new EventTarget()
    const received: AnyEventObject[] = []
    const { actors } = createAuthImplementations({
      api: createMainClient({ baseUrl: 'http://app.test' }),
      storage: {} as Storage,
      storageEvents: target as never,
    })
    const parent = createActor(
      createMachine({
        invoke: { id: 'watchSession', src: actors.watchSession },
        on: { '*': { actions: ({ event }) => received.push(event) } },
      }),
    ).start()
    const fire = (key: string | null, newValue: string | null) => {
      const event = new Event('storage') as Event & { key: string | null; newValue: string | null }
      Object.assign(event, { key, newValue })
      target.dispatchEvent(event)
    }
    return { received, fire, stop: () => parent.stop() }
  }

  it('turns another tab’s write or removal of auth_session into session.change', () => {
    const { received, fire, stop } = watch()
    fire(AUTH_SESSION_KEY, JSON.stringify({ token: 't', refreshToken: 'r' }))
    fire(AUTH_SESSION_KEY, null)
    fire(null, null) // localStorage.clear() in the other tab
    fire('unrelated', 'x')
    expect(received).toEqual([
      { type: 'session.change', session: { token: 't', refreshToken: 'r' } },
      { type: 'session.change', session: null },
      { type: 'session.change', session: null },
    ])
    stop()
    fire(AUTH_SESSION_KEY, null)
    expect(received).toHaveLength(3)
  })
})
