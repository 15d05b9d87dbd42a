import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { answerOf, type StepUpSnapshot } from '../../src/machines/step-up/step-up.machine'
import {
  CHANGE_PASSWORD,
  NEW_PASSWORD_LABEL,
  PASSWORD_CHANGED,
  PASSWORD_TITLE,
  STEP_UP_CODE_LABEL,
  STEP_UP_PASSWORD_LABEL,
  stepUpAlertText,
  stepUpFieldText,
  stepUpIntro,
  stepUpSwitchLabel,
} from '../../src/ui/account/security-texts'
import { createStepUpPathModel } from '../machines/step-up-model'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { renderSignedIn } from './home-support'
import { json, problem } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import { noFactors } from '../../src/flows/fixtures/security'
import {
  card,
  messageUnder,
  refusalResponse,
  settle,
  STEP_UP_PASSWORD,
  stepUpDialog,
  steppedUp,
} from './support/security-ui'

const STEP_UP = { method: 'POST', path: '/api/account/step-up' }
const CHANGE = { method: 'PUT', path: '/api/account/password' }
const REFRESH = { method: 'POST', path: '/api/auth/refresh-token' }

const newPassword = () =>
  card(PASSWORD_TITLE).getByLabelText(NEW_PASSWORD_LABEL) as HTMLInputElement
const changeButton = () => card(PASSWORD_TITLE).getByRole('button', { name: CHANGE_PASSWORD })
const dialog = () => within(stepUpDialog() as HTMLElement)
const answerField = (s: StepUpSnapshot) =>
  dialog().getByLabelText(
    s.context.method === 'password' ? STEP_UP_PASSWORD_LABEL : STEP_UP_CODE_LABEL,
  ) as HTMLInputElement
const confirmButton = () => dialog().getByRole('button', { name: 'Confirm' }) as HTMLButtonElement
const snapshotOf = (app: RenderedApp) => app.probe.actor('stepUp').getSnapshot() as StepUpSnapshot
const stepUpRequired = () =>
  json(403, { type: 'about:blank', title: 'Forbidden', status: 403, errorType: 'STEP_UP_REQUIRED' })

describe("'Confirm it's you' on the profile page (issue 14 item 7)", () => {
  const pm = createStepUpPathModel()

  const runner: PathRunner<typeof pm.machine, RenderedApp> = {
    async setup(inspect) {
      // The password change always asks for a step-up: it opens the dialog on every try.
      const app = await renderSignedIn('/app/profile', {
        machineId: 'stepUp',
        inspect,
        prepare: (api) =>
          api
            .hold(STEP_UP.method, STEP_UP.path)
            .on(CHANGE.method, CHANGE.path, stepUpRequired)
            .on('GET', '/api/account/security', () => json(200, { ...noFactors, totp: true })),
      })
      await settle()
      expect(newPassword()).toBeTruthy()
      return app
    },
    async event(app, event) {
      const e = event as { type: string; value?: string; error?: unknown }
      const s = snapshotOf(app)
      if (e.type === 'stepUp.open') {
        if (newPassword().value === '') {
          await app.user.click(newPassword())
          await app.user.paste('staple-battery-horse-42')
        }
        await app.user.click(changeButton())
      } else if (e.type === 'answer.change') {
        await app.user.clear(answerField(s))
        if (e.value) {
          await app.user.click(answerField(s))
          await app.user.paste(e.value)
        }
      } else if (e.type === 'method.switch')
        await app.user.click(
          dialog().getByRole('button', { name: stepUpSwitchLabel(s.context.method) }),
        )
      else if (e.type === 'form.submit') await app.user.click(confirmButton())
      else if (e.type === 'stepUp.cancel')
        await app.user.click(dialog().getByRole('button', { name: 'Cancel' }))
      else if (e.type === 'xstate.done.actor.checkStepUp') {
        expect(app.api.last(STEP_UP.method, STEP_UP.path)?.body).toEqual(answerOf(s.context))
        await app.api.answer(STEP_UP.method, STEP_UP.path, json(200, steppedUp))
      } else if (e.type === 'xstate.error.actor.checkStepUp')
        await app.api.answer(STEP_UP.method, STEP_UP.path, refusalResponse(e.error))
      else throw new Error(`no UI step for ${e.type}`)
      await settle()
    },
    snapshot: (app) => snapshotOf(app) as never,
    states: {
      closed: () => {
        expect(stepUpDialog()).toBeNull()
      },
      open: (_app, s) => {
        expect(stepUpDialog()).not.toBeNull()
        expect(dialog().getByText(stepUpIntro(s.context.method))).toBeTruthy()
        // The account has an app: the other way is offered.
        expect(
          dialog().getByRole('button', {
            name: stepUpSwitchLabel(s.context.method),
          }),
        ).toBeTruthy()
      },
      'open.editing': (_app, s) => {
        const { method, problem: shown, answer } = s.context
        expect(answerField(s).value).toBe(answer)
        expect(answerField(s).type).toBe(method === 'password' ? 'password' : 'text')
        // A wrong answer shows under the field; the limit and an outage as the dialog's alert.
        expect(messageUnder(answerField(s))).toBe(stepUpFieldText(shown, method))
        expect(dialog().queryByRole('alert')?.textContent ?? null).toBe(stepUpAlertText(shown))
        expect(confirmButton().disabled).toBe(false)
      },
      'open.checking': () => {
        expect(confirmButton().disabled).toBe(true)
      },
    },
    teardown: (app) => {
      app.unmount()
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
    // No app on this account: the password only.
    expect(dialog().queryByRole('button', { name: stepUpSwitchLabel('password') })).toBeNull()
    await app.user.type(dialog().getByLabelText(STEP_UP_PASSWORD_LABEL), STEP_UP_PASSWORD)
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
    await app.user.type(dialog().getByLabelText(STEP_UP_PASSWORD_LABEL), 'not-my-password')
    await app.user.click(confirmButton())
    await settle()
    expect(messageUnder(dialog().getByLabelText(STEP_UP_PASSWORD_LABEL))).toBe(
      'The password is not right.',
    )
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
