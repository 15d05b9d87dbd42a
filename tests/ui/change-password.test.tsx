import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { englishRuleOrNull } from '../support/rule-texts'
import type { ChangePasswordSnapshot } from '../../src/machines/change-password/change-password.machine'
import {
  CHANGE_PASSWORD,
  NEW_PASSWORD_LABEL,
  PASSWORD_CHANGED,
  PASSWORD_TITLE,
  passwordFailureText,
} from '../../src/ui/account/security-texts'
import { passwords, WEAK_REASON } from '../../src/flows/fixtures/change-password'
import { createChangePasswordPathModel } from '../machines/change-password-model'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { renderSignedIn } from './home-support'
import { json } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import {
  cancelStepUp,
  card,
  confirmStepUp,
  messageUnder,
  refusalResponse,
  settle,
  stepUpDialog,
  steppedUp,
} from './support/security-ui'

const CHANGE = { method: 'PUT', path: '/api/account/password' }
const STEP_UP = { method: 'POST', path: '/api/account/step-up' }

const passwordCard = () => card(PASSWORD_TITLE)
const field = () => passwordCard().getByLabelText(NEW_PASSWORD_LABEL) as HTMLInputElement
const button = () =>
  passwordCard().getByRole('button', { name: CHANGE_PASSWORD }) as HTMLButtonElement
const snapshotOf = (app: RenderedApp) =>
  app.probe.actor('changePassword').getSnapshot() as ChangePasswordSnapshot

describe('change password on the profile page (issue 14)', () => {
  const pm = createChangePasswordPathModel()

  const runner: PathRunner<typeof pm.machine, RenderedApp> = {
    async setup(inspect) {
      const app = await renderSignedIn('/app/profile', {
        machineId: 'changePassword',
        inspect,
        prepare: (api) =>
          api
            .hold(CHANGE.method, CHANGE.path)
            .on(STEP_UP.method, STEP_UP.path, () => json(200, steppedUp)),
      })
      await settle()
      expect(field()).toBeTruthy()
      return app
    },
    async event(app, event) {
      const e = event as { type: string; value?: string; error?: unknown }
      if (e.type === 'password.change') {
        await app.user.clear(field())
        await app.user.click(field())
        await app.user.paste(e.value ?? '')
      } else if (e.type === 'form.submit') await app.user.click(button())
      else if (e.type === 'xstate.done.actor.changePassword') {
        expect(app.api.last(CHANGE.method, CHANGE.path)?.body).toEqual({
          newPassword: passwords.good,
        })
        await app.api.answer(CHANGE.method, CHANGE.path, json(200, { status: 'password-changed' }))
      } else if (e.type === 'xstate.error.actor.changePassword')
        await app.api.answer(CHANGE.method, CHANGE.path, refusalResponse(e.error))
      else if (e.type === 'stepUp.confirmed') await confirmStepUp(app)
      else if (e.type === 'stepUp.cancelled') await cancelStepUp(app)
      else throw new Error(`no UI step for ${e.type}`)
      await settle()
    },
    snapshot: (app) => snapshotOf(app) as never,
    states: {
      editing: (_app, s) => {
        expect(field().value).toBe(s.context.password)
        expect(messageUnder(field())).toBe(englishRuleOrNull(s.context.problem))
        expect(passwordCard().queryByRole('alert')).toBeNull()
        expect(passwordCard().getByRole('status').textContent).toBe('')
        expect(button().disabled).toBe(false)
        expect(stepUpDialog()).toBeNull()
        // The weak-password reason is the server's own, and the input stays.
        if (s.context.problem?.rule === 'server') {
          expect(s.context.problem.text).toBe(WEAK_REASON)
          expect(field().value).toBe(passwords.good)
        }
      },
      submitting: () => {
        expect(button().disabled).toBe(true)
        expect(stepUpDialog()).toBeNull()
      },
      confirming: () => {
        expect(stepUpDialog()).not.toBeNull()
        expect(button().disabled).toBe(true)
      },
      failed: (_app, s) => {
        expect(passwordCard().getByRole('alert').textContent).toBe(
          passwordFailureText(s.context.failure ?? ''),
        )
        expect(field().value).toBe(passwords.good)
        expect(button().disabled).toBe(false)
      },
      changed: () => {
        expect(passwordCard().getByRole('status').textContent).toBe(PASSWORD_CHANGED)
        expect(field().value).toBe('')
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
  }, 60_000)
})

describe('change password details', () => {
  it("shows the server's weak-password reason under the field and keeps the input", async () => {
    const app = await renderSignedIn('/app/profile', {
      prepare: (api) =>
        api.on(CHANGE.method, CHANGE.path, () =>
          json(400, {
            type: 'about:blank',
            title: 'Bad Request',
            status: 400,
            errorType: 'VALIDATION_ERROR',
            errors: [{ field: '/newPassword', message: WEAK_REASON, code: 'weak-password' }],
          }),
        ),
    })
    await settle()
    await app.user.type(field(), 'password')
    await app.user.click(button())
    await settle()
    expect(messageUnder(field())).toBe(WEAK_REASON)
    expect(field().value).toBe('password')
    expect(screen.queryByRole('alert')).toBeNull()
    app.unmount()
  })

  it("checks the spec's minimum before anything is sent", async () => {
    const app = await renderSignedIn('/app/profile')
    await settle()
    await app.user.type(field(), '12345')
    await app.user.click(button())
    await settle()
    expect(messageUnder(field())).toBe('Min 6 characters')
    expect(app.api.count(CHANGE.method, CHANGE.path)).toBe(0)
    app.unmount()
  })
})
