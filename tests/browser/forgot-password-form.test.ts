import { expect } from 'vitest'
import { forgotPasswordFixture } from '../../src/flows/fixtures/forms'
import {
  forgotPasswordFormMachine,
  forgotPasswordSchema,
} from '../../src/machines/forms/forgot-password-form.machine'
import { browserFormSuite, post } from './support/form-suite'

/** An address whose reset links are used up for the hour (5, docs/product/limits.md). */
const LIMITED = 'limited@example.com'

browserFormSuite(
  'forgot-password screen in Chromium: the entry form (docs/product/screens.md#forgot-password-screen, docs/product/errors.md#forgot-password-failure)',
  {
    machine: forgotPasswordFormMachine,
    fixture: { schema: forgotPasswordSchema, ...forgotPasswordFixture },
    path: '/app/forgot-password',
    call: '/api/auth/reset-password',
    expectedBody: () => forgotPasswordFixture.valid,
    labels: { email: 'Email' },
    submitLabel: 'Send',
    heading: 'Forgot password',
    failureText: () => 'Error. Please try again or contact support',
    async prepare(level) {
      for (let i = 0; i < 5; i++)
        expect((await post(level, '/api/auth/reset-password', { email: LIMITED })).ok).toBe(true)
    },
    outcome: (sent, failure) =>
      failure?.errorType === 'RATE_LIMITED'
        ? {
            kind: 'changed',
            body: { ...sent, email: LIMITED },
            why: "the server refuses a sixth link within the hour for the address the limit's used up",
          }
        : { kind: 'as-sent' },
    afterSuccess: async (ctx) => {
      await ctx.flow.page
        .getByRole('heading', { name: ctx.language.t('Check your email') })
        .waitFor()
      expect(await ctx.flow.page.getByRole('timer').textContent()).toBe('03:00')
    },
  },
)
