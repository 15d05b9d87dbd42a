import type { RegistrationResponseJSON } from '@simplewebauthn/browser'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PasskeysSnapshot } from '../../src/machines/passkeys/passkeys.machine'
import { formatDate, formatDateTime } from '../../src/ui/account/date-time'
import {
  ADD_PASSKEY,
  KEEP_IT,
  NO_PASSKEYS,
  PASSKEY_NAME_LABEL,
  PASSKEY_PROMPTING,
  PASSKEYS_LOAD_FAILED,
  PASSKEYS_TITLE,
  REMOVE_PASSKEY,
  passkeyDates,
  passkeyFailureText,
  passkeyNoticeText,
  removePasskeyLabel,
  removePasskeyQuestion,
  renamePasskeyLabel,
} from '../../src/ui/account/security-texts'
import type { WebAuthnBrowser } from '../../src/webauthn-browser'
import { createPasskeysPathModel } from '../machines/passkeys-model'
import { DeferredQueue } from '../support/deferred'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { englishRuleOrNull } from '../support/rule-texts'
import { renderSignedIn } from './home-support'
import { json } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import {
  attestation,
  creationOptions,
  laptopKey,
  newKey,
  noFactors,
  type Passkey,
} from '../../src/flows/fixtures/security'
import {
  answerAll,
  cancelStepUp,
  card,
  confirmStepUp,
  messageUnder,
  passkeyAnswering,
  refusalResponse,
  settle,
  STEP_UP_PASSKEY_OPTIONS,
  STEP_UP_PASSWORD,
  stepUpDialog,
  steppedUp,
} from './support/security-ui'
import { challenge } from '../../src/flows/fixtures/login'
import { untilShown } from './support/until-shown'
import { passkeyAnswer } from '../../src/flows/fixtures/step-up'

const SECURITY = { method: 'GET', path: '/api/account/security' }
const OPTIONS = { method: 'POST', path: '/api/account/passkeys/registration-options' }
const ADD = { method: 'POST', path: '/api/account/passkeys' }
const ONE = `/api/account/passkeys/${laptopKey.id}`
const RENAME = { method: 'PATCH', path: ONE }
const REMOVE = { method: 'DELETE', path: ONE }
const STEP_UP = { method: 'POST', path: '/api/account/step-up' }

/** What SimpleWebAuthn throws when the customer closes the browser's prompt. */
const promptClosed = () =>
  Object.assign(new Error('The operation either timed out or was not allowed.'), {
    name: 'WebAuthnError',
    code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
    cause: new DOMException(
      'The operation either timed out or was not allowed.',
      'NotAllowedError',
    ),
  })

/**
 * The browser's passkey prompt as a test decides it: each call waits for the test, and
 * `cancelCeremony` (the page leaving the step) rejects the waiting prompt as the real one does.
 */
function fakeWebAuthn() {
  const prompts = new DeferredQueue<RegistrationResponseJSON>()
  const seen: unknown[] = []
  const webauthn: Partial<WebAuthnBrowser> = {
    // A step-up of an account with a passkey: its prompt answers at once.
    startAuthentication: passkeyAnswering().startAuthentication,
    startRegistration: ({ optionsJSON }) => {
      seen.push(optionsJSON)
      return prompts.next()
    },
    cancelCeremony: () => {
      prompts.all.at(-1)?.reject(
        Object.assign(new Error('Registration ceremony was sent an abort signal'), {
          code: 'ERROR_CEREMONY_ABORTED',
        }),
      )
    },
  }
  return { prompts, seen, webauthn }
}

interface Ctx {
  app: RenderedApp
  browser: ReturnType<typeof fakeWebAuthn>
}

const passkeysCard = () => card(PASSKEYS_TITLE)
const passkeysCardShown = () => screen.queryByRole('group', { name: PASSKEYS_TITLE }) !== null
const addButton = () =>
  passkeysCard().getByRole('button', { name: ADD_PASSKEY }) as HTMLButtonElement
const nameField = () => passkeysCard().getByLabelText(PASSKEY_NAME_LABEL) as HTMLInputElement
const snapshotOf = (ctx: Ctx) => ctx.app.probe.actor('passkeys').getSnapshot() as PasskeysSnapshot
const selectedName = (s: PasskeysSnapshot) =>
  s.context.passkeys.find((p) => p.id === s.context.selected)?.name ?? ''
const datesOf = (p: Passkey) =>
  passkeyDates(formatDate(p.createdAt), p.lastUsedAt === null ? null : formatDateTime(p.lastUsedAt))

describe('passkeys on the profile page (issue 14 item 3)', () => {
  const pm = createPasskeysPathModel()

  const runner: PathRunner<typeof pm.machine, Ctx> = {
    async setup(inspect) {
      const browser = fakeWebAuthn()
      const app = await renderSignedIn('/app/profile', {
        machineId: 'passkeys',
        inspect,
        webauthn: browser.webauthn,
        prepare: (api) =>
          api
            .hold(SECURITY.method, SECURITY.path)
            .hold(OPTIONS.method, OPTIONS.path)
            .hold(ADD.method, ADD.path)
            .hold(RENAME.method, RENAME.path)
            .hold(REMOVE.method, REMOVE.path)
            .on(STEP_UP_PASSKEY_OPTIONS.method, STEP_UP_PASSKEY_OPTIONS.path, () =>
              json(200, challenge.passkeyOptions),
            )
            .on(STEP_UP.method, STEP_UP.path, () => json(200, steppedUp)),
      })
      await untilShown(() => passkeysCardShown(), 'the passkeys card')
      await settle()
      return { app, browser }
    },
    async event(ctx, event) {
      const { app, browser } = ctx
      const e = event as { type: string; output?: unknown; error?: unknown; value?: string }
      const s = snapshotOf(ctx)
      const answer = (call: { method: string; path: string }, response: Response) =>
        app.api.answer(call.method, call.path, response)
      switch (e.type) {
        case 'xstate.done.actor.loadPasskeys':
          await answerAll(app.api, SECURITY.method, SECURITY.path, () =>
            json(200, { ...noFactors, passkeys: e.output }),
          )
          break
        case 'xstate.error.actor.loadPasskeys':
          await answerAll(app.api, SECURITY.method, SECURITY.path, () => refusalResponse(e.error))
          break
        case 'passkeys.reload':
          await app.user.click(passkeysCard().getByRole('button', { name: 'Try again' }))
          break
        case 'passkey.add':
          await app.user.click(addButton())
          break
        case 'xstate.done.actor.passkeyOptions':
          await answer(OPTIONS, json(200, e.output))
          break
        case 'xstate.error.actor.passkeyOptions':
          await answer(OPTIONS, refusalResponse(e.error))
          break
        case 'xstate.done.actor.createPasskey':
          browser.prompts.latest.resolve(e.output as RegistrationResponseJSON)
          break
        case 'xstate.error.actor.createPasskey':
          browser.prompts.latest.reject(promptClosed())
          break
        case 'xstate.done.actor.addPasskey':
          expect(app.api.last(ADD.method, ADD.path)?.body).toEqual({ credential: attestation })
          await answer(ADD, json(201, e.output))
          break
        case 'xstate.error.actor.addPasskey':
          await answer(ADD, refusalResponse(e.error))
          break
        case 'passkey.rename':
          await app.user.click(
            passkeysCard().getByRole('button', {
              name: renamePasskeyLabel(s.context.passkeys[0]?.name ?? ''),
            }),
          )
          break
        case 'name.change':
          await app.user.clear(nameField())
          await app.user.click(nameField())
          await app.user.paste(e.value ?? '')
          break
        case 'rename.save':
          await app.user.click(passkeysCard().getByRole('button', { name: 'Save' }))
          break
        case 'rename.cancel':
          await app.user.click(passkeysCard().getByRole('button', { name: 'Cancel' }))
          break
        case 'xstate.done.actor.renamePasskey':
          expect(app.api.last(RENAME.method, RENAME.path)?.body).toEqual({
            name: s.context.draft.trim(),
          })
          await answer(RENAME, json(200, e.output))
          break
        case 'xstate.error.actor.renamePasskey':
          await answer(RENAME, refusalResponse(e.error))
          break
        case 'passkey.remove':
          await app.user.click(
            passkeysCard().getByRole('button', {
              name: removePasskeyLabel(s.context.passkeys[0]?.name ?? ''),
            }),
          )
          break
        case 'remove.confirm':
          await app.user.click(passkeysCard().getByRole('button', { name: REMOVE_PASSKEY }))
          break
        case 'remove.cancel':
          await app.user.click(passkeysCard().getByRole('button', { name: KEEP_IT }))
          break
        case 'xstate.done.actor.removePasskey':
          await answer(REMOVE, new Response(null, { status: 204 }))
          break
        case 'xstate.error.actor.removePasskey':
          await answer(REMOVE, refusalResponse(e.error))
          break
        case 'stepUp.confirmed':
          await confirmStepUp(app)
          await settle()
          // The password, and the passkey when the account has one (issue 25 finding 2).
          expect(app.api.last(STEP_UP.method, STEP_UP.path)?.body).toEqual(
            s.context.passkeys.length > 0
              ? { password: STEP_UP_PASSWORD, passkey: passkeyAnswer }
              : { password: STEP_UP_PASSWORD },
          )
          break
        case 'stepUp.cancelled':
          await cancelStepUp(app)
          break
        default:
          throw new Error(`no UI step for ${e.type}`)
      }
      await settle()
    },
    snapshot: (ctx) => snapshotOf(ctx) as never,
    states: {
      loading: (_ctx, s) => {
        if (s.context.passkeys.length === 0)
          expect(passkeysCard().getByText('Loading…')).toBeTruthy()
        else expect(addButton().disabled).toBe(true)
      },
      loadFailed: () => {
        expect(passkeysCard().getByRole('alert').textContent).toBe(PASSKEYS_LOAD_FAILED)
      },
      listed: (_ctx, s) => {
        const { passkeys, notice, failure } = s.context
        expect(
          passkeysCard()
            .getAllByRole('listitem')
            .map((li) => li.textContent),
        ).toEqual(passkeys.map((p) => `${p.name}${datesOf(p)}RenameRemove`))
        expect(passkeysCard().getByRole('status').textContent).toBe(
          notice ? passkeyNoticeText[notice] : '',
        )
        expect(passkeysCard().queryByRole('alert')?.textContent ?? null).toBe(
          failure ? passkeyFailureText(failure) : null,
        )
        expect(addButton().disabled).toBe(false)
        expect(stepUpDialog()).toBeNull()
      },
      adding: () => {
        expect(addButton().disabled).toBe(true)
        expect(addButton().getAttribute('aria-busy')).toBe('true')
      },
      'adding.requesting': (ctx) => {
        expect(ctx.app.api.count(OPTIONS.method, OPTIONS.path)).toBeGreaterThan(0)
        expect(stepUpDialog()).toBeNull()
      },
      'adding.prompting': (ctx) => {
        expect(passkeysCard().getByText(PASSKEY_PROMPTING)).toBeTruthy()
        // The browser gets the server's options as they came.
        expect(ctx.browser.seen.at(-1)).toEqual(creationOptions)
      },
      'adding.saving': (ctx) => {
        expect(ctx.app.api.last(ADD.method, ADD.path)?.body).toEqual({ credential: attestation })
      },
      'adding.confirming': () => {
        expect(stepUpDialog()).not.toBeNull()
      },
      renaming: () => {
        expect(nameField()).toBeTruthy()
        expect(addButton().disabled).toBe(true)
      },
      'renaming.editing': (_ctx, s) => {
        expect(nameField().value).toBe(s.context.draft)
        expect(messageUnder(nameField())).toBe(englishRuleOrNull(s.context.nameProblem))
        expect(
          (passkeysCard().getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled,
        ).toBe(false)
      },
      'renaming.saving': () => {
        expect(
          (passkeysCard().getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled,
        ).toBe(true)
      },
      removal: () => {
        expect(addButton().disabled).toBe(true)
      },
      'removal.asking': (_ctx, s) => {
        expect(passkeysCard().getByText(removePasskeyQuestion(selectedName(s)))).toBeTruthy()
      },
      'removal.removing': (_ctx, s) => {
        expect(
          passkeysCard()
            .getByRole('button', { name: removePasskeyLabel(selectedName(s)) })
            .getAttribute('aria-busy'),
        ).toBe('true')
        expect(stepUpDialog()).toBeNull()
      },
      'removal.confirming': () => {
        expect(stepUpDialog()).not.toBeNull()
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

describe('passkeys details', () => {
  it('adds a passkey: step-up, options, the browser prompt, the server, the list read again', async () => {
    const browser = fakeWebAuthn()
    let passkeys: Passkey[] = []
    let steppedUpNow = false
    const app = await renderSignedIn('/app/profile', {
      webauthn: browser.webauthn,
      prepare: (api) =>
        api
          .on(SECURITY.method, SECURITY.path, () => json(200, { ...noFactors, passkeys }))
          .on(STEP_UP.method, STEP_UP.path, () => {
            steppedUpNow = true
            return json(200, steppedUp)
          })
          .on(OPTIONS.method, OPTIONS.path, () =>
            steppedUpNow
              ? json(200, creationOptions)
              : json(403, {
                  type: 'about:blank',
                  title: 'Forbidden',
                  status: 403,
                  errorType: 'STEP_UP_REQUIRED',
                }),
          )
          .on(ADD.method, ADD.path, () => {
            passkeys = [newKey]
            return json(201, newKey)
          }),
    })
    await settle()
    expect(passkeysCard().getByText(NO_PASSKEYS)).toBeTruthy()
    await app.user.click(addButton())
    await settle()
    await confirmStepUp(app)
    await settle()
    expect(passkeysCard().getByText(PASSKEY_PROMPTING)).toBeTruthy()
    expect(browser.seen).toEqual([creationOptions])
    browser.prompts.latest.resolve(attestation as unknown as RegistrationResponseJSON)
    await settle()
    expect(app.api.last(ADD.method, ADD.path)?.body).toEqual({ credential: attestation })
    expect(passkeysCard().getByRole('status').textContent).toBe(passkeyNoticeText.added)
    expect(passkeysCard().getAllByRole('listitem')[0]?.textContent).toBe(
      `${newKey.name}${datesOf(newKey)}RenameRemove`,
    )
    expect(datesOf(newKey)).toContain('Never used')
    app.unmount()
  })

  it('a closed browser prompt says so, and nothing is sent', async () => {
    const browser = fakeWebAuthn()
    const app = await renderSignedIn('/app/profile', {
      webauthn: browser.webauthn,
      prepare: (api) => api.on(OPTIONS.method, OPTIONS.path, () => json(200, creationOptions)),
    })
    await settle()
    await app.user.click(addButton())
    await settle()
    browser.prompts.latest.reject(promptClosed())
    await settle()
    expect(passkeysCard().getByRole('alert').textContent).toBe(passkeyFailureText('cancelled'))
    expect(app.api.count(ADD.method, ADD.path)).toBe(0)
    app.unmount()
  })

  it('leaving the page closes the browser prompt', async () => {
    const browser = fakeWebAuthn()
    const app = await renderSignedIn('/app/profile', {
      webauthn: browser.webauthn,
      prepare: (api) => api.on(OPTIONS.method, OPTIONS.path, () => json(200, creationOptions)),
    })
    await settle()
    await app.user.click(addButton())
    await settle()
    const prompt = browser.prompts.latest.promise.then(
      () => 'answered',
      () => 'closed',
    )
    app.unmount()
    expect(await prompt).toBe('closed')
    expect(screen.queryByRole('group', { name: PASSKEYS_TITLE })).toBeNull()
  })
})
