/**
 * The Security section's paths through the profile page (decision 109): one actor for the section,
 * whose cards ask the one step-up dialog through the actor system and make the section read the
 * sessions again after a change of the password or a factor.
 */
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  enrolment,
  phoneSession,
  recoveryCodes,
  thisSession,
} from '../../src/flows/fixtures/security'
import type { SecuritySnapshot } from '../../src/machines/security/security.machine'
import {
  APP_CODE_LABEL,
  APP_TITLE,
  END_OTHERS as END_OTHERS_BUTTON,
  CHANGE_PASSWORD,
  NEW_PASSWORD_LABEL,
  PASSKEYS_TITLE,
  PASSWORD_CHANGED,
  PASSWORD_TITLE,
  RECOVERY_TITLE,
  SESSIONS_TITLE,
  SET_UP,
  TURN_ON,
} from '../../src/ui/account/security-texts'
import { changeMadeBy, createSecurityPathModel } from '../machines/security-model'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { renderSignedIn } from './home-support'
import { json } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import { card, confirmStepUp, settle, stepUpDialog, steppedUp } from './support/security-ui'

const CHANGE = { method: 'PUT', path: '/api/account/password' }
const STEP_UP = { method: 'POST', path: '/api/account/step-up' }
const SESSIONS = { method: 'GET', path: '/api/account/sessions' }
const END_OTHERS = { method: 'POST', path: '/api/account/sessions/end-others' }
const START = { method: 'POST', path: '/api/account/totp/enrolment' }
const CONFIRM = { method: 'POST', path: '/api/account/totp' }

const stepUpRequired = () =>
  json(403, { type: 'about:blank', title: 'Forbidden', status: 403, errorType: 'STEP_UP_REQUIRED' })

/**
 * The server as the section meets it: changes need a step-up until one is confirmed; a changed
 * password or factor ends the other sessions.
 */
function sectionServer(api: RenderedApp['api']) {
  let steppedUpNow = false
  let sessions = [thisSession, phoneSession]
  const endOthers = () => {
    const ended = sessions.length - 1
    sessions = [thisSession]
    return ended
  }
  api
    .on(SESSIONS.method, SESSIONS.path, () => json(200, { sessions }))
    .on(STEP_UP.method, STEP_UP.path, () => {
      steppedUpNow = true
      return json(200, steppedUp)
    })
    .on(CHANGE.method, CHANGE.path, () => {
      if (!steppedUpNow) return stepUpRequired()
      endOthers()
      return json(200, { status: 'password-changed' })
    })
    .on(END_OTHERS.method, END_OTHERS.path, () =>
      steppedUpNow ? json(200, { ended: endOthers() }) : stepUpRequired(),
    )
    .on(START.method, START.path, () => (steppedUpNow ? json(200, enrolment) : stepUpRequired()))
    .on(CONFIRM.method, CONFIRM.path, () => {
      endOthers()
      return json(200, { recoveryCodes })
    })
}

interface Ctx {
  app: RenderedApp
  changes: number
}

const snapshotOf = (app: RenderedApp) =>
  app.probe.actor('security').getSnapshot() as SecuritySnapshot
const cards = [PASSWORD_TITLE, PASSKEYS_TITLE, APP_TITLE, SESSIONS_TITLE]

describe('the Security section on the profile page (issue 26 item 1)', () => {
  const pm = createSecurityPathModel()

  const runner: PathRunner<typeof pm.machine, Ctx> = {
    async setup(inspect) {
      const app = await renderSignedIn('/app/profile', {
        machineId: 'security',
        inspect,
        prepare: sectionServer,
      })
      await settle()
      expect(card(SESSIONS_TITLE).getByText(phoneSession.device)).toBeTruthy()
      return { app, changes: 0 }
    },
    async event(ctx, event) {
      expect(event.type).toBe('security.changed')
      const { app } = ctx
      const reads = app.api.count(SESSIONS.method, SESSIONS.path)
      if (changeMadeBy(ctx.changes) === 'password') {
        await app.user.type(
          card(PASSWORD_TITLE).getByLabelText(NEW_PASSWORD_LABEL),
          'staple-battery-horse-42',
        )
        await app.user.click(card(PASSWORD_TITLE).getByRole('button', { name: CHANGE_PASSWORD }))
        await settle()
        // The server wants a confirmation: the one dialog asks, and the change goes on by itself.
        expect(stepUpDialog()).not.toBeNull()
        await confirmStepUp(app)
        await settle()
        expect(card(PASSWORD_TITLE).getByRole('status').textContent).toBe(PASSWORD_CHANGED)
      } else {
        // Confirmed a moment ago: the app's set-up asks for nothing more.
        await app.user.click(card(APP_TITLE).getByRole('button', { name: SET_UP }))
        await settle()
        await app.user.type(card(APP_TITLE).getByLabelText(APP_CODE_LABEL), '492039')
        await app.user.click(card(APP_TITLE).getByRole('button', { name: TURN_ON }))
        await settle()
        expect(card(APP_TITLE).getByRole('list', { name: RECOVERY_TITLE })).toBeTruthy()
      }
      // The section read the sessions again: the other device is gone from the list.
      expect(app.api.count(SESSIONS.method, SESSIONS.path)).toBe(reads + 1)
      expect(card(SESSIONS_TITLE).queryByText(phoneSession.device)).toBeNull()
      expect(app.api.count(STEP_UP.method, STEP_UP.path)).toBe(1)
      ctx.changes++
    },
    snapshot: (ctx) => snapshotOf(ctx.app) as never,
    states: {
      open: () => {
        for (const name of cards) expect(screen.getByRole('group', { name })).toBeTruthy()
        expect(stepUpDialog()).toBeNull()
        expect(card(SESSIONS_TITLE).getByText(thisSession.device)).toBeTruthy()
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
  }, 30_000)

  it('one confirmation serves the password change and ending the other sessions together', async () => {
    const app = await renderSignedIn('/app/profile', { prepare: sectionServer })
    await settle()
    await app.user.type(
      card(PASSWORD_TITLE).getByLabelText(NEW_PASSWORD_LABEL),
      'staple-battery-horse-42',
    )
    await app.user.click(card(PASSWORD_TITLE).getByRole('button', { name: CHANGE_PASSWORD }))
    await app.user.click(card(SESSIONS_TITLE).getByRole('button', { name: END_OTHERS_BUTTON }))
    await settle()
    expect(stepUpDialog()).not.toBeNull()
    await confirmStepUp(app)
    await settle()
    expect(stepUpDialog()).toBeNull()
    expect(app.api.count(STEP_UP.method, STEP_UP.path)).toBe(1)
    expect(app.api.count(CHANGE.method, CHANGE.path)).toBe(2)
    expect(app.api.count(END_OTHERS.method, END_OTHERS.path)).toBe(2)
    expect(card(PASSWORD_TITLE).getByRole('status').textContent).toBe(PASSWORD_CHANGED)
    app.unmount()
  })
})
