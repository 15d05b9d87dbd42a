import { expect } from 'vitest'
import { registerFixture } from '../../src/flows/fixtures/forms'
import { registerFormMachine, registerSchema } from '../../src/machines/forms/register-form.machine'
import { browserFormSuite } from './support/form-suite'

browserFormSuite(
  'sign-up screen in Chromium (docs/product/screens.md#sign-up-form, docs/product/errors.md#registration-failure)',
  {
    machine: registerFormMachine,
    fixture: { schema: registerSchema, ...registerFixture },
    path: '/app/register',
    call: '/api/auth/register',
    // A Polish page asks for a Polish account; the English one sends no language.
    expectedBody: ({ language: { locale } }) => ({
      email: registerFixture.valid.email,
      password: registerFixture.valid.password,
      ...(locale === 'pl' ? { locale } : {}),
    }),
    labels: {
      email: 'Email',
      password: 'Password',
      acceptRules: 'I accept Terms and Conditions and Privacy Policy',
    },
    submitLabel: 'Sign up',
    heading: 'Sign up',
    failureText: () => 'Something went wrong.',
    outcome(sent, failure) {
      if (failure?.fields)
        return {
          kind: 'changed',
          body: { ...sent, password: 'password123' },
          why: 'a password from the leaked-passwords list, which the server refuses as too common',
        }
      if (failure)
        return {
          kind: 'changed',
          body: { ...sent, email: 'ann at example.com' },
          why: 'an address the contract refuses, which the form itself never sends',
        }
      return { kind: 'as-sent' }
    },
    afterSuccess: async (ctx) => {
      const { page } = ctx.flow
      const { t, path } = ctx.language
      await page.getByRole('heading', { name: t('Registration successful') }).waitFor()
      expect(new URL(page.url()).pathname).toBe(path('/app/register/success'))
      await page
        .getByText(
          t(
            'Please check your e-mail: we sent you a verification link. Open it to confirm your address, then log in.',
          ),
        )
        .waitFor()
      await page.getByRole('link', { name: t('To Login') }).click()
      await page.getByRole('heading', { name: t('Log in') }).waitFor()
      expect(new URL(page.url()).pathname).toBe(path('/app/login'))
    },
  },
)
