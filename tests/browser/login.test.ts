/**
 * The login machine's paths (src/machines/login/login.machine.ts) through the real app in Chromium
 * against the real server: one account per path with an authenticator app, recovery codes and a
 * passkey held by Chromium's virtual authenticator; the codes typed are the app's real ones, and
 * the server's refusals come from the server (a code used elsewhere, a challenge used up, a passkey
 * on a key it never registered, guesses past the limit), a 503 alone from the network's edge.
 */
import type { CDPSession, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { englishRule } from '../support/rule-texts'
import { codes } from '../../src/flows/fixtures/login'
import { AUTH_SESSION_KEY } from '../../src/machines/auth/auth-session'
import { loginMachine } from '../../src/machines/login/login.machine'
import type { CodeMethod } from '../../src/machines/login/second-factor-code'
import {
  BACK_TO_LOGIN,
  CHALLENGE_EXPIRED,
  codeFieldText,
  codeLabel,
  PASSKEY_PROMPTING,
  SECOND_FACTOR_TITLE,
  secondFactorAlert,
  secondFactorLead,
  switchLabel,
  USE_PASSKEY,
  VERIFY,
} from '../../src/ui/second-factor-texts'
import { createLoginPathModel } from '../support/login-model'
import {
  coveringPaths,
  runAllPaths,
  statesWithoutAssertion,
  type Ev,
  type ModelPath,
  type Snap,
} from '../support/model-paths'
import {
  browserRunner,
  describedText,
  eventually,
  openFlowPage,
  startBrowserLevel,
  within,
  type BrowserLevel,
  type FlowPage,
} from './support/flow-page'
import { account } from './support/form-suite'
import {
  addAuthenticator,
  challengeElsewhere,
  factorAccount,
  foreignCopy,
  proveElsewhere,
  totpCode,
  type FactorAccount,
  type VirtualCredential,
} from './support/login-factors'

const PASSWORD = 'quiet-lantern-harbour-58'
/** An account without a second factor: its password alone signs in. */
const NO_FACTOR = 'noah@example.com'
/** A recovery code the account never had: another device guessing. */
const GUESSED_RECOVERY_CODE = 'ZZZZZ-ZZZZZ'

type Machine = typeof loginMachine

interface Ctx {
  flow: FlowPage<Machine>
  level: BrowserLevel
  cdp: CDPSession
  path: ModelPath<Machine> | undefined
  /** The path's step being made (0 is the start). */
  step: number
  /** The path's account with every factor (undefined when the path never gets a challenge). */
  who: FactorAccount | undefined
  /** Whom the password step was sent for. */
  email: string
  /** The second step's requests, held until the path's outcome. */
  held: Route[]
  /** The virtual authenticator the customer holds to the prompt, once there is one. */
  authenticator: string | null
  /** The passkey as the authenticator last kept it (its counter moves with every use). */
  passkey: VirtualCredential | undefined
  /** The app's time steps: the last one the server took, and the one of the code typed. */
  lastTotpStep: number
  typedTotpStep: number
  usedRecoveryCodes: Set<string>
}

/**
 * Runs in the page before the app: the browser's passkey prompt. Headless Chromium has no prompt
 * (WebAuthn.enable without UI): its virtual authenticator would answer at once. This wrapper keeps
 * the request open until the test says the customer has held their authenticator to it, then
 * hands it on to the real `navigator.credentials.get`; leaving the step aborts it as the browser
 * would. It also counts the open prompts and records their challenges, for the assertions.
 */
function holdPasskeyPrompts(): void {
  const prompts = {
    open: 0,
    challenges: [] as string[],
    failures: [] as string[],
    release: (): void => undefined,
  }
  ;(window as unknown as { __passkeyPrompts: typeof prompts }).__passkeyPrompts = prompts
  const container = navigator.credentials
  const get = container.get.bind(container)
  const b64url = (source: BufferSource) => {
    const bytes = ArrayBuffer.isView(source)
      ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength)
      : new Uint8Array(source)
    return btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
  }
  container.get = (options?: CredentialRequestOptions) => {
    const challenge = options?.publicKey?.challenge
    prompts.challenges.push(challenge ? b64url(challenge) : '')
    prompts.open++
    return new Promise<Credential | null>((resolve, reject) => {
      const signal = options?.signal
      const aborted = () => {
        reject(signal?.reason instanceof Error ? signal.reason : new DOMException('', 'AbortError'))
      }
      signal?.addEventListener('abort', aborted, { once: true })
      prompts.release = () => {
        signal?.removeEventListener('abort', aborted)
        get(options).then(resolve, (error: unknown) => {
          prompts.failures.push(error instanceof Error ? error.name : String(error))
          reject(error instanceof Error ? error : new Error(String(error)))
        })
      }
    }).finally(() => {
      prompts.open--
    })
  }
}

const contextOf = (s: Snap<Machine>) => s.context

describe('logging in with a second factor, in Chromium (docs/product/flows.md#login, docs/product/account-security.md#login-second-step, docs/product/errors.md#second-factor-errors)', () => {
  let level: BrowserLevel | undefined
  let accounts = 0
  beforeAll(async () => {
    // Passkeys need a host name for the relying party: the server is at http://localhost.
    level = await startBrowserLevel({}, { hostName: 'localhost' })
    await account(level, NO_FACTOR, PASSWORD, true)
  })
  afterAll(async () => {
    await level?.close()
  })

  // Each path is a page load: the fewest paths that still walk every state and transition.
  const pm = coveringPaths(createLoginPathModel(loginMachine))

  const whoOf = (ctx: Ctx) => {
    if (!ctx.who) throw new Error('the path has no account with a second factor')
    return ctx.who
  }
  const pathname = (ctx: Ctx) => new URL(ctx.flow.page.url()).pathname
  const button = (ctx: Ctx, name: string) =>
    ctx.flow.page.getByRole('button', { name, exact: true })
  const codeField = (ctx: Ctx, method: CodeMethod) =>
    ctx.flow.page.getByLabel(codeLabel(method), { exact: true })
  const prompts = (ctx: Ctx) =>
    ctx.flow.page.evaluate(() => {
      const { open, challenges, failures } = (
        window as unknown as {
          __passkeyPrompts: { open: number; challenges: string[]; failures: string[] }
        }
      ).__passkeyPrompts
      return { open, challenge: challenges.at(-1) ?? null, failure: failures.at(-1) ?? null }
    })
  const storedToken = async (ctx: Ctx) => {
    const raw = await ctx.flow.page.evaluate((key) => localStorage.getItem(key), AUTH_SESSION_KEY)
    return (JSON.parse(raw ?? 'null') as { token?: string | null } | null)?.token ?? null
  }
  /** The message under an input, read through its aria-describedby. */
  const messageOf = (ctx: Ctx, method: CodeMethod) => describedText(codeField(ctx, method))

  /** The second step's request, once the page has sent it. */
  const heldProof = (ctx: Ctx) =>
    within(
      (async () => {
        while (ctx.held.length === 0) await new Promise((r) => setTimeout(r, 5))
        return ctx.held.splice(0, 1)[0] as Route
      })(),
      'the second-factor request',
    )

  /** The code the customer reads off their app or their saved list: one the server has not taken. */
  async function freshCode(ctx: Ctx, method: CodeMethod): Promise<string> {
    const who = whoOf(ctx)
    if (method === 'totp') {
      ctx.typedTotpStep = ctx.lastTotpStep + 1
      return totpCode(who.secret, ctx.typedTotpStep)
    }
    const code = who.recoveryCodes.find((c) => !ctx.usedRecoveryCodes.has(c))
    if (!code) throw new Error('no recovery code is left')
    return code
  }

  /** The proof the server took: its app step or recovery code is spent from now on. */
  function spent(ctx: Ctx, proof: Record<string, unknown>) {
    if (typeof proof.totpCode === 'string') ctx.lastTotpStep = ctx.typedTotpStep
    if (typeof proof.recoveryCode === 'string') ctx.usedRecoveryCodes.add(proof.recoveryCode)
  }

  /**
   * The customer holds their authenticator to the open prompt: it keeps `credential` (none: it has
   * no passkey for this site) and the browser's request goes to it.
   */
  async function holdAuthenticator(ctx: Ctx, credential: VirtualCredential | null) {
    if (ctx.authenticator) {
      // The passkey's counter moved with its last use: the authenticator's copy is the one to keep.
      const { credentials } = (await ctx.cdp.send('WebAuthn.getCredentials', {
        authenticatorId: ctx.authenticator,
      })) as { credentials: VirtualCredential[] }
      const kept = credentials.find((c) => c.privateKey === ctx.passkey?.privateKey)
      if (kept) ctx.passkey = kept
      await ctx.cdp.send('WebAuthn.removeVirtualAuthenticator', {
        authenticatorId: ctx.authenticator,
      })
    }
    ctx.authenticator = await addAuthenticator(ctx.cdp)
    if (credential)
      await ctx.cdp.send('WebAuthn.addCredential', {
        authenticatorId: ctx.authenticator,
        credential,
      })
    await ctx.flow.page.evaluate(() => {
      ;(window as unknown as { __passkeyPrompts: { release(): void } }).__passkeyPrompts.release()
    })
  }

  /** What each event stands for in the page, on the authenticator or on the server. */
  async function act(ctx: Ctx, event: Ev<Machine>): Promise<void> {
    ctx.step++
    const { page } = ctx.flow
    const before = contextOf(ctx.flow.snapshot())
    const method = before.method ?? 'totp'
    switch (event.type) {
      case 'xstate.done.actor.passwordStep': {
        // The real server answers a challenge for the path's account with factors, and the
        // session for an account without one.
        const { result } = (event as unknown as { output: { result: object } }).output
        ctx.email = 'challengeToken' in result ? whoOf(ctx).email : NO_FACTOR
        await page.getByRole('heading', { name: 'Log in' }).waitFor()
        const email = page.getByLabel('Email', { exact: true })
        if ((await email.inputValue()) !== ctx.email) await email.fill(ctx.email)
        await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
        await page.getByRole('button', { name: 'Log in' }).click()
        break
      }
      case 'code.change': {
        const { value } = event as unknown as { value: string }
        // A well-formed code is a real one: the app's code of the next time step, or a recovery
        // code the account still has; a malformed one is typed as the path has it.
        const typed = value === codes[method].good ? await freshCode(ctx, method) : value
        const input = codeField(ctx, method)
        // Typing what the field already shows: it is cleared first.
        if ((await input.inputValue()) === typed) await input.fill('')
        await input.fill(typed)
        break
      }
      case 'code.submit':
        await button(ctx, VERIFY).click()
        break
      case 'method.switch':
        await button(ctx, switchLabel(method)).click()
        break
      case 'passkey.start':
        await button(ctx, USE_PASSKEY).click()
        break
      case 'login.restart':
        await button(ctx, BACK_TO_LOGIN).click()
        break
      case 'xstate.done.actor.getPasskeyAssertion': {
        // The customer's authenticator answers. Where the server is to refuse the answer, it holds
        // a passkey of the same name on another key, which this site never registered.
        const next = ctx.path?.steps[ctx.step + 1]?.event as
          { type: string; error?: { errorType?: string } } | undefined
        const refused =
          next?.type === 'xstate.error.actor.verifySecondFactor' &&
          next.error?.errorType === 'INVALID_CREDENTIALS'
        const passkey = ctx.passkey ?? whoOf(ctx).passkey
        await holdAuthenticator(ctx, refused ? foreignCopy(passkey) : passkey)
        break
      }
      case 'xstate.error.actor.getPasskeyAssertion':
        // An authenticator without a passkey for this site: the browser's request fails with its
        // NotAllowedError, as when the prompt is closed or times out.
        await holdAuthenticator(ctx, null)
        break
      case 'xstate.done.actor.verifySecondFactor': {
        const route = await heldProof(ctx)
        spent(ctx, route.request().postDataJSON() as Record<string, unknown>)
        await route.continue()
        break
      }
      case 'xstate.error.actor.verifySecondFactor': {
        const { errorType } = (event as unknown as { error: { errorType: string } }).error
        const route = await heldProof(ctx)
        const sent = route.request().postDataJSON() as Record<string, unknown> & {
          challengeToken: string
        }
        const who = whoOf(ctx)
        if (errorType === 'INVALID_CREDENTIALS') {
          // The typed code was used on another device meanwhile (a passkey's refusal comes from
          // the foreign key the authenticator answered with).
          const proof =
            typeof sent.totpCode === 'string'
              ? { totpCode: sent.totpCode }
              : typeof sent.recoveryCode === 'string'
                ? { recoveryCode: sent.recoveryCode }
                : null
          if (proof) {
            expect(
              await proveElsewhere(ctx.level, await challengeElsewhere(ctx.level, who), proof),
            ).toBe(200)
            spent(ctx, proof)
          }
          await route.continue()
        } else if (errorType === 'INVALID_TOKEN') {
          // The server keeps a challenge 5 minutes on its own clock, which nothing outside its
          // process moves; a challenge used up is answered the same: the test finishes this
          // login first, with another of the account's recovery codes.
          const spare = [...who.recoveryCodes].reverse().find((c) => !ctx.usedRecoveryCodes.has(c))
          if (!spare) throw new Error('no recovery code is left')
          expect(
            await proveElsewhere(ctx.level, sent.challengeToken, { recoveryCode: spare }),
          ).toBe(200)
          ctx.usedRecoveryCodes.add(spare)
          await route.continue()
        } else if (errorType === 'RATE_LIMITED') {
          // Someone guesses codes against this challenge until the server stops taking proofs
          // for it (5 wrong ones); the customer's proof is then refused too.
          let status = 0
          for (let guess = 0; guess < 6 && status !== 429; guess++)
            status = await proveElsewhere(ctx.level, sent.challengeToken, {
              recoveryCode: GUESSED_RECOVERY_CODE,
            })
          expect(status).toBe(429)
          await route.continue()
        } else {
          // The server cannot be brought to fail here (it signs in or refuses the proof): its
          // answer when the database is down is made where the browser meets the network.
          await route.fulfill({
            status: 503,
            contentType: 'application/problem+json',
            headers: { 'retry-after': '5' },
            body: JSON.stringify({
              type: 'urn:exchange:problem:database-unavailable',
              title: 'Service Unavailable',
              status: 503,
              detail: 'The database cannot be reached right now. Try again shortly.',
              errorType: 'OTHER_ERROR',
            }),
          })
        }
        break
      }
      default:
        throw new Error(`no browser action for ${event.type}`)
    }
  }

  const runner = browserRunner<Machine, Ctx>({
    async open(run) {
      if (!level) throw new Error('the browser level did not start')
      const flow = await openFlowPage(level, loginMachine, run?.recorder)
      const { page, context } = flow
      const cdp = await context.newCDPSession(page)
      await cdp.send('WebAuthn.enable', { enableUI: false })
      const challenged = run?.path.steps.some(
        (s) =>
          s.event.type === 'xstate.done.actor.passwordStep' &&
          'challengeToken' in (s.event as unknown as { output: { result: object } }).output.result,
      )
      // One account per path: its app's codes, recovery codes and limits are the path's alone.
      accounts++
      const who =
        challenged === false
          ? undefined
          : await factorAccount(level, page, cdp, `sam.${String(accounts)}@example.com`, PASSWORD)
      const ctx: Ctx = {
        flow,
        level,
        cdp,
        path: run?.path,
        step: 0,
        who,
        email: '',
        held: [],
        authenticator: null,
        passkey: who?.passkey,
        lastTotpStep: who?.lastTotpStep ?? 0,
        typedTotpStep: 0,
        usedRecoveryCodes: new Set(),
      }
      await page.addInitScript(holdPasskeyPrompts)
      await page.route('**/api/auth/login/second-factor', (route) => {
        ctx.held.push(route)
      })
      await page.goto(level.url('/app/login'))
      await flow.actorStarted()
      return ctx
    },
    act,
    states: {
      password: async (ctx, s) => {
        const { email, expired } = contextOf(s)
        const { page } = ctx.flow
        await page.getByRole('heading', { name: 'Log in' }).waitFor()
        await eventually(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(email)
        expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('')
        const notice = page.getByRole('status').filter({ hasText: CHALLENGE_EXPIRED })
        if (expired) await eventually(() => notice.count()).toBe(1)
        else expect(await page.getByText(CHALLENGE_EXPIRED).count()).toBe(0)
        // No passkey prompt is left open behind the form.
        await eventually(async () => (await prompts(ctx)).open).toBe(0)
        expect(pathname(ctx)).toBe('/app/login')
        expect(await storedToken(ctx)).toBeNull()
      },
      secondFactor: async (ctx) => {
        const { page } = ctx.flow
        await page.getByRole('heading', { name: SECOND_FACTOR_TITLE }).waitFor()
        expect(await button(ctx, BACK_TO_LOGIN).isVisible()).toBe(true)
        expect(pathname(ctx)).toBe('/app/login')
        // Not logged in before the second step is done.
        expect(await storedToken(ctx)).toBeNull()
      },
      'secondFactor.entering': async (ctx, s) => {
        const { method, code, codeError, problem } = contextOf(s)
        if (!method) throw new Error('the account has codes')
        const { page } = ctx.flow
        await page.getByText(secondFactorLead(method, true)).waitFor()
        const input = codeField(ctx, method)
        await eventually(() => input.inputValue()).toBe(code)
        const message = codeError ? englishRule(codeError) : codeFieldText(method, problem)
        await eventually(() => messageOf(ctx, method)).toBe(message)
        // A refused or malformed code is corrected where it is: the field has the focus.
        if (message)
          await eventually(() => input.evaluate((el) => el === document.activeElement)).toBe(true)
        const alert = secondFactorAlert(problem, true)
        if (alert) await eventually(() => page.getByRole('alert').textContent()).toContain(alert)
        else await eventually(() => page.getByRole('alert').allTextContents()).toEqual([])
        // A failed prompt is the browser's own refusal (the authenticator has no passkey here).
        if (problem === 'passkey-failed')
          expect((await prompts(ctx)).failure).toBe('NotAllowedError')
        await eventually(() => button(ctx, VERIFY).isEnabled()).toBe(true)
        expect(await input.getAttribute('readonly')).toBeNull()
        expect(await button(ctx, USE_PASSKEY).isEnabled()).toBe(true)
        expect(await button(ctx, switchLabel(method)).isVisible()).toBe(true)
      },
      'secondFactor.askingPasskey': async (ctx, s) => {
        const { page } = ctx.flow
        await eventually(() =>
          page.getByRole('status').filter({ hasText: PASSKEY_PROMPTING }).count(),
        ).toBe(1)
        await eventually(() => button(ctx, USE_PASSKEY).isDisabled()).toBe(true)
        expect(await button(ctx, VERIFY).isDisabled()).toBe(true)
        // One prompt is open, with the challenge the server gave this login.
        await eventually(async () => {
          const { open, challenge } = await prompts(ctx)
          return { open, challenge }
        }).toEqual({ open: 1, challenge: contextOf(s).challenge?.passkeyOptions?.challenge })
      },
      'secondFactor.verifying': async (ctx, s) => {
        const { challenge, proof } = contextOf(s)
        await eventually(() => button(ctx, VERIFY).isDisabled()).toBe(true)
        expect(await button(ctx, USE_PASSKEY).isDisabled()).toBe(true)
        // The proof is with the server: one request, with this login's challenge.
        await eventually(() => ctx.held.length).toBe(1)
        expect(ctx.held[0]?.request().postDataJSON()).toEqual({
          challengeToken: challenge?.challengeToken,
          ...proof,
        })
      },
      signedIn: async (ctx) => {
        // Logged in exactly like a password-only login: the session stored, then /app.
        const { page } = ctx.flow
        await page.getByText(`Signed in as ${ctx.email}`).waitFor()
        expect(pathname(ctx)).toBe('/app')
        expect(await storedToken(ctx)).toEqual(expect.any(String))
      },
    },
  })

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the real app against the real server', async () => {
    const report = await runAllPaths(pm, runner, 'browser')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })
})
