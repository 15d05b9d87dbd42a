/**
 * Helpers for the UI tests of the profile's Security section (issue 14): the server's refusals as
 * HTTP answers, held answers settled for every waiting request, and queries scoped to one card.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser'
import { act, screen, within } from '@testing-library/react'
import { ApiError } from '../../../src/api/api-call'
import { passkeyAnswer } from '../../../src/flows/fixtures/step-up'
import type { PasskeyAssertion } from '../../../src/machines/passkeys/passkey-assertion'
import { STEP_UP_PASSWORD_LABEL, stepUpCodeLabel } from '../../../src/ui/account/security-texts'
import type { FakeApi } from './fake-api'
import type { RenderedApp } from './render-app'
import { json } from './fake-api'

export const STEP_UP_PASSWORD = 'correct-horse'
/** The authenticator app's code the step-up dialog is answered with, where it asks for one. */
export const STEP_UP_CODE = '492039'
export const STEP_UP_PASSKEY_OPTIONS = {
  method: 'POST',
  path: '/api/account/step-up/passkey-options',
}

/** What SimpleWebAuthn's startAuthentication answers for a passkey's assertion. */
export const browserAnswerOf = (assertion: PasskeyAssertion): AuthenticationResponseJSON => ({
  id: assertion.id,
  rawId: assertion.rawId,
  type: 'public-key',
  authenticatorAttachment: 'platform',
  response: { ...assertion.response },
  clientExtensionResults: {},
})

/** The browser's passkey prompt answering at once with the fixture's passkey. */
export const passkeyAnswering = () => ({
  startAuthentication: () => Promise.resolve(browserAnswerOf(passkeyAnswer)),
  cancelCeremony: () => undefined,
})
export const steppedUp = { stepUpUntil: '2026-11-23T10:05:00.000Z' }

/** The answer the server gives for a refusal: its status, errorType and field errors. */
export function refusalResponse(error: unknown): Response {
  const refusal = error instanceof ApiError ? error : new ApiError(503, 'OTHER_ERROR')
  const status = refusal.status ?? 503
  const errors = refusal.fieldErrors
  return json(status, {
    type: 'about:blank',
    title: 'Error',
    status,
    errorType: refusal.errorType,
    ...(errors.length > 0 ? { errors } : {}),
  })
}

const answered = new WeakMap<FakeApi, Map<string, number>>()

/**
 * Settles every held request of a route not settled yet (two charts may read the same route, and
 * StrictMode's first run is one too), each with its own fresh answer.
 */
export async function answerAll(api: FakeApi, method: string, path: string, make: () => Response) {
  const counts = answered.get(api) ?? new Map<string, number>()
  answered.set(api, counts)
  const key = `${method} ${path}`
  const list = api.held(method, path)
  const start = Date.now()
  while (list.length <= (counts.get(key) ?? 0) && Date.now() - start < 2000)
    await new Promise((r) => setTimeout(r, 5))
  const from = counts.get(key) ?? 0
  if (list.length <= from) throw new Error(`no ${key} request is waiting for an answer`)
  for (const pending of list.slice(from)) pending.resolve(make())
  counts.set(key, list.length)
}

/** Lets the fake answers reach the charts and React render what follows. */
export async function settle(rounds = 6) {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0))
    })
  }
}

/** One card of the Security section, by its heading. */
export const card = (name: string) => within(screen.getByRole('group', { name }))

/** The message under a field, read through its aria-describedby (null when none). */
export function messageUnder(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((part) => part.endsWith('-error'))
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('') || null
}

export const stepUpDialog = () => screen.queryByRole('dialog', { name: "Confirm it's you" })

/**
 * The step-up dialog, answered as the account needs it (the fake server accepts it): the password,
 * and the app's code when the dialog asks for one; a passkey's prompt is the test's fake browser's.
 */
export async function confirmStepUp(app: RenderedApp) {
  const dialog = within(stepUpDialog() as HTMLElement)
  await app.user.click(dialog.getByLabelText(STEP_UP_PASSWORD_LABEL))
  await app.user.paste(STEP_UP_PASSWORD)
  const code = dialog.queryByLabelText(stepUpCodeLabel('totp'))
  if (code) {
    await app.user.click(code)
    await app.user.paste(STEP_UP_CODE)
  }
  await app.user.click(dialog.getByRole('button', { name: 'Confirm' }))
}

export async function cancelStepUp(app: RenderedApp) {
  await app.user.click(
    within(stepUpDialog() as HTMLElement).getByRole('button', { name: 'Cancel' }),
  )
}
