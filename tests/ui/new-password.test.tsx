import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  newPasswordFormMachine,
  newPasswordSchema,
} from '../../src/machines/forms/new-password-form.machine'
import { newPasswordFixture } from '../../src/flows/fixtures/forms'
import { json } from './support/fake-api'
import { formUiSuite } from './support/form-ui-suite'
import { renderApp } from './support/render-app'

formUiSuite(
  'set-new-password screen (docs/product/screens.md#set-new-password-screen, docs/product/validation.md#new-password, docs/product/api.md#new-password, docs/product/errors.md#new-password-failure)',
  {
    machine: newPasswordFormMachine,
    fixture: { schema: newPasswordSchema, ...newPasswordFixture },
    path: '/app/set-new-password/rp_link-token',
    call: { method: 'POST', path: '/api/auth/forgot-password/new-password' },
    // The link's token, and the one password also sent as its confirmation.
    expectedBody: () => ({
      token: 'rp_link-token',
      newPassword: newPasswordFixture.valid.password,
      confirmNewPassword: newPasswordFixture.valid.password,
    }),
    success: () => json(200, { status: 'password-changed' }),
    labels: { password: 'Password' },
    submitLabel: 'Save password',
    heading: 'Set a new password',
    failureText: () => 'Error. Please try again or contact support',
    // The body names the password `newPassword`: a weak one comes back on that pointer.
    pointers: { password: '/newPassword' },
    afterSuccess: async (app, { t, path }) => {
      expect(
        await screen.findByRole('heading', {
          name: t('Your password has been successfully reset!'),
        }),
      ).toBeTruthy()
      expect(app.pathname()).toBe(path('/app/set-new-password/success'))
      await app.user.click(screen.getByRole('link', { name: t('Log in') }))
      expect(await screen.findByRole('heading', { name: t('Log in') })).toBeTruthy()
      expect(app.pathname()).toBe(path('/app/login'))
    },
  },
)

describe('set-new-password screen with a weak password', () => {
  it("shows the server's reason under Password, keeps the text, and the same link takes a strong one", async () => {
    const app = await renderApp('/app/set-new-password/rp_link-token')
    app.api.hold('POST', '/api/auth/forgot-password/new-password')
    await screen.findByRole('heading', { name: 'Set a new password' })
    const password = screen.getByLabelText('Password') as HTMLInputElement
    await app.user.type(password, 'ann@example.com')
    await app.user.click(screen.getByRole('button', { name: 'Save password' }))
    await app.api.answer(
      'POST',
      '/api/auth/forgot-password/new-password',
      json(400, {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'The request is not valid.',
        errorType: 'VALIDATION_ERROR',
        errors: [
          { field: '/newPassword', code: 'weak-password', message: 'Must not contain your e-mail' },
        ],
      }),
    )
    expect(await screen.findByText('Must not contain your e-mail')).toBeTruthy()
    expect(password.getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(password.value).toBe('ann@example.com')

    await app.user.clear(password)
    expect(screen.queryByText('Must not contain your e-mail')).toBeNull()
    await app.user.type(password, 'Orange-Kayak-Marble-8')
    await app.user.click(screen.getByRole('button', { name: 'Save password' }))
    expect(app.api.last('POST', '/api/auth/forgot-password/new-password')?.body).toEqual({
      token: 'rp_link-token',
      newPassword: 'Orange-Kayak-Marble-8',
      confirmNewPassword: 'Orange-Kayak-Marble-8',
    })
    await app.api.answer(
      'POST',
      '/api/auth/forgot-password/new-password',
      json(200, { status: 'password-changed' }),
    )
    expect(
      await screen.findByRole('heading', { name: 'Your password has been successfully reset!' }),
    ).toBeTruthy()
    app.unmount()
  })
})

describe('set-new-password routes', () => {
  it('the static /app/set-new-password/success wins over the token route', async () => {
    const app = await renderApp('/app/set-new-password/success')
    expect(
      await screen.findByRole('heading', { name: 'Your password has been successfully reset!' }),
    ).toBeTruthy()
    expect(screen.queryByLabelText('Password')).toBeNull()
    app.unmount()
  })
})
