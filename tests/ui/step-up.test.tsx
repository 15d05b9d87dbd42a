import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/api-call'
import {
  requestOf,
  selectStepUpView,
  type StepUpSnapshot,
} from '../../src/machines/step-up/step-up.machine'
import {
  CHANGE_PASSWORD,
  END_OTHERS as END_OTHERS_BUTTON,
  NEW_PASSWORD_LABEL,
  PASSWORD_CHANGED,
  PASSWORD_TITLE,
  SESSIONS_TITLE,
  STEP_UP_PASSKEY_PROMPTING,
  STEP_UP_PASSWORD_LABEL,
  stepUpAlertText,
  stepUpCodeLabel,
  stepUpCodeText,
  stepUpIntro,
  stepUpPasswordText,
  stepUpSwitchLabel,
} from '../../src/ui/account/security-texts'
import { createStepUpPathModel } from '../machines/step-up-model'
import { FakePasskeys } from './support/fake-passkeys'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { renderSignedIn } from './home-support'
import { json, problem } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import {
  laptopKey,
  noFactors,
  phoneSession,
  thisSession,
  type SecurityOverview,
} from '../../src/flows/fixtures/security'
import { challenge } from '../../src/flows/fixtures/login'
import { accounts, passkeyAnswer, requesters } from '../../src/flows/fixtures/step-up'
import {
  answerAll,
  browserAnswerOf,
  card,
  messageUnder,
  passkeyAnswering,
  refusalResponse,
  settle,
  STEP_UP_CODE,
  STEP_UP_PASSKEY_OPTIONS,
  STEP_UP_PASSWORD,
  stepUpDialog,
  steppedUp,
} from './support/security-ui'

const STEP_UP = { method: 'POST', path: '/api/account/step-up' }
const OPTIONS = STEP_UP_PASSKEY_OPTIONS
const CHANGE = { method: 'PUT', path: '/api/account/password' }
const END_OTHERS = { method: 'POST', path: '/api/account/sessions/end-others' }
const SESSIONS = { method: 'GET', path: '/api/account/sessions' }
const REFRESH = { method: 'POST', path: '/api/auth/refresh-token' }
const SECURITY = { method: 'GET', path: '/api/account/security' }
const passkeyOptions = challenge.passkeyOptions

type Account = (typeof accounts)[keyof typeof accounts]

/** The security overview of an account with these factors. */
const overviewOf = (account: Account): SecurityOverview => ({
  ...noFactors,
  passkeys: account.hasPasskey ? [laptopKey] : [],
  totp: account.hasTotp,
  recoveryCodesLeft: account.hasRecoveryCodes ? 10 : 0,
})

interface Ctx {
  app: RenderedApp
  passkeys: FakePasskeys
}

const newPassword = () =>
  card(PASSWORD_TITLE).getByLabelText(NEW_PASSWORD_LABEL) as HTMLInputElement
const changeButton = () => card(PASSWORD_TITLE).getByRole('button', { name: CHANGE_PASSWORD })
const dialog = () => within(stepUpDialog() as HTMLElement)
const passwordField = () => dialog().getByLabelText(STEP_UP_PASSWORD_LABEL) as HTMLInputElement
const codeField = (s: StepUpSnapshot) => {
  const { proof } = s.context
  if (proof !== 'totp' && proof !== 'recovery-code') throw new Error('no code field')
  return dialog().getByLabelText(stepUpCodeLabel(proof)) as HTMLInputElement
}
const confirmButton = () => dialog().getByRole('button', { name: 'Confirm' }) as HTMLButtonElement
const snapshotOf = (app: RenderedApp) => app.probe.actor('stepUp').getSnapshot() as StepUpSnapshot
const stepUpRequired = () =>
  json(403, { type: 'about:blank', title: 'Forbidden', status: 403, errorType: 'STEP_UP_REQUIRED' })
/** The dialog's switch buttons, by their labels. */
const switchLabels = () =>
  dialog()
    .queryAllByRole('button')
    .map((b) => b.textContent)
    .filter((name) => name !== 'Cancel' && name !== 'Confirm')

async function replaceText(app: RenderedApp, field: HTMLInputElement, value: string) {
  await app.user.clear(field)
  if (value) {
    await app.user.click(field)
    await app.user.paste(value)
  }
}

/** The password change, which always asks for a step-up, opens the dialog. */
async function openDialog(app: RenderedApp) {
  if (newPassword().value === '') {
    await app.user.click(newPassword())
    await app.user.paste('staple-battery-horse-42')
  }
  await app.user.click(changeButton())
}

describe("'Confirm it's you' on the profile page (issue 14 item 7, issue 25 finding 2)", () => {
  const pm = createStepUpPathModel()

  const runner: PathRunner<typeof pm.machine, Ctx> = {
    async setup(inspect) {
      const passkeys = new FakePasskeys()
      const app = await renderSignedIn('/app/profile', {
        machineId: 'stepUp',
        inspect,
        webauthn: passkeys.browser,
        prepare: (api) =>
          api
            .hold(STEP_UP.method, STEP_UP.path)
            .hold(OPTIONS.method, OPTIONS.path)
            .on(CHANGE.method, CHANGE.path, stepUpRequired)
            .on(END_OTHERS.method, END_OTHERS.path, stepUpRequired)
            .on(SESSIONS.method, SESSIONS.path, () =>
              json(200, { sessions: [thisSession, phoneSession] }),
            )
            // Until a path says what the account has, the cards are still reading it.
            .hold(SECURITY.method, SECURITY.path),
      })
      await settle()
      expect(newPassword()).toBeTruthy()
      return { app, passkeys }
    },
    async event({ app, passkeys }, event) {
      const e = event as { type: string; value?: string; proof?: string; error?: unknown }
      const s = snapshotOf(app)
      switch (e.type) {
        case 'stepUp.factors':
          // The Passkeys and Authenticator app cards read the account; both tell the dialog.
          await answerAll(app.api, SECURITY.method, SECURITY.path, () =>
            json(200, overviewOf(e as unknown as Account)),
          )
          break
        case 'stepUp.request':
          if ((e as { requester?: unknown }).requester === requesters.sessions)
            // A second change that needs the confirmation while the dialog is open.
            await app.user.click(
              card(SESSIONS_TITLE).getByRole('button', { name: END_OTHERS_BUTTON }),
            )
          else await openDialog(app)
          break
        case 'password.change':
          await replaceText(app, passwordField(), e.value ?? '')
          break
        case 'code.change':
          await replaceText(app, codeField(s), e.value ?? '')
          break
        case 'proof.switch':
          await app.user.click(
            dialog().getByRole('button', {
              name: stepUpSwitchLabel(e.proof as 'totp' | 'recovery-code' | 'passkey'),
            }),
          )
          break
        case 'form.submit':
          await app.user.click(confirmButton())
          break
        case 'stepUp.cancel':
          await app.user.click(dialog().getByRole('button', { name: 'Cancel' }))
          break
        case 'xstate.done.actor.askPasskey':
          await app.api.answer(OPTIONS.method, OPTIONS.path, json(200, passkeyOptions))
          await passkeys.opened()
          // The browser gets the server's options as they came.
          expect(passkeys.options.at(-1)).toEqual(passkeyOptions)
          passkeys.prompts.latest.resolve(browserAnswerOf(passkeyAnswer))
          break
        case 'xstate.error.actor.askPasskey':
          if (e.error instanceof ApiError) {
            await app.api.answer(OPTIONS.method, OPTIONS.path, refusalResponse(e.error))
            break
          }
          await app.api.answer(OPTIONS.method, OPTIONS.path, json(200, passkeyOptions))
          await passkeys.opened()
          passkeys.prompts.latest.reject(e.error)
          break
        case 'xstate.done.actor.checkStepUp':
          // The password, with the proof the account needs.
          expect(app.api.last(STEP_UP.method, STEP_UP.path)?.body).toEqual(requestOf(s.context))
          await app.api.answer(STEP_UP.method, STEP_UP.path, json(200, steppedUp))
          break
        case 'xstate.error.actor.checkStepUp':
          await app.api.answer(STEP_UP.method, STEP_UP.path, refusalResponse(e.error))
          break
        default:
          throw new Error(`no UI step for ${e.type}`)
      }
      await settle()
    },
    snapshot: (ctx) => snapshotOf(ctx.app) as never,
    states: {
      closed: () => {
        expect(stepUpDialog()).toBeNull()
      },
      open: (_ctx, s) => {
        const { proof, switches } = selectStepUpView(s)
        expect(stepUpDialog()).not.toBeNull()
        expect(dialog().getByText(stepUpIntro(proof))).toBeTruthy()
        // The password always; the code field for a code; the account's other proofs to switch to.
        expect(passwordField().type).toBe('password')
        for (const code of ['totp', 'recovery-code'] as const)
          expect(dialog().queryByLabelText(stepUpCodeLabel(code)) !== null).toBe(proof === code)
        expect(switchLabels()).toEqual(switches.map(stepUpSwitchLabel))
      },
      'open.editing': (_ctx, s) => {
        const { proof, password, code, passwordProblem, codeProblem, problem: shown } = s.context
        expect(passwordField().value).toBe(password)
        expect(messageUnder(passwordField())).toBe(
          stepUpPasswordText(passwordProblem, shown, proof),
        )
        if (proof === 'totp' || proof === 'recovery-code') {
          expect(codeField(s).value).toBe(code)
          expect(messageUnder(codeField(s))).toBe(stepUpCodeText(codeProblem, proof))
        }
        // A wrong password alone shows under its field; everything else as the dialog's alert.
        expect(dialog().queryByRole('alert')?.textContent ?? null).toBe(
          stepUpAlertText(shown, proof),
        )
        expect(dialog().queryByText(STEP_UP_PASSKEY_PROMPTING)).toBeNull()
        expect(confirmButton().disabled).toBe(false)
      },
      'open.askingPasskey': (ctx) => {
        expect(dialog().getByRole('status').textContent).toBe(STEP_UP_PASSKEY_PROMPTING)
        expect(confirmButton().disabled).toBe(true)
        // The challenge is asked for only once Confirm was pressed with the password.
        expect(ctx.app.api.count(OPTIONS.method, OPTIONS.path)).toBeGreaterThan(0)
      },
      'open.checking': () => {
        expect(confirmButton().disabled).toBe(true)
      },
    },
    teardown: (ctx) => {
      ctx.app.unmount()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the page', async () => {
    const report = await runAllPaths(pm, runner, 'ui')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  }, 120_000)
})

describe('step-up details', () => {
  it('opens on a 403 STEP_UP_REQUIRED and, once confirmed, sends the change again by itself', async () => {
    let steppedUpNow = false
    const app = await renderSignedIn('/app/profile', {
      prepare: (api) =>
        api
          .on(STEP_UP.method, STEP_UP.path, () => {
            steppedUpNow = true
            return json(200, steppedUp)
          })
          .on(CHANGE.method, CHANGE.path, () =>
            steppedUpNow ? json(200, { status: 'password-changed' }) : stepUpRequired(),
          ),
    })
    await settle()
    await app.user.type(newPassword(), 'staple-battery-horse-42')
    await app.user.click(changeButton())
    await settle()
    expect(stepUpDialog()).not.toBeNull()
    // No second factor on this account: the password only, nothing to switch to.
    expect(dialog().getByText(stepUpIntro(null))).toBeTruthy()
    expect(switchLabels()).toEqual([])
    await app.user.type(passwordField(), STEP_UP_PASSWORD)
    await app.user.click(confirmButton())
    await settle()
    expect(stepUpDialog()).toBeNull()
    expect(card(PASSWORD_TITLE).getByRole('status').textContent).toBe(PASSWORD_CHANGED)
    expect(app.api.requests.filter((r) => r.path === CHANGE.path).map((r) => r.body)).toEqual([
      { newPassword: 'staple-battery-horse-42' },
      { newPassword: 'staple-battery-horse-42' },
    ])
    expect(app.api.last(STEP_UP.method, STEP_UP.path)?.body).toEqual({ password: STEP_UP_PASSWORD })
    app.unmount()
  })

  it('an account with the app sends the password and the code together', async () => {
    const app = await renderSignedIn('/app/profile', {
      prepare: (api) =>
        api
          .on(SECURITY.method, SECURITY.path, () => json(200, overviewOf(accounts.everyFactor)))
          .on(STEP_UP.method, STEP_UP.path, () => json(200, steppedUp))
          .on(CHANGE.method, CHANGE.path, stepUpRequired),
    })
    await settle()
    await openDialog(app)
    await settle()
    // The password alone is not enough: the code is asked for too.
    await app.user.type(passwordField(), STEP_UP_PASSWORD)
    await app.user.click(confirmButton())
    await settle()
    const code = dialog().getByLabelText(stepUpCodeLabel('totp')) as HTMLInputElement
    expect(messageUnder(code)).toBe('Required field')
    expect(app.api.count(STEP_UP.method, STEP_UP.path)).toBe(0)
    await app.user.type(code, '492 039')
    await app.user.click(confirmButton())
    await settle()
    expect(app.api.last(STEP_UP.method, STEP_UP.path)?.body).toEqual({
      password: STEP_UP_PASSWORD,
      totpCode: STEP_UP_CODE,
    })
    app.unmount()
  })

  it('an account with passkeys only confirms with the password, then the passkey prompt', async () => {
    const app = await renderSignedIn('/app/profile', {
      webauthn: passkeyAnswering(),
      prepare: (api) =>
        api
          .on(SECURITY.method, SECURITY.path, () => json(200, overviewOf(accounts.passkeyOnly)))
          .on(OPTIONS.method, OPTIONS.path, () => json(200, passkeyOptions))
          .on(STEP_UP.method, STEP_UP.path, () => json(200, steppedUp))
          .on(CHANGE.method, CHANGE.path, stepUpRequired),
    })
    await settle()
    await openDialog(app)
    await settle()
    expect(dialog().getByText(stepUpIntro('passkey'))).toBeTruthy()
    expect(switchLabels()).toEqual([])
    // Nothing is asked of the browser before the password is there.
    await app.user.click(confirmButton())
    await settle()
    expect(messageUnder(passwordField())).toBe('Required field')
    expect(app.api.count(OPTIONS.method, OPTIONS.path)).toBe(0)
    await app.user.type(passwordField(), STEP_UP_PASSWORD)
    await app.user.click(confirmButton())
    await settle()
    expect(stepUpDialog()).toBeNull()
    expect(app.api.count(OPTIONS.method, OPTIONS.path)).toBe(1)
    expect(app.api.last(STEP_UP.method, STEP_UP.path)?.body).toEqual({
      password: STEP_UP_PASSWORD,
      passkey: passkeyAnswer,
    })
    app.unmount()
  })

  it('a wrong password is checked once, shows under the field and keeps the session', async () => {
    const app = await renderSignedIn('/app/profile', {
      prepare: (api) =>
        api
          .on(STEP_UP.method, STEP_UP.path, () => problem('INVALID_CREDENTIALS', 401))
          .on(CHANGE.method, CHANGE.path, stepUpRequired),
    })
    await settle()
    await app.user.type(newPassword(), 'staple-battery-horse-42')
    await app.user.click(changeButton())
    await settle()
    await app.user.type(passwordField(), 'not-my-password')
    await app.user.click(confirmButton())
    await settle()
    expect(messageUnder(passwordField())).toBe('The password is not right.')
    // One attempt counted, no refresh of a token that was fine, still signed in.
    expect(app.api.count(STEP_UP.method, STEP_UP.path)).toBe(1)
    expect(app.api.count(REFRESH.method, REFRESH.path)).toBe(0)
    expect(app.pathname()).toBe('/app/profile')
    app.unmount()
  })

  it('Escape closes the dialog and drops the waiting change', async () => {
    const app = await renderSignedIn('/app/profile', {
      prepare: (api) => api.on(CHANGE.method, CHANGE.path, stepUpRequired),
    })
    await settle()
    await app.user.type(newPassword(), 'staple-battery-horse-42')
    await app.user.click(changeButton())
    await settle()
    expect(stepUpDialog()).not.toBeNull()
    await app.user.keyboard('{Escape}')
    await settle()
    expect(stepUpDialog()).toBeNull()
    expect((changeButton() as HTMLButtonElement).disabled).toBe(false)
    expect(app.api.count(CHANGE.method, CHANGE.path)).toBe(1)
    expect(screen.queryByRole('alert')).toBeNull()
    app.unmount()
  })
})
