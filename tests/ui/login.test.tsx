import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { loginFormMachine, loginSchema } from '../../src/machines/forms/login-form.machine'
import { loginFixture } from '../../src/flows/fixtures/forms'
import { json } from './support/fake-api'
import { formUiSuite } from './support/form-ui-suite'
import { renderApp } from './support/render-app'

const GENERIC = 'Error. Please try again or contact support'

formUiSuite(
  'log-in screen (docs/product/screens.md#log-in-form, docs/product/validation.md#login, docs/product/errors.md#login-errors)',
  {
    machine: loginFormMachine,
    fixture: { schema: loginSchema, ...loginFixture },
    path: '/app/login',
    call: { method: 'POST', path: '/api/auth/login' },
    expectedBody: () => loginFixture.valid,
    success: () => json(200, loginFixture.output),
    labels: { email: 'Email', password: 'Password' },
    submitLabel: 'Log in',
    heading: 'Log in',
    failureText: (errorType) =>
      errorType === 'EMAIL_NOT_VERIFIED' ? 'Email not verified' : GENERIC,
    afterSuccess: async (app) => {
      // Logged in: the tokens are stored and the customer is at /app, in the account's language
      // (English here) whichever page they logged in on.
      expect(await screen.findByRole('heading', { name: 'Welcome, Ann' })).toBeTruthy()
      expect(app.pathname()).toBe('/app')
      expect(JSON.parse(window.localStorage.getItem('auth_session') ?? '{}')).toEqual({
        token: loginFixture.output.accessToken,
        refreshToken: loginFixture.output.refreshToken,
      })
    },
  },
)

describe('log-in screen with the keyboard alone', () => {
  it('logs in with Tab, typing and Enter', async () => {
    const app = await renderApp('/app/login')
    app.api.on('POST', '/api/auth/login', () => json(200, loginFixture.output))
    await screen.findByRole('heading', { name: 'Log in' })
    await app.user.tab() // the logo
    await app.user.tab()
    expect(document.activeElement).toBe(screen.getByLabelText('Email'))
    await app.user.keyboard('ann@example.com')
    await app.user.tab()
    expect(document.activeElement).toBe(screen.getByLabelText('Password'))
    await app.user.keyboard('correct-horse{Enter}')
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann' })).toBeTruthy()
    app.unmount()
  })

  it('offers sign up and forgot password, and the logo leads to /app', async () => {
    const app = await renderApp('/app/login')
    await screen.findByRole('heading', { name: 'Log in' })
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/app/register')
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/app/forgot-password',
    )
    expect(screen.getByRole('link', { name: 'Vistula Exchange — home' }).getAttribute('href')).toBe(
      '/app',
    )
    app.unmount()
  })

  it("shows the generic error when the server can't be reached", async () => {
    const app = await renderApp('/app/login')
    app.api.on('POST', '/api/auth/login', () => Promise.reject(new TypeError('Failed to fetch')))
    await screen.findByRole('heading', { name: 'Log in' })
    await app.user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await app.user.type(screen.getByLabelText('Password'), 'correct-horse{Enter}')
    expect(await screen.findByText(GENERIC)).toBeTruthy()
    app.unmount()
  })
})
