import { describe, expect, it } from 'vitest'
import type { SessionsSnapshot } from '../../src/machines/sessions/sessions.machine'
import { formatDateTime } from '../../src/ui/account/date-time'
import {
  CHANGE_PASSWORD,
  END_OTHERS,
  NEW_PASSWORD_LABEL,
  PASSWORD_TITLE,
  SESSIONS_LOAD_FAILED,
  SESSIONS_TITLE,
  THIS_DEVICE,
  sessionDetails,
  sessionsFailureText,
  sessionsNoticeText,
} from '../../src/ui/account/security-texts'
import { createSessionsPathModel } from '../machines/sessions-model'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { renderSignedIn } from './home-support'
import { json } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import {
  phoneSession,
  tabletSession,
  thisSession,
  type Session,
} from '../../src/flows/fixtures/security'
import {
  answerAll,
  cancelStepUp,
  card,
  confirmStepUp,
  refusalResponse,
  settle,
  stepUpDialog,
  steppedUp,
} from './support/security-ui'

const LIST = { method: 'GET', path: '/api/account/sessions' }
const END_PHONE = { method: 'DELETE', path: `/api/account/sessions/${phoneSession.id}` }
const END_OTHERS_CALL = { method: 'POST', path: '/api/account/sessions/end-others' }
const STEP_UP = { method: 'POST', path: '/api/account/step-up' }
const CHANGE = { method: 'PUT', path: '/api/account/password' }

const sessionsCard = () => card(SESSIONS_TITLE)
const endButton = (session: Session) =>
  sessionsCard().getByRole('button', {
    name: `End the session on ${session.device}`,
  }) as HTMLButtonElement
const endOthersButton = () =>
  sessionsCard().getByRole('button', { name: END_OTHERS }) as HTMLButtonElement
const snapshotOf = (app: RenderedApp) =>
  app.probe.actor('sessions').getSnapshot() as SessionsSnapshot
const rows = () => sessionsCard().getAllByRole('listitem')

describe('sessions on the profile page (issue 14 item 4)', () => {
  const pm = createSessionsPathModel()

  const runner: PathRunner<typeof pm.machine, RenderedApp> = {
    async setup(inspect) {
      const app = await renderSignedIn('/app/profile', {
        machineId: 'sessions',
        inspect,
        prepare: (api) =>
          api
            .hold(LIST.method, LIST.path)
            .hold(END_PHONE.method, END_PHONE.path)
            .hold(END_OTHERS_CALL.method, END_OTHERS_CALL.path)
            .on(STEP_UP.method, STEP_UP.path, () => json(200, steppedUp))
            .on(CHANGE.method, CHANGE.path, () => json(200, { status: 'password-changed' })),
      })
      await settle()
      expect(sessionsCard()).toBeTruthy()
      return app
    },
    async event(app, event) {
      const e = event as { type: string; output?: unknown; error?: unknown; id?: string }
      const s = snapshotOf(app)
      if (e.type === 'xstate.done.actor.listSessions')
        await answerAll(app.api, LIST.method, LIST.path, () =>
          json(200, { sessions: e.output as Session[] }),
        )
      else if (e.type === 'xstate.error.actor.listSessions')
        await answerAll(app.api, LIST.method, LIST.path, () => refusalResponse(e.error))
      else if (e.type === 'sessions.reload') {
        if (s.matches('loadFailed'))
          await app.user.click(sessionsCard().getByRole('button', { name: 'Try again' }))
        else {
          // A changed password ends the other sessions: the list is read again.
          const field = card(PASSWORD_TITLE).getByLabelText(NEW_PASSWORD_LABEL)
          await app.user.click(field)
          await app.user.paste('staple-battery-horse-42')
          await app.user.click(card(PASSWORD_TITLE).getByRole('button', { name: CHANGE_PASSWORD }))
        }
      } else if (e.type === 'session.end') await app.user.click(endButton(phoneSession))
      else if (e.type === 'xstate.done.actor.endSession')
        await app.api.answer(END_PHONE.method, END_PHONE.path, new Response(null, { status: 204 }))
      else if (e.type === 'xstate.error.actor.endSession')
        await app.api.answer(END_PHONE.method, END_PHONE.path, refusalResponse(e.error))
      else if (e.type === 'sessions.endOthers') await app.user.click(endOthersButton())
      else if (e.type === 'xstate.done.actor.endOtherSessions')
        await app.api.answer(
          END_OTHERS_CALL.method,
          END_OTHERS_CALL.path,
          json(200, { ended: e.output }),
        )
      else if (e.type === 'xstate.error.actor.endOtherSessions')
        await app.api.answer(END_OTHERS_CALL.method, END_OTHERS_CALL.path, refusalResponse(e.error))
      else if (e.type === 'stepUp.confirmed') await confirmStepUp(app)
      else if (e.type === 'stepUp.cancelled') await cancelStepUp(app)
      else throw new Error(`no UI step for ${e.type}`)
      await settle()
    },
    snapshot: (app) => snapshotOf(app) as never,
    states: {
      loading: (_app, s) => {
        if (s.context.sessions.length === 0)
          expect(sessionsCard().getByText('Loading…')).toBeTruthy()
        else expect(endOthersButton().disabled).toBe(true)
      },
      loadFailed: () => {
        expect(sessionsCard().getByRole('alert').textContent).toBe(SESSIONS_LOAD_FAILED)
        expect(sessionsCard().getByRole('button', { name: 'Try again' })).toBeTruthy()
      },
      listed: (_app, s) => {
        const { sessions, notice, failure } = s.context
        expect(rows().map((row) => row.textContent)).toEqual(
          sessions.map(
            (session) =>
              `${session.device}${session.current ? THIS_DEVICE : ''}` +
              sessionDetails(session.ip, formatDateTime(session.lastUsedAt)) +
              (session.current ? '' : 'End'),
          ),
        )
        // 'End' on every other session, never on this one (that is the Logout section's).
        expect(sessionsCard().getAllByRole('button', { name: /^End the session/ })).toHaveLength(
          sessions.filter((x) => !x.current).length,
        )
        expect(endButton(phoneSession).disabled).toBe(false)
        expect(endOthersButton().disabled).toBe(false)
        expect(sessionsCard().getByRole('status').textContent).toBe(
          notice ? sessionsNoticeText(notice) : '',
        )
        expect(sessionsCard().queryByRole('alert')?.textContent ?? null).toBe(
          failure ? sessionsFailureText(failure) : null,
        )
        expect(stepUpDialog()).toBeNull()
      },
      endingOne: () => {
        expect(endButton(phoneSession).getAttribute('aria-busy')).toBe('true')
        expect(endButton(tabletSession).disabled).toBe(true)
      },
      endingOthers: () => {
        expect(endOthersButton().disabled).toBe(true)
        expect(stepUpDialog()).toBeNull()
      },
      confirming: () => {
        expect(stepUpDialog()).not.toBeNull()
        expect(endOthersButton().disabled).toBe(true)
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

describe('sessions details', () => {
  it("ending a session reads the list again; 'This device' is marked and has no 'End'", async () => {
    let sessions = [thisSession, phoneSession, tabletSession]
    const app = await renderSignedIn('/app/profile', {
      prepare: (api) =>
        api
          .on(LIST.method, LIST.path, () => json(200, { sessions }))
          .on(END_PHONE.method, END_PHONE.path, () => {
            sessions = sessions.filter((x) => x.id !== phoneSession.id)
            return new Response(null, { status: 204 })
          }),
    })
    await settle()
    expect(rows()).toHaveLength(3)
    expect(rows()[0]?.textContent).toContain(THIS_DEVICE)
    expect(rows()[0]?.querySelector('button')).toBeNull()
    await app.user.click(endButton(phoneSession))
    await settle()
    expect(rows().map((row) => row.textContent.split('IP')[0])).toEqual([
      `${thisSession.device}${THIS_DEVICE}`,
      tabletSession.device,
    ])
    expect(sessionsCard().getByRole('status').textContent).toBe('The session has ended.')
    expect(app.api.count(LIST.method, LIST.path)).toBeGreaterThanOrEqual(2)
    app.unmount()
  })

  it('shows the last use in Warsaw time, the same on every machine', async () => {
    const app = await renderSignedIn('/app/profile', {
      prepare: (api) =>
        api.on(LIST.method, LIST.path, () => json(200, { sessions: [thisSession] })),
    })
    await settle()
    // 2026-11-23T08:00:00.000Z is 09:00 in Warsaw (CET), whatever the machine's locale and zone.
    expect(rows()[0]?.textContent).toContain('Last used Nov 23, 2026, 9:00 AM')
    expect(sessionsCard().queryByRole('button', { name: END_OTHERS })).toBeNull()
    app.unmount()
  })
})
