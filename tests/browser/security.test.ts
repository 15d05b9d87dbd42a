/**
 * The Security section's paths (src/machines/security/security.machine.ts) through the real app in
 * Chromium against the real server: the password changed behind the server's step-up (the one
 * dialog, answered with the password), then the authenticator app turned on with the code its
 * secret gives now; each change ends the other sessions on the server, and the section reads the
 * list again.
 */
import type { Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { securityMachine } from '../../src/machines/security/security.machine'
import {
  APP_CODE_LABEL,
  APP_KEY_LEAD,
  APP_TITLE,
  CHANGE_PASSWORD,
  NEW_PASSWORD_LABEL,
  PASSKEYS_TITLE,
  PASSWORD_CHANGED,
  PASSWORD_TITLE,
  RECOVERY_TITLE,
  SESSIONS_TITLE,
  SET_UP,
  STEP_UP_CONFIRM,
  STEP_UP_PASSWORD_LABEL,
  STEP_UP_TITLE,
  THIS_DEVICE,
  TURN_ON,
} from '../../src/ui/account/security-texts'
import { changeMadeBy, createSecurityPathModel } from '../machines/security-model'
import { coveringPaths, runAllPaths, statesWithoutAssertion } from '../support/model-paths'
import {
  browserRunner,
  eventually,
  openFlowPage,
  startBrowserLevel,
  type BrowserLevel,
  type FlowPage,
} from './support/flow-page'
import { totpCode } from './support/login-factors'
import { customer, logIn, PASSWORD, signIn } from './support/signed-in'

const NEW_PASSWORD = 'staple-battery-horse-42'

interface Ctx {
  flow: FlowPage<typeof securityMachine>
  changes: number
  /** The answers to GET /api/account/sessions the page has had. */
  sessionReads: number
}

describe('the Security section in Chromium against the real server (docs/product/screens.md#security-section, docs/product/account-security.md#step-up)', () => {
  let level: BrowserLevel | undefined
  let accounts = 0
  beforeAll(async () => {
    level = await startBrowserLevel()
  })
  afterAll(async () => {
    await level?.close()
  })

  const pm = coveringPaths(createSecurityPathModel())
  const card = (ctx: Ctx, name: string) => ctx.flow.page.getByRole('group', { name })
  const dialog = (ctx: Ctx) => ctx.flow.page.getByRole('dialog', { name: STEP_UP_TITLE })
  const sessionRows = (ctx: Ctx) =>
    card(ctx, SESSIONS_TITLE).getByRole('list', { name: SESSIONS_TITLE }).getByRole('listitem')

  const runner = browserRunner<typeof securityMachine, Ctx>({
    async open(run) {
      if (!level) throw new Error('the browser level did not start')
      // Each path changes its account's password and factors: an account of its own.
      const email = `security-${String(++accounts)}@example.com`
      await customer(level, email)
      const flow = await openFlowPage(level, securityMachine, run?.recorder)
      const ctx: Ctx = { flow, changes: 0, sessionReads: 0 }
      flow.page.on('response', (response: Response) => {
        const url = new URL(response.url())
        if (url.pathname === '/api/account/sessions' && response.request().method() === 'GET')
          ctx.sessionReads++
      })
      await signIn(flow.context, level, email)
      // Another device signed in: a changed password or factor ends its session.
      await logIn(level, email)
      await flow.page.goto(level.url('/app/profile'))
      await flow.actorStarted()
      await eventually(() => sessionRows(ctx).count()).toBe(3)
      return ctx
    },
    async act(ctx, event) {
      expect(event.type).toBe('security.changed')
      const { page } = ctx.flow
      const reads = ctx.sessionReads
      if (changeMadeBy(ctx.changes) === 'password') {
        await card(ctx, PASSWORD_TITLE).getByLabel(NEW_PASSWORD_LABEL).fill(NEW_PASSWORD)
        await card(ctx, PASSWORD_TITLE).getByRole('button', { name: CHANGE_PASSWORD }).click()
        // The server wants the password again before the change: the one dialog asks for it.
        await dialog(ctx).getByLabel(STEP_UP_PASSWORD_LABEL).fill(PASSWORD)
        await dialog(ctx).getByRole('button', { name: STEP_UP_CONFIRM }).click()
        await eventually(() => card(ctx, PASSWORD_TITLE).getByRole('status').textContent()).toBe(
          PASSWORD_CHANGED,
        )
      } else {
        // Confirmed a moment ago (the step-up lasts 5 minutes): nothing more is asked.
        await card(ctx, APP_TITLE).getByRole('button', { name: SET_UP }).click()
        // The key as the customer would type it into the app.
        const key = await card(ctx, APP_TITLE)
          .locator('p', { hasText: APP_KEY_LEAD })
          .locator('code')
          .textContent()
        const secret = (key ?? '').replace(/\s+/g, '')
        const code = await totpCode(secret, Math.floor(Date.now() / 30_000))
        await card(ctx, APP_TITLE).getByLabel(APP_CODE_LABEL).fill(code)
        await card(ctx, APP_TITLE).getByRole('button', { name: TURN_ON }).click()
        await card(ctx, APP_TITLE).getByRole('list', { name: RECOVERY_TITLE }).waitFor()
      }
      // The section read the sessions again after the server ended the others.
      await eventually(() => ctx.sessionReads).toBe(reads + 1)
      await eventually(() => sessionRows(ctx).count()).toBe(1)
      expect(await page.getByRole('dialog', { name: STEP_UP_TITLE }).count()).toBe(0)
      ctx.changes++
    },
    states: {
      open: async (ctx) => {
        for (const name of [PASSWORD_TITLE, PASSKEYS_TITLE, APP_TITLE, SESSIONS_TITLE])
          await card(ctx, name).waitFor()
        expect(await dialog(ctx).count()).toBe(0)
        await eventually(() => sessionRows(ctx).filter({ hasText: THIS_DEVICE }).count()).toBe(1)
      },
    },
  })

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the page and the server', async () => {
    const report = await runAllPaths(pm, runner, 'browser')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })
})
