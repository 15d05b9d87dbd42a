import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  newPasswordFormMachine,
  newPasswordSchema,
} from '../../src/machines/forms/new-password-form.machine'
import { newPasswordFixture } from '../support/form-model'
import { json } from './support/fake-api'
import { formUiSuite } from './support/form-ui-suite'
import { renderApp } from './support/render-app'

formUiSuite('set-new-password screen (spec §2, §5 New password, §7, §8)', {
  machine: newPasswordFormMachine,
  fixture: { schema: newPasswordSchema, ...newPasswordFixture },
  path: '/app/set-new-password/rp_link-token',
  call: { method: 'POST', path: '/api/auth/forgot-password/new-password' },
  // The link's token, and the one password also sent as its confirmation.
  expectedBody: {
    token: 'rp_link-token',
    newPassword: newPasswordFixture.valid.password,
    confirmNewPassword: newPasswordFixture.valid.password,
  },
  success: () => json(200, { status: 'password-changed' }),
  labels: { password: 'Password' },
  submitLabel: 'Save password',
  heading: 'Set a new password',
  failureText: () => 'Error. Please try again or contact support',
  afterSuccess: async (app) => {
    expect(
      await screen.findByRole('heading', { name: 'Your password has been successfully reset!' }),
    ).toBeTruthy()
    expect(app.pathname()).toBe('/app/set-new-password/success')
    await app.user.click(screen.getByRole('link', { name: 'Log in' }))
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy()
  },
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
