/** A customer signed in before the page loads: an account made over HTTP, its session stored. */
import type { BrowserContext } from 'playwright-core'
import { expect } from 'vitest'
import { AUTH_SESSION_KEY } from '../../../src/machines/auth/auth-session'
import type { BrowserLevel } from './flow-page'
import { account, post } from './form-suite'

export const PASSWORD = 'first-horse-staple'

/** A confirmed account whose profile names Anna Kowalska in Poland (what the quote prefills). */
export async function customer(level: BrowserLevel, email: string): Promise<void> {
  await account(level, email, PASSWORD, true)
  const { token } = await logIn(level, email)
  const saved = await fetch(level.url('/api/users/profile'), {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ firstName: 'Anna', lastName: 'Kowalska', country: 'PL', phone: '' }),
  })
  expect(saved.ok).toBe(true)
}

/** A new session of the account, as the log-in screen gets it. */
export async function logIn(
  level: BrowserLevel,
  email: string,
): Promise<{ token: string; refreshToken: string }> {
  const answer = await post(level, '/api/auth/login', { email, password: PASSWORD })
  expect(answer.status).toBe(200)
  const { accessToken, refreshToken } = (await answer.json()) as {
    accessToken: string
    refreshToken: string
  }
  return { token: accessToken, refreshToken }
}

/**
 * Stores a session of its own in the context's origin storage before any page of it loads, as the
 * app stores one after logging in (each path gets its own: refresh tokens rotate).
 */
export async function signIn(context: BrowserContext, level: BrowserLevel, email: string) {
  const session = await logIn(level, email)
  await context.addInitScript(
    ({ key, value }) => {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, value)
    },
    { key: AUTH_SESSION_KEY, value: JSON.stringify(session) },
  )
}
