import type { AuthenticationResponseJSON } from '@simplewebauthn/browser'
import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { englishRule } from '../support/rule-texts'
import type { SecondFactorChallenge } from '../../src/machines/forms/login-form.machine'
import { loginMachine, type LoginContext } from '../../src/machines/login/login.machine'
import { AUTH_SESSION_KEY } from '../../src/machines/auth/auth-session'
import {
  BACK_TO_LOGIN,
  CHALLENGE_EXPIRED,
  codeFieldText,
  codeLabel,
  PASSKEY_PROMPTING,
  SECOND_FACTOR_TITLE,
  secondFactorAlert,
  switchLabel,
  TOO_MANY,
  USE_PASSKEY,
  VERIFY,
  WRONG_CODE,
} from '../../src/ui/second-factor-texts'
import { FakePasskeys } from './support/fake-passkeys'
import {
  assertion,
  challenge,
  codes,
  credentials,
  passwordTokens,
  secondFactorTokens,
} from '../../src/flows/fixtures/login'
import { createLoginPathModel } from '../support/login-model'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { FakeApi, json, problem } from './support/fake-api'
import { ActorProbe, renderApp, type RenderedApp } from './support/render-app'

const LOGIN = { method: 'POST', path: '/api/auth/login' }
const PROOF = { method: 'POST', path: '/api/auth/login/second-factor' }

/** What the browser's SimpleWebAuthn answers for the fixture's passkey. */
const browserAnswer: AuthenticationResponseJSON = {
  id: assertion.id,
  rawId: assertion.rawId,
  type: 'public-key',
  authenticatorAttachment: 'platform',
  response: { ...assertion.response },
  clientExtensionResults: {},
}

interface Ctx {
  app: RenderedApp
  passkeys: FakePasskeys
}

type Ev = { type: string; value?: string; output?: unknown; error?: unknown }

const loginContext = (app: RenderedApp) =>
  (app.probe.actor('login').getSnapshot() as { context: LoginContext }).context

const field = (method: 'totp' | 'recovery-code') =>
  screen.getByLabelText<HTMLInputElement>(codeLabel(method))
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name })

/** The message under an input, read through its aria-describedby. */
function messageOf(input: HTMLElement): string | null {
  const id = input.getAttribute('aria-describedby')
  return id ? (document.getElementById(id)?.textContent ?? null) : null
}

async function passwordStep(app: RenderedApp, result: unknown) {
  const email = screen.getByLabelText<HTMLInputElement>('Email')
  if (email.value === '') await app.user.type(email, credentials.email)
  await app.user.type(screen.getByLabelText('Password'), credentials.password)
  await app.user.click(button('Log in'))
  await app.api.answer(LOGIN.method, LOGIN.path, json(200, result))
}

async function setUp(probe = new ActorProbe()) {
  const passkeys = new FakePasskeys()
  const api = new FakeApi().hold(LOGIN.method, LOGIN.path).hold(PROOF.method, PROOF.path)
  const app = await renderApp('/app/login', { api, probe, webauthn: passkeys.browser })
  await screen.findByRole('heading', { name: 'Log in' })
  return { app, passkeys }
}

describe('log-in with a second factor, through the screens (issue 14)', () => {
  const pm = createLoginPathModel(loginMachine)

  const runner: PathRunner<typeof loginMachine, Ctx> = {
    async setup(inspect) {
      const probe = new ActorProbe()
      probe.record('login', inspect)
      return setUp(probe)
    },
    async event({ app, passkeys }, event) {
      const e = event as Ev
      const method = loginContext(app).method ?? 'totp'
      switch (e.type) {
        case 'xstate.done.actor.passwordStep':
          await passwordStep(app, (e.output as { result: unknown }).result)
          break
        case 'code.change':
          await app.user.clear(field(method))
          if (e.value) await app.user.type(field(method), e.value)
          break
        case 'code.submit':
          await app.user.click(button(VERIFY))
          break
        case 'method.switch':
          await app.user.click(button(switchLabel(method)))
          break
        case 'passkey.start':
          await app.user.click(button(USE_PASSKEY))
          break
        case 'login.restart':
          await app.user.click(button(BACK_TO_LOGIN))
          break
        case 'xstate.done.actor.getPasskeyAssertion':
          await act(async () => {
            passkeys.prompts.latest.resolve(browserAnswer)
            await Promise.resolve()
          })
          break
        case 'xstate.error.actor.getPasskeyAssertion':
          await act(async () => {
            passkeys.prompts.latest.reject(e.error)
            await Promise.resolve()
          })
          break
        case 'xstate.done.actor.verifySecondFactor':
          await app.api.answer(PROOF.method, PROOF.path, json(200, secondFactorTokens))
          break
        case 'xstate.error.actor.verifySecondFactor': {
          const { errorType, status } = e.error as { errorType: string; status: number }
          await app.api.answer(PROOF.method, PROOF.path, problem(errorType, status))
          break
        }
      }
    },
    snapshot: ({ app }) => app.probe.actor('login').getSnapshot() as never,
    settleMs: 2000,
    states: {
      password: async ({ app, passkeys }, s) => {
        const { email, expired } = (s as { context: LoginContext }).context
        expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy()
        expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe(email)
        expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('')
        if (expired) expect(screen.getByRole('status').textContent).toBe(CHALLENGE_EXPIRED)
        else expect(screen.queryByText(CHALLENGE_EXPIRED)).toBeNull()
        // No browser prompt is left open behind the form.
        expect(passkeys.open).toBe(0)
        expect(app.pathname()).toBe('/app/login')
      },
      secondFactor: ({ app }) => {
        expect(screen.getByRole('heading', { name: SECOND_FACTOR_TITLE })).toBeTruthy()
        expect(button(BACK_TO_LOGIN)).toBeTruthy()
        expect(app.pathname()).toBe('/app/login')
        // Not logged in before the second step is done.
        expect(window.localStorage.getItem(AUTH_SESSION_KEY)).toBeNull()
        expect(app.api.last(LOGIN.method, LOGIN.path)?.body).toEqual(credentials)
      },
      'secondFactor.entering': ({ app }) => {
        const { method, code, codeError, problem: p } = loginContext(app)
        if (!method) throw new Error('the fixture account has codes')
        const input = field(method)
        expect(input.value).toBe(code)
        expect(input.readOnly).toBe(false)
        const message = codeError ? englishRule(codeError) : codeFieldText(method, p)
        expect(messageOf(input)).toBe(message)
        // A refused or malformed code is corrected where it is: the field has the focus.
        if (message) expect(document.activeElement).toBe(input)
        const alert = secondFactorAlert(p, true)
        if (alert) expect(within(screen.getByRole('alert')).getByText(alert)).toBeTruthy()
        else expect(screen.queryByRole('alert')).toBeNull()
        expect(button(VERIFY).disabled).toBe(false)
        expect(button(USE_PASSKEY).disabled).toBe(false)
        expect(button(switchLabel(method))).toBeTruthy()
      },
      'secondFactor.askingPasskey': ({ passkeys }) => {
        expect(screen.getByRole('status').textContent).toBe(PASSKEY_PROMPTING)
        expect(button(USE_PASSKEY).disabled).toBe(true)
        expect(button(VERIFY).disabled).toBe(true)
        expect(passkeys.options.at(-1)).toEqual(challenge.passkeyOptions)
        expect(passkeys.open).toBe(1)
      },
      'secondFactor.verifying': ({ app }) => {
        const { proof } = loginContext(app)
        expect(button(VERIFY).disabled).toBe(true)
        expect(button(USE_PASSKEY).disabled).toBe(true)
        const body = app.api.last(PROOF.method, PROOF.path)?.body
        expect(body).toEqual({ challengeToken: challenge.challengeToken, ...proof })
        if (proof && 'passkey' in proof) expect(proof.passkey).toEqual(assertion)
      },
      signedIn: async ({ app }) => {
        // Logged in exactly like a password-only login: tokens stored, then /app.
        expect(await screen.findByRole('heading', { name: 'Welcome, Ann' })).toBeTruthy()
        expect(app.pathname()).toBe('/app')
        const stored = JSON.parse(window.localStorage.getItem(AUTH_SESSION_KEY) ?? '{}') as object
        expect([
          { token: passwordTokens.accessToken, refreshToken: passwordTokens.refreshToken },
          { token: secondFactorTokens.accessToken, refreshToken: secondFactorTokens.refreshToken },
        ]).toContainEqual(stored)
      },
    },
    teardown: ({ app }) => {
      app.unmount()
      window.localStorage.clear()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the screens', async () => {
    const report = await runAllPaths(pm, runner, 'ui')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  }, 120_000)
})

describe('log-in with a second factor (issue 14)', () => {
  it('logs in with the password and the code from the app, and goes to /app', async () => {
    const { app } = await setUp()
    await passwordStep(app, challenge)
    expect(await screen.findByRole('heading', { name: SECOND_FACTOR_TITLE })).toBeTruthy()
    const input = field('totp')
    // The step's one field has the focus, takes digits and offers the phone's one-time code.
    expect(document.activeElement).toBe(input)
    expect(input.inputMode).toBe('numeric')
    expect(input.getAttribute('autocomplete')).toBe('one-time-code')
    await app.user.keyboard('492 039{Enter}')
    expect(app.api.last(PROOF.method, PROOF.path)?.body).toEqual({
      challengeToken: challenge.challengeToken,
      totpCode: '492039',
    })
    await app.api.answer(PROOF.method, PROOF.path, json(200, secondFactorTokens))
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann' })).toBeTruthy()
    expect(app.pathname()).toBe('/app')
    expect(JSON.parse(window.localStorage.getItem(AUTH_SESSION_KEY) ?? '{}')).toEqual({
      token: secondFactorTokens.accessToken,
      refreshToken: secondFactorTokens.refreshToken,
    })
    // The profile is read with the second step's token.
    expect(app.api.last('GET', '/api/users/profile')?.authorization).toBe(
      `Bearer ${secondFactorTokens.accessToken}`,
    )
    app.unmount()
  })

  it('logs in with the password and a passkey, and goes to /app', async () => {
    const { app, passkeys } = await setUp()
    await passwordStep(app, challenge)
    await app.user.click(await screen.findByRole('button', { name: USE_PASSKEY }))
    expect(passkeys.options).toEqual([challenge.passkeyOptions])
    await act(async () => {
      passkeys.prompts.latest.resolve(browserAnswer)
      await Promise.resolve()
    })
    await expect.poll(() => app.api.count(PROOF.method, PROOF.path)).toBe(1)
    expect(app.api.last(PROOF.method, PROOF.path)?.body).toEqual({
      challengeToken: challenge.challengeToken,
      passkey: assertion,
    })
    await app.api.answer(PROOF.method, PROOF.path, json(200, secondFactorTokens))
    expect(await screen.findByRole('heading', { name: 'Welcome, Ann' })).toBeTruthy()
    expect(app.pathname()).toBe('/app')
    app.unmount()
  })

  it('says a wrong code is wrong under the field, keeping it and the focus for correction', async () => {
    const { app } = await setUp()
    await passwordStep(app, challenge)
    await screen.findByRole('heading', { name: SECOND_FACTOR_TITLE })
    await app.user.type(field('totp'), '111111')
    await app.user.click(button(VERIFY))
    await app.api.answer(PROOF.method, PROOF.path, problem('INVALID_CREDENTIALS', 401))
    const input = field('totp')
    await expect.poll(() => messageOf(input)).toBe(WRONG_CODE)
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.value).toBe('111111')
    expect(document.activeElement).toBe(input)
    // Editing clears the message (docs/product/validation.md#when-messages-show) and the corrected
    // code goes out with the same challenge.
    await app.user.keyboard('{Backspace}2{Enter}')
    expect(messageOf(input)).toBeNull()
    expect(app.api.last(PROOF.method, PROOF.path)?.body).toEqual({
      challengeToken: challenge.challengeToken,
      totpCode: '111112',
    })
    app.unmount()
  })

  it('sends the customer back to the password when the challenge has expired', async () => {
    const { app } = await setUp()
    await passwordStep(app, challenge)
    await screen.findByRole('heading', { name: SECOND_FACTOR_TITLE })
    await app.user.type(field('totp'), `${codes.totp.good}{Enter}`)
    await app.api.answer(PROOF.method, PROOF.path, problem('INVALID_TOKEN', 401))
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe(CHALLENGE_EXPIRED)
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe(credentials.email)
    expect(window.localStorage.getItem(AUTH_SESSION_KEY)).toBeNull()
    // A new password gets a new challenge.
    await passwordStep(app, { ...challenge, challengeToken: 'sf_second-challenge-000000' })
    await app.user.type(await screen.findByLabelText(codeLabel('totp')), '123456{Enter}')
    expect(app.api.last(PROOF.method, PROOF.path)?.body).toEqual({
      challengeToken: 'sf_second-challenge-000000',
      totpCode: '123456',
    })
    app.unmount()
  })

  it('tells a cancelled passkey prompt apart and lets the customer try again or use a code', async () => {
    const { app, passkeys } = await setUp()
    await passwordStep(app, challenge)
    await app.user.click(await screen.findByRole('button', { name: USE_PASSKEY }))
    await act(async () => {
      passkeys.prompts.latest.reject(new DOMException('Not allowed', 'NotAllowedError'))
      await Promise.resolve()
    })
    expect(
      await screen.findByText(
        'The passkey was not used: the browser prompt was closed or timed out. Try again or enter a code.',
      ),
    ).toBeTruthy()
    expect(button(USE_PASSKEY).disabled).toBe(false)
    expect(field('totp').readOnly).toBe(false)
    expect(app.api.count(PROOF.method, PROOF.path)).toBe(0)
    app.unmount()
  })

  it('shows the rate limit in words', async () => {
    const { app } = await setUp()
    await passwordStep(app, challenge)
    await app.user.type(await screen.findByLabelText(codeLabel('totp')), '123456{Enter}')
    await app.api.answer(PROOF.method, PROOF.path, problem('RATE_LIMITED', 429))
    expect(within(await screen.findByRole('alert')).getByText(TOO_MANY)).toBeTruthy()
    app.unmount()
  })

  it('offers only the passkey to an account that has nothing else', async () => {
    const passkeyOnly: SecondFactorChallenge = { ...challenge, methods: ['passkey'] }
    const { app } = await setUp()
    await passwordStep(app, passkeyOnly)
    await screen.findByRole('heading', { name: SECOND_FACTOR_TITLE })
    expect(screen.getByText('Use your passkey to finish logging in.')).toBeTruthy()
    expect(button(USE_PASSKEY)).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
    expect(screen.queryByRole('button', { name: VERIFY })).toBeNull()
    app.unmount()
  })

  it('offers only the app to an account without a passkey or recovery codes left', async () => {
    const appOnly: SecondFactorChallenge = {
      challengeToken: challenge.challengeToken,
      methods: ['totp'],
    }
    const { app } = await setUp()
    await passwordStep(app, appOnly)
    await screen.findByRole('heading', { name: SECOND_FACTOR_TITLE })
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: USE_PASSKEY })).toBeNull()
    expect(screen.queryByRole('button', { name: switchLabel('totp') })).toBeNull()
    expect(field('totp')).toBeTruthy()
    app.unmount()
  })
})
