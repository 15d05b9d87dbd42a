import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { verifyEmailEvents } from '../../src/flows/fixtures/verify-email'
import { verifyEmailMachine } from '../../src/machines/verify-email/verify-email.machine'
import {
  EMAIL_CONFIRMED,
  EMAIL_CONFIRMED_TITLE,
  EMAIL_NOT_CONFIRMED,
  EMAIL_NOT_CONFIRMED_TITLE,
  PASSWORD_TO_CHOOSE,
} from '../../src/ui/verify-email-page'
import {
  createPathModel,
  runAllPaths,
  statesWithoutAssertion,
  type PathRunner,
} from '../support/model-paths'
import { FakeApi, json, problem } from './support/fake-api'
import { ActorProbe, renderApp, type RenderedApp } from './support/render-app'

const VERIFY = { method: 'GET', path: '/api/auth/verify-email' }

const toLogin = () => screen.getByRole('link', { name: 'To Login' })

describe('e-mail confirmation screen (docs/product/screens.md#email-confirmation-page, docs/product/errors.md#email-confirmation-failure)', () => {
  const pm = createPathModel(verifyEmailMachine, {
    events: verifyEmailEvents,
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
        const { output } = event as unknown as { output: string }
        await app.api.answer(VERIFY.method, VERIFY.path, json(200, { status: output }))
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
        expect(await screen.findByRole('heading', { name: EMAIL_CONFIRMED_TITLE })).toBeTruthy()
        expect(screen.getByText(EMAIL_CONFIRMED)).toBeTruthy()
        // Registered once: the password chosen at sign-up works, no e-mail is announced.
        expect(screen.queryByText(PASSWORD_TO_CHOOSE)).toBeNull()
        expect(toLogin().getAttribute('href')).toBe('/app/login')
      },
      passwordToChoose: async () => {
        // The spec's success texts unchanged, and the news of the e-mail to choose a password.
        expect(await screen.findByRole('heading', { name: EMAIL_CONFIRMED_TITLE })).toBeTruthy()
        expect(screen.getByText(EMAIL_CONFIRMED)).toBeTruthy()
        expect(screen.getByText(PASSWORD_TO_CHOOSE)).toBeTruthy()
        expect(toLogin().getAttribute('href')).toBe('/app/login')
      },
      failed: async () => {
        expect(await screen.findByRole('heading', { name: EMAIL_NOT_CONFIRMED_TITLE })).toBeTruthy()
        expect(screen.getByText(EMAIL_NOT_CONFIRMED)).toBeTruthy()
        expect(screen.queryByText(PASSWORD_TO_CHOOSE)).toBeNull()
        expect(toLogin().getAttribute('href')).toBe('/app/login')
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

  it('says, only for an address registered more than once, that an e-mail to choose the password is coming (issue 25 finding 10)', async () => {
    const api = new FakeApi().on(VERIFY.method, VERIFY.path, () =>
      json(200, { status: 'password-to-choose' }),
    )
    const app = await renderApp('/app/verify-email/ev_contested', { api })
    expect(await screen.findByRole('heading', { name: 'Email was confirmed' })).toBeTruthy()
    expect(screen.getByText('Now you can proceed to login.')).toBeTruthy()
    expect(
      screen.getByText(
        'Because this address was registered more than once, we have e-mailed you a link to choose your password.',
      ),
    ).toBeTruthy()
    app.unmount()
  })

  it("'To Login' leads to the log-in form", async () => {
    const app = await renderApp('/app/verify-email/ev_other')
    app.api.on(VERIFY.method, VERIFY.path, () => json(200, { status: 'verified' }))
    // The first request was already answered by the default 404: the link is invalid.
    await screen.findByRole('heading', { name: EMAIL_NOT_CONFIRMED_TITLE })
    await app.user.click(toLogin())
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy()
    app.unmount()
  })
})
