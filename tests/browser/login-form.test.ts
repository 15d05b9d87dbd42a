import { expect } from 'vitest'
import { loginFixture } from '../../src/flows/fixtures/forms'
import { loginFormMachine, loginSchema } from '../../src/machines/forms/login-form.machine'
import { account, browserFormSuite } from './support/form-suite'

/** Registered with the fixture's password, its address never confirmed. */
const UNCONFIRMED = 'ben@example.com'

browserFormSuite(
  'log-in screen in Chromium (docs/product/screens.md#log-in-form, docs/product/errors.md#login-errors)',
  {
    machine: loginFormMachine,
    fixture: { schema: loginSchema, ...loginFixture },
    path: '/app/login',
    call: '/api/auth/login',
    expectedBody: () => loginFixture.valid,
    labels: { email: 'Email', password: 'Password' },
    submitLabel: 'Log in',
    heading: 'Log in',
    failureText: (errorType) =>
      errorType === 'EMAIL_NOT_VERIFIED'
        ? 'Email not verified'
        : 'Error. Please try again or contact support',
    async prepare(level) {
      await account(level, loginFixture.valid.email, loginFixture.valid.password, true)
      await account(level, UNCONFIRMED, loginFixture.valid.password, false)
    },
    outcome(sent, failure) {
      if (failure?.errorType === 'EMAIL_NOT_VERIFIED')
        return {
          kind: 'changed',
          body: { ...sent, email: UNCONFIRMED },
          why: 'the form logs in as an account whose address was never confirmed',
        }
      if (failure?.errorType === 'INVALID_CREDENTIALS')
        return {
          kind: 'changed',
          body: { ...sent, password: 'not-the-password-0' },
          why: 'the form logs in with another password than the account has',
        }
      return { kind: 'as-sent' }
    },
    afterSuccess: async (ctx) => {
      // Logged in: the customer is at /app, the session in the origin's storage.
      await ctx.flow.page.getByRole('heading', { name: /^Welcome/ }).waitFor()
      expect(new URL(ctx.flow.page.url()).pathname).toBe('/app')
      const stored = await ctx.flow.page.evaluate(() => localStorage.getItem('auth_session'))
      expect(Object.keys(JSON.parse(stored ?? '{}') as object).sort()).toEqual([
        'refreshToken',
        'token',
      ])
    },
  },
)
