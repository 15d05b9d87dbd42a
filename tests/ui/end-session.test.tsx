import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { endSessionLinkMachine } from '../../src/machines/end-session/end-session.machine'
import {
  END_SESSION,
  END_SESSION_TITLE,
  END_SESSION_WHAT,
  LOG_IN,
  SESSION_ENDED,
  SESSION_ENDED_ADVICE,
  SESSION_ENDED_TITLE,
  SESSION_LINK_INVALID,
  SESSION_NOT_ENDED_TITLE,
  TRY_AGAIN,
} from '../../src/ui/end-session-page'
import { GENERIC_ERROR } from '../../src/ui/form-view'
import {
  createPathModel,
  plainEventsOf,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'
import { FakeApi, json, problem } from './support/fake-api'
import { ActorProbe, renderApp, type RenderedApp } from './support/render-app'

const END = { method: 'POST', path: '/api/auth/end-session' }
const TOKEN = 'es_link-token'

const events = [
  ...plainEventsOf(endSessionLinkMachine).filter(
    (e) => e.type === 'link.confirm' || e.type === 'link.retry',
  ),
  { type: 'xstate.done.actor.endSession', output: undefined },
  { type: 'xstate.error.actor.endSession', error: { errorType: 'INVALID_TOKEN', status: 400 } },
  { type: 'xstate.error.actor.endSession', error: { errorType: 'OTHER_ERROR', status: 503 } },
]

/** How often each rendered page was asked to end the session or try again (each posts once). */
const attempts = new WeakMap<RenderedApp, number>()
const attemptsOf = (app: RenderedApp) => attempts.get(app) ?? 0
const click = async (app: RenderedApp, name: string) => {
  attempts.set(app, attemptsOf(app) + 1)
  await app.user.click(screen.getByRole('button', { name }))
}

const logIn = () => screen.getByRole('link', { name: LOG_IN })

describe('the end-session page of a security notice (issue 14, issue 25 finding 8)', () => {
  const pm = createPathModel(endSessionLinkMachine, { events, input: { token: TOKEN } })

  const runner: PathRunner<typeof endSessionLinkMachine, RenderedApp> = {
    setup(inspect) {
      // The actor starts as the route loads, so the recorder is attached before rendering.
      const probe = new ActorProbe()
      probe.record('endSessionLink', inspect)
      const api = new FakeApi().hold(END.method, END.path)
      return renderApp(`/app/end-session/${TOKEN}`, { api, probe })
    },
    async event(app, event) {
      if (event.type === 'xstate.done.actor.endSession') {
        await app.api.answer(END.method, END.path, json(200, { status: 'session-ended' }))
      } else if (event.type === 'xstate.error.actor.endSession') {
        const { errorType, status } = (
          event as unknown as { error: { errorType: string; status: number } }
        ).error
        await app.api.answer(END.method, END.path, problem(errorType, status))
      } else if (event.type === 'link.confirm') {
        await click(app, END_SESSION)
      } else if (event.type === 'link.retry') {
        await click(app, TRY_AGAIN)
      }
    },
    snapshot: (app) => app.probe.actor('endSessionLink').getSnapshot() as never,
    settleMs: 2000,
    states: {
      asking: async (app) => {
        expect(await screen.findByRole('heading', { name: END_SESSION_TITLE })).toBeTruthy()
        expect(screen.getByText(END_SESSION_WHAT)).toBeTruthy()
        expect(screen.getByRole('button', { name: END_SESSION })).toBeTruthy()
        // The page has loaded (twice, under StrictMode) and sent nothing.
        expect(app.api.count(END.method, END.path)).toBe(0)
      },
      ending: async (app) => {
        expect(await screen.findByText('Loading...')).toBeTruthy()
        // Each attempt posts the link's token once, StrictMode or not.
        expect(app.api.count(END.method, END.path)).toBe(attemptsOf(app))
        expect(app.api.last(END.method, END.path)?.body).toEqual({ token: TOKEN })
      },
      ended: async () => {
        expect(await screen.findByRole('heading', { name: SESSION_ENDED_TITLE })).toBeTruthy()
        expect(screen.getByText(SESSION_ENDED)).toBeTruthy()
        expect(screen.getByText(SESSION_ENDED_ADVICE)).toBeTruthy()
        expect(logIn().getAttribute('href')).toBe('/app/login')
      },
      invalid: async () => {
        expect(await screen.findByRole('heading', { name: SESSION_NOT_ENDED_TITLE })).toBeTruthy()
        expect(screen.getByText(SESSION_LINK_INVALID)).toBeTruthy()
        expect(screen.queryByRole('button', { name: TRY_AGAIN })).toBeNull()
        expect(logIn().getAttribute('href')).toBe('/app/login')
      },
      failed: async () => {
        expect(await screen.findByRole('heading', { name: SESSION_NOT_ENDED_TITLE })).toBeTruthy()
        expect(screen.getByRole('alert').textContent).toBe(GENERIC_ERROR)
        expect(screen.getByRole('button', { name: TRY_AGAIN })).toBeTruthy()
        expect(logIn().getAttribute('href')).toBe('/app/login')
      },
    },
    teardown: (app) => {
      // StrictMode mounted the page twice; the single-use token went out once per attempt.
      expect(app.api.count(END.method, END.path)).toBe(attemptsOf(app))
      app.unmount()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the screen', async () => {
    const report = await runAllPaths(pm, runner, 'ui')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  it('sends nothing when the page loads, and the click posts the single-use token exactly once under StrictMode', async () => {
    const api = new FakeApi().on(END.method, END.path, () => json(200, { status: 'session-ended' }))
    const app = await renderApp(`/app/end-session/${TOKEN}`, { api })
    expect(await screen.findByRole('heading', { name: 'End this session?' })).toBeTruthy()
    expect(screen.getByText('This signs out the device named in the e-mail.')).toBeTruthy()
    // A link scanner that runs the page's scripts gets this far (loader, both StrictMode mounts,
    // their effects): it must have ended nothing.
    expect(api.count(END.method, END.path)).toBe(0)
    expect(api.requests).toEqual([])

    await app.user.click(screen.getByRole('button', { name: 'End the session' }))
    expect(await screen.findByRole('heading', { name: SESSION_ENDED_TITLE })).toBeTruthy()
    expect(api.count(END.method, END.path)).toBe(1)
    // Public: nobody needs to be logged in, and nothing is sent as if someone were.
    expect(api.last(END.method, END.path)?.authorization).toBeNull()
    await app.user.click(logIn())
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy()
    app.unmount()
  })

  it('shows the invalid-link screen for a used link', async () => {
    const api = new FakeApi().on(END.method, END.path, () => problem('INVALID_TOKEN', 400))
    const app = await renderApp(`/app/end-session/${TOKEN}`, { api })
    await app.user.click(await screen.findByRole('button', { name: END_SESSION }))
    expect(await screen.findByRole('heading', { name: SESSION_NOT_ENDED_TITLE })).toBeTruthy()
    expect(screen.getByText(SESSION_LINK_INVALID)).toBeTruthy()
    expect(api.count(END.method, END.path)).toBe(1)
    app.unmount()
  })
})
