import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { registerFormMachine, registerSchema } from '../../src/machines/forms/register-form.machine'
import { registerFixture } from '../../src/flows/fixtures/forms'
import { json, problem, publicConfig } from './support/fake-api'
import { formUiSuite } from './support/form-ui-suite'
import { renderApp } from './support/render-app'

formUiSuite(
  'sign-up screen (docs/product/screens.md#sign-up-form, docs/product/validation.md#register, docs/product/errors.md#registration-failure)',
  {
    machine: registerFormMachine,
    fixture: { schema: registerSchema, ...registerFixture },
    path: '/app/register',
    call: { method: 'POST', path: '/api/auth/register' },
    // A Polish page asks for a Polish account; the English one sends no language.
    expectedBody: ({ locale }) => ({
      email: registerFixture.valid.email,
      password: registerFixture.valid.password,
      ...(locale === 'pl' ? { locale } : {}),
    }),
    success: () => json(202, { status: 'pending-verification' }),
    labels: {
      email: 'Email',
      password: 'Password',
      acceptRules: 'I accept Terms and Conditions and Privacy Policy',
    },
    submitLabel: 'Sign up',
    heading: 'Sign up',
    failureText: () => 'Something went wrong.',
    pointers: { password: '/password' },
    afterSuccess: async (app, { locale, t, path }) => {
      expect(
        await screen.findByRole('heading', { name: t('Registration successful') }),
      ).toBeTruthy()
      expect(app.pathname()).toBe(path('/app/register/success'))
      if (locale === 'en') expect(screen.getByText(/check your e-mail/i)).toBeTruthy()
      await app.user.click(screen.getByRole('link', { name: t('To Login') }))
      expect(await screen.findByRole('heading', { name: t('Log in') })).toBeTruthy()
      expect(app.pathname()).toBe(path('/app/login'))
    },
  },
)

describe('sign-up screen', () => {
  it("links 'Contact support' to the help desk from /api/config on failure", async () => {
    const app = await renderApp('/app/register')
    app.api.on('POST', '/api/auth/register', () => problem('VALIDATION_ERROR'))
    await screen.findByRole('heading', { name: 'Sign up' })
    await app.user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await app.user.type(screen.getByLabelText('Password'), 'correct-horse')
    await app.user.click(screen.getByLabelText('I accept Terms and Conditions and Privacy Policy'))
    await app.user.click(screen.getByRole('button', { name: 'Sign up' }))
    const link = await screen.findByRole('link', { name: 'Contact support' })
    expect(link.getAttribute('href')).toBe(publicConfig.supportUrl)
    app.unmount()
  })

  it("shows the server's reason for a weak password under Password and keeps what was typed", async () => {
    const app = await renderApp('/app/register')
    app.api.on('POST', '/api/auth/register', () =>
      json(400, {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'The request is not valid.',
        errorType: 'VALIDATION_ERROR',
        errors: [
          { field: '/password', code: 'weak-password', message: 'Too common: easy to guess' },
        ],
      }),
    )
    await screen.findByRole('heading', { name: 'Sign up' })
    await app.user.type(screen.getByLabelText('Email'), 'ann@example.com')
    await app.user.type(screen.getByLabelText('Password'), 'password')
    await app.user.click(screen.getByLabelText('I accept Terms and Conditions and Privacy Policy'))
    await app.user.click(screen.getByRole('button', { name: 'Sign up' }))

    // In the field's own error style, like 'Min 6 characters'; no generic failure.
    const password = screen.getByLabelText('Password') as HTMLInputElement
    await waitFor(() => {
      expect(password.getAttribute('aria-invalid')).toBe('true')
    })
    const reason = document.getElementById(password.getAttribute('aria-describedby') ?? '')
    expect(reason?.textContent).toBe('Too common: easy to guess')
    expect(reason?.className).toBe('field-error')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByText('Something went wrong.')).toBeNull()
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ann@example.com')
    expect(password.value).toBe('password')
    expect(
      (
        screen.getByLabelText(
          'I accept Terms and Conditions and Privacy Policy',
        ) as HTMLInputElement
      ).checked,
    ).toBe(true)

    // Editing the password clears the reason, as for any field message.
    await app.user.type(password, '-Tram-31')
    expect(screen.queryByText('Too common: easy to guess')).toBeNull()
    app.unmount()
  })

  it('signs up with the keyboard alone (Space ticks the box, Enter sends)', async () => {
    const app = await renderApp('/app/register')
    app.api.on('POST', '/api/auth/register', () => json(202, { status: 'pending-verification' }))
    await screen.findByRole('heading', { name: 'Sign up' })
    await app.user.tab()
    await app.user.tab()
    await app.user.keyboard('ann@example.com')
    await app.user.tab()
    await app.user.keyboard('correct-horse')
    await app.user.tab()
    expect(document.activeElement).toBe(
      screen.getByLabelText('I accept Terms and Conditions and Privacy Policy'),
    )
    await app.user.keyboard(' ')
    await app.user.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign up' }))
    await app.user.keyboard('{Enter}')
    expect(await screen.findByRole('heading', { name: 'Registration successful' })).toBeTruthy()
    app.unmount()
  })

  it("shows '{field} must be checked' for the rules and 'must be an email' for the address", async () => {
    const app = await renderApp('/app/register')
    await screen.findByRole('heading', { name: 'Sign up' })
    await app.user.type(screen.getByLabelText('Email'), 'ann.example.com')
    await app.user.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(screen.getByText('Email must be an email')).toBeTruthy()
    expect(screen.getByText('Required field')).toBeTruthy()
    expect(screen.getByText('Accept rules must be checked')).toBeTruthy()
    app.unmount()
  })
})
