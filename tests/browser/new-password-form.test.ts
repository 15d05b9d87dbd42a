import { expect } from 'vitest'
import { newPasswordFixture } from '../../src/flows/fixtures/forms'
import {
  newPasswordFormMachine,
  newPasswordSchema,
} from '../../src/machines/forms/new-password-form.machine'
import type { MailboxMessage } from '../e2e/support/mailbox'
import type { BrowserLevel } from './support/flow-page'
import { account, browserFormSuite, post, type FormCtx } from './support/form-suite'

const LINK = '/app/set-new-password/'
let accounts = 0

/**
 * A fresh link for each path, from the mailbox: an account of its own (a link is single-use and
 * an address gets five an hour), which asks for a reset as the forgot-password screen does.
 */
async function resetLink(level: BrowserLevel): Promise<string> {
  accounts += 1
  const email = `reader${String(accounts)}@example.com`
  await account(level, email, 'first-horse-staple', true)
  expect((await post(level, '/api/auth/reset-password', { email })).ok).toBe(true)
  for (let tries = 0; tries < 100; tries++) {
    const messages = (await (
      await fetch(level.url('/dev/mailbox/messages'))
    ).json()) as MailboxMessage[]
    const link = messages
      .filter((m) => m.to === email)
      .map((m) => new RegExp(`https?://\\S+${LINK}[^\\s<"]+`).exec(m.text)?.[0])
      .find(Boolean)
    if (link) return new URL(link).pathname
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no reset link reached ${email}`)
}

/** The link's token, on the English page or the Polish one (/pl/app/set-new-password/…). */
const tokenOf = (ctx: FormCtx) => ctx.path.split(LINK)[1] ?? ''

browserFormSuite(
  'set-new-password screen in Chromium (docs/product/screens.md#set-new-password-screen, docs/product/api.md#new-password, docs/product/errors.md#new-password-failure)',
  {
    machine: newPasswordFormMachine,
    fixture: { schema: newPasswordSchema, ...newPasswordFixture },
    path: resetLink,
    call: '/api/auth/forgot-password/new-password',
    // The link's token, and the one password also sent as its confirmation.
    expectedBody: (ctx) => ({
      token: tokenOf(ctx),
      newPassword: newPasswordFixture.valid.password,
      confirmNewPassword: newPasswordFixture.valid.password,
    }),
    labels: { password: 'Password' },
    submitLabel: 'Save password',
    heading: 'Set a new password',
    failureText: () => 'Error. Please try again or contact support',
    outcome(sent, failure) {
      if (failure?.fields) {
        // A password holding the local part of this path's address (readerN@example.com).
        const weak = `reader${String(accounts)}-new-horse`
        return {
          kind: 'changed',
          body: { ...sent, newPassword: weak, confirmNewPassword: weak },
          why: 'a password holding the e-mail address, which the server refuses',
        }
      }
      if (failure) {
        const token = String(sent.token)
        return {
          kind: 'changed',
          body: { ...sent, token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
          why: 'a link token the server never issued (the link altered)',
        }
      }
      return { kind: 'as-sent' }
    },
    afterSuccess: async (ctx) => {
      const { page } = ctx.flow
      const { t, path } = ctx.language
      await page
        .getByRole('heading', { name: t('Your password has been successfully reset!') })
        .waitFor()
      expect(new URL(page.url()).pathname).toBe(path('/app/set-new-password/success'))
      await page.getByRole('link', { name: t('Log in') }).click()
      await page.getByRole('heading', { name: t('Log in') }).waitFor()
      expect(new URL(page.url()).pathname).toBe(path('/app/login'))
    },
  },
)
