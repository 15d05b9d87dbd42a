import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, type Actor } from 'xstate'
import { submitWith } from '../../src/machines/forms/form.machine'
import {
  loginFormMachine,
  type LoginResult,
  type TokenPair,
} from '../../src/machines/forms/login-form.machine'
import {
  loginMachine,
  type PasskeyAssertion,
  type PasskeyRequestOptions,
  type SecondFactorProof,
} from '../../src/machines/login/login.machine'
import { codeProblem } from '../../src/machines/login/second-factor-code'
import { DeferredQueue } from '../support/deferred'
import { assertion, challenge, codes, credentials } from '../../src/flows/fixtures/login'
import { createLoginPathModel } from '../support/login-model'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'

interface Ctx {
  actor: Actor<typeof loginMachine>
  logins: DeferredQueue<LoginResult>
  loginBodies: unknown[]
  prompts: DeferredQueue<PasskeyAssertion>
  promptOptions: (PasskeyRequestOptions | undefined)[]
  /** Prompts whose run was aborted (the step was left while the prompt was open). */
  promptsAborted: number
  proofs: DeferredQueue<TokenPair>
  proofInputs: { challengeToken: string; proof: SecondFactorProof | null }[]
  signedIn: TokenPair[]
  /** The answer each step was last given, so a state can say what must have followed. */
  lastAnswer: TokenPair | null
}

const tick = () => new Promise((r) => setTimeout(r, 0))

describe('login flow (docs/product/screens.md#log-in-form, docs/product/flows.md#login, docs/product/account-security.md#login-second-step)', () => {
  const pm = createLoginPathModel(loginMachine)

  const runner: PathRunner<typeof loginMachine, Ctx> = {
    setup(inspect) {
      // One object, the actor added once it exists: the fakes below count into it.
      const ctx: Omit<Ctx, 'actor'> & { actor?: Ctx['actor'] } = {
        logins: new DeferredQueue(),
        loginBodies: [],
        prompts: new DeferredQueue(),
        promptOptions: [],
        promptsAborted: 0,
        proofs: new DeferredQueue(),
        proofInputs: [],
        signedIn: [],
        lastAnswer: null,
      }
      ctx.actor = createActor(
        loginMachine.provide({
          actors: {
            passwordStep: loginFormMachine.provide({
              actors: {
                submit: submitWith((values) => {
                  ctx.loginBodies.push(values)
                  return ctx.logins.next()
                }),
              },
            }),
            getPasskeyAssertion: fromPromise(({ input, signal }) => {
              ctx.promptOptions.push(input.options)
              signal.addEventListener('abort', () => {
                ctx.promptsAborted++
              })
              return ctx.prompts.next()
            }),
            verifySecondFactor: fromPromise(({ input }) => {
              ctx.proofInputs.push(input)
              return ctx.proofs.next()
            }),
          },
          actions: {
            signIn: (_, tokens) => {
              ctx.signedIn.push(tokens)
            },
          },
        }),
        { inspect },
      ).start()
      return ctx as Ctx
    },
    async event(ctx, event) {
      const e = event as unknown as {
        type: string
        output?: { result: LoginResult } | PasskeyAssertion | TokenPair
        error?: unknown
      }
      switch (e.type) {
        case 'xstate.done.actor.passwordStep': {
          // The customer fills the (child) log-in form and the server answers.
          const form = ctx.actor.getSnapshot().children.passwordStep
          if (!form) throw new Error('the password step is not running')
          form.send({ type: 'field.change', field: 'email', value: credentials.email })
          form.send({ type: 'field.change', field: 'password', value: credentials.password })
          form.send({ type: 'form.submit' })
          await tick()
          const { result } = e.output as { result: LoginResult }
          ctx.lastAnswer = 'accessToken' in result ? result : null
          ctx.logins.latest.resolve(result)
          break
        }
        case 'xstate.done.actor.getPasskeyAssertion':
          ctx.prompts.latest.resolve(e.output as PasskeyAssertion)
          break
        case 'xstate.error.actor.getPasskeyAssertion':
          ctx.prompts.latest.reject(e.error)
          break
        case 'xstate.done.actor.verifySecondFactor':
          ctx.lastAnswer = e.output as TokenPair
          ctx.proofs.latest.resolve(e.output as TokenPair)
          break
        case 'xstate.error.actor.verifySecondFactor':
          ctx.proofs.latest.reject(e.error)
          break
        default:
          ctx.actor.send(event as never)
      }
      await tick()
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      password: (ctx, s) => {
        const form = s.children.passwordStep
        expect(form).toBeDefined()
        // Back from the second step the e-mail comes filled in; the password never does.
        expect(form?.getSnapshot().context.values).toEqual({ email: s.context.email, password: '' })
        if (s.context.expired) expect(s.context.email).toBe(credentials.email)
        expect(s.context.challenge).toBeNull()
        expect(ctx.signedIn).toEqual([])
      },
      secondFactor: (ctx, s) => {
        expect(s.context.challenge).toEqual(challenge)
        expect(s.context.email).toBe(credentials.email)
        expect(s.context.expired).toBe(false)
        expect(s.children.passwordStep).toBeUndefined()
        expect(ctx.signedIn).toEqual([])
      },
      'secondFactor.entering': (_ctx, s) => {
        const { method, code, codeError } = s.context
        expect(method).not.toBeNull()
        if (!method) return
        // The field only ever holds what its kind of code may contain.
        expect(code.length).toBeLessThanOrEqual(method === 'totp' ? 6 : 11)
        if (codeError !== null) expect(codeError).toEqual(codeProblem(method, code))
        if (s.context.problem === 'wrong-code') expect(code).toBe(codes[method].good)
      },
      'secondFactor.askingPasskey': (ctx) => {
        expect(ctx.promptOptions.at(-1)).toEqual(challenge.passkeyOptions)
        expect(ctx.prompts.all.length).toBe(ctx.promptOptions.length)
      },
      'secondFactor.verifying': (ctx, s) => {
        const sent = ctx.proofInputs.at(-1)
        expect(sent?.challengeToken).toBe(challenge.challengeToken)
        const { method, code } = s.context
        if (sent?.proof && 'passkey' in sent.proof) expect(sent.proof.passkey).toEqual(assertion)
        else if (method === 'totp') expect(sent?.proof).toEqual({ totpCode: code })
        else expect(sent?.proof).toEqual({ recoveryCode: code })
      },
      signedIn: (ctx, s) => {
        expect(s.status).toBe('done')
        // Exactly one sign-in, with the tokens of the answer that ended the flow.
        expect(ctx.signedIn).toEqual([ctx.lastAnswer])
      },
    },
    teardown: (ctx) => {
      ctx.actor.stop()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition on generated paths', async () => {
    const report = await runAllPaths(pm, runner, 'machine')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  })

  it('closes the passkey prompt when the customer goes back to the password', async () => {
    const ctx = await runner.setup(() => undefined)
    await runner.event(ctx, {
      type: 'xstate.done.actor.passwordStep',
      output: { values: credentials, result: challenge },
    })
    await runner.event(ctx, { type: 'passkey.start' })
    expect(ctx.actor.getSnapshot().value).toEqual({ secondFactor: 'askingPasskey' })
    expect(ctx.promptsAborted).toBe(0)
    await runner.event(ctx, { type: 'login.restart' })
    expect(ctx.actor.getSnapshot().value).toBe('password')
    expect(ctx.promptsAborted).toBe(1)
    // A late answer of the closed prompt changes nothing.
    ctx.prompts.latest.resolve(assertion)
    await tick()
    expect(ctx.proofInputs).toEqual([])
    ctx.actor.stop()
  })

  it('keeps only digits of an app code and no spaces of a recovery code', async () => {
    const ctx = await runner.setup(() => undefined)
    await runner.event(ctx, {
      type: 'xstate.done.actor.passwordStep',
      output: { values: credentials, result: challenge },
    })
    ctx.actor.send({ type: 'code.change', value: '492 039 7' })
    expect(ctx.actor.getSnapshot().context.code).toBe('492039')
    ctx.actor.send({ type: 'method.switch' })
    ctx.actor.send({ type: 'code.change', value: ' abcde 12345 ' })
    expect(ctx.actor.getSnapshot().context.code).toBe('abcde12345')
    ctx.actor.send({ type: 'code.submit' })
    await tick()
    expect(ctx.proofInputs.at(-1)?.proof).toEqual({ recoveryCode: 'abcde12345' })
    ctx.actor.stop()
  })
})
