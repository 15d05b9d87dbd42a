import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { verifyEmailMachine } from '../../src/machines/verify-email/verify-email.machine'
import {
  createPathModel,
  plainEventsOf,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'
import { FakeApi, json, problem } from './support/fake-api'
import { ActorProbe, renderApp, type RenderedApp } from './support/render-app'

const VERIFY = { method: 'GET', path: '/api/auth/verify-email' }

describe('e-mail confirmation screen (docs/product/screens.md#email-confirmation-page, docs/product/errors.md#email-confirmation-failure)', () => {
  const pm = createPathModel(verifyEmailMachine, {
    events: plainEventsOf(verifyEmailMachine),
    input: { token: 'ev_link-token' },
  })

  const runner: PathRunner<typeof verifyEmailMachine, RenderedApp> = {
    setup(inspect) {
      // The actor starts as the route loads, so the recorder is attached before rendering.
      const probe = new ActorProbe()
      probe.record('verifyEmail', inspect)
      const api = new FakeApi().hold(VERIFY.method, VERIFY.path)
      return renderApp('/app/verify-email/ev_link-token', { api, probe })
    },
    async event(app, event) {
      if (event.type === 'xstate.done.actor.verifyEmail') {
        await app.api.answer(VERIFY.method, VERIFY.path, json(200, { status: 'verified' }))
      } else if (event.type === 'xstate.error.actor.verifyEmail') {
        await app.api.answer(VERIFY.method, VERIFY.path, problem('INVALID_TOKEN'))
      }
    },
    snapshot: (app) => app.probe.actor('verifyEmail').getSnapshot() as never,
    settleMs: 2000,
    states: {
      verifying: async () => {
        expect(await screen.findByText('Loading...')).toBeTruthy()
      },
      confirmed: async () => {
        expect(await screen.findByRole('heading', { name: 'Email was confirmed' })).toBeTruthy()
        expect(screen.getByText('Now you can proceed to login.')).toBeTruthy()
        expect(screen.getByRole('link', { name: 'To Login' }).getAttribute('href')).toBe(
          '/app/login',
        )
      },
      failed: async () => {
        expect(await screen.findByRole('heading', { name: 'Email not confirmed' })).toBeTruthy()
        expect(
          screen.getByText('Please check if link was valid. Email is NOT confirmed.'),
        ).toBeTruthy()
        expect(screen.getByRole('link', { name: 'To Login' }).getAttribute('href')).toBe(
          '/app/login',
        )
      },
    },
    teardown: (app) => {
      // StrictMode mounted the page twice; the single-use token was still sent exactly once.
      expect(app.api.count(VERIFY.method, VERIFY.path)).toBe(1)
      expect(app.api.last(VERIFY.method, VERIFY.path)?.search).toBe('?token=ev_link-token')
      app.unmount()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the screen, calling the API once', async () => {
    const report = await runAllPaths(pm, runner, 'ui')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  it("'To Login' leads to the log-in form", async () => {
    const app = await renderApp('/app/verify-email/ev_other')
    app.api.on(VERIFY.method, VERIFY.path, () => json(200, { status: 'verified' }))
    // The first request was already answered by the default 404: the link is invalid.
    await screen.findByRole('heading', { name: 'Email not confirmed' })
    await app.user.click(screen.getByRole('link', { name: 'To Login' }))
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy()
    app.unmount()
  })
})
