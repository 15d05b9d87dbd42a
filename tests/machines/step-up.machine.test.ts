import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, type Actor, type AnyActorRef } from 'xstate'
import type { MainClient } from '../../src/api/main-client'
import { createMainClient } from '../../src/api/main-client'
import { createStepUpActors } from '../../src/machines/step-up/step-up.actors'
import {
  passkeyProblemOf,
  problemOf,
  requestOf,
  selectStepUpView,
  stepUpMachine,
  type StepUpEvent,
  type StepUpRequest,
} from '../../src/machines/step-up/step-up.machine'
import { deferredActors, settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import {
  accounts,
  codes,
  password,
  passkeyAnswer,
  passkeyFailures,
  refusals,
  requesters,
} from '../../src/flows/fixtures/step-up'
import { challenge } from '../../src/flows/fixtures/login'
import { createStepUpPathModel } from './step-up-model'

interface Ctx {
  actor: Actor<typeof stepUpMachine>
  fakes: ReturnType<typeof deferredActors<'askPasskey' | 'checkStepUp'>>
  /** The outcomes each waiting change heard, by the fixture's name for it. */
  outcomes: string[]
  /** Real actors in the place of the fixtures' stand-ins, recording what they hear. */
  changes: Map<AnyActorRef, AnyActorRef>
}

/** A change waiting for the dialog: it records each outcome it hears as `name:type`. */
function waitingChange(name: string, heard: string[]) {
  return createActor(
    fromCallback<{ type: string }>(({ receive }) => {
      receive((event) => {
        heard.push(`${name}:${event.type}`)
      })
    }),
  ).start()
}

/** Asks for the dialog, as a change that got 403 STEP_UP_REQUIRED does. */
const request = (requester: AnyActorRef): StepUpEvent => ({ type: 'stepUp.request', requester })

/** What the step-up sends for the proof the dialog asked for, the codes as the contract takes them. */
function expectedRequest(proof: string | null): StepUpRequest {
  if (proof === 'totp') return { password, totpCode: '492039' }
  if (proof === 'recovery-code') return { password, recoveryCode: codes['recovery-code'].good }
  if (proof === 'passkey') return { password, passkey: passkeyAnswer }
  return { password }
}

describe("step-up: 'Confirm it's you' (issue 14 item 7, issue 25 finding 2)", () => {
  const pm = createStepUpPathModel()

  const runner: PathRunner<typeof stepUpMachine, Ctx> = {
    setup(inspect) {
      const fakes = deferredActors(['askPasskey', 'checkStepUp'] as const)
      const outcomes: string[] = []
      const actor = createActor(stepUpMachine.provide({ actors: fakes.actors as never }), {
        inspect,
      }).start()
      const changes = new Map<AnyActorRef, AnyActorRef>([
        [requesters.password, waitingChange('password', outcomes)],
        [requesters.sessions, waitingChange('sessions', outcomes)],
      ])
      return { actor, fakes, outcomes, changes }
    },
    async event(ctx, event) {
      const before = ctx.outcomes.length
      const waiting = ctx.actor.getSnapshot().context.waiting.length
      if (event.type === 'stepUp.request') {
        const { requester } = event as unknown as { requester: AnyActorRef }
        ctx.actor.send(request(ctx.changes.get(requester) ?? requester))
      } else if (!ctx.fakes.settle(event)) ctx.actor.send(event as StepUpEvent)
      await settled()
      // Every waiting change hears exactly one outcome, and only when the dialog closes.
      const heard = ctx.outcomes.slice(before)
      const everyWaiting = (type: string) =>
        ['password', 'sessions'].slice(0, waiting).map((name) => `${name}:${type}`)
      if (event.type === 'xstate.done.actor.checkStepUp')
        expect(heard).toEqual(everyWaiting('stepUp.confirmed'))
      else if (event.type === 'stepUp.cancel')
        expect(heard).toEqual(everyWaiting('stepUp.cancelled'))
      else expect(heard).toEqual([])
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      closed: (_ctx, s) => {
        expect(selectStepUpView(s).open).toBe(false)
        // Nothing typed stays in memory, and no change is left waiting.
        expect(s.context).toMatchObject({ password: '', code: '', assertion: null, waiting: [] })
      },
      open: (_ctx, s) => {
        const view = selectStepUpView(s)
        expect(view.open).toBe(true)
        // The password always; a proof exactly when the account has a second factor.
        const { factors } = s.context
        expect(view.proof === null).toBe(!factors.totp && !factors.passkey)
        expect(view.switches).not.toContain(view.proof)
      },
      'open.editing': (_ctx, s) => {
        expect(selectStepUpView(s).busy).toBe(false)
        expect(s.context.assertion).toBeNull()
      },
      'open.askingPasskey': (_ctx, s) => {
        expect(selectStepUpView(s)).toMatchObject({ busy: true, prompting: true, proof: 'passkey' })
        // The prompt opens only once the password is typed.
        expect(s.context.password).toBe(password)
      },
      'open.checking': (ctx, s) => {
        expect(selectStepUpView(s)).toMatchObject({ busy: true, checking: true })
        // The password with the proof the account needs, the app's code without its space.
        expect(ctx.fakes.inputs.checkStepUp.at(-1)).toEqual(expectedRequest(s.context.proof))
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

  it('reads the server: wrong answer 401, the limit 429, anything else a failure', () => {
    expect(problemOf(refusals.wrong)).toBe('wrong')
    expect(problemOf(refusals.rateLimited)).toBe('rateLimited')
    expect(problemOf(refusals.failed)).toBe('failed')
    expect(problemOf(new Error('network'))).toBe('failed')
    expect(passkeyProblemOf(passkeyFailures.cancelled)).toBe('passkeyCancelled')
    expect(passkeyProblemOf(passkeyFailures.browser)).toBe('passkeyFailed')
    expect(passkeyProblemOf(passkeyFailures.noOptions)).toBe('failed')
  })

  it('sends the password alone for an account without a factor, with the proof otherwise', () => {
    const base = { password, code: '', assertion: null }
    expect(requestOf({ ...base, proof: null })).toEqual({ password })
    expect(requestOf({ ...base, proof: 'totp', code: '492039' })).toEqual({
      password,
      totpCode: '492039',
    })
    expect(requestOf({ ...base, proof: 'recovery-code', code: 'K7QPD-M2XVA' })).toEqual({
      password,
      recoveryCode: 'K7QPD-M2XVA',
    })
    expect(requestOf({ ...base, proof: 'passkey', assertion: passkeyAnswer })).toEqual({
      password,
      passkey: passkeyAnswer,
    })
  })

  it('asks what the account has: the app first, the passkey when it is the only factor', () => {
    const proofOn = (factors: Omit<Extract<StepUpEvent, { type: 'stepUp.factors' }>, 'type'>) => {
      const actor = createActor(stepUpMachine).start()
      actor.send({ type: 'stepUp.factors', ...factors })
      actor.send(request(requesters.password))
      const view = selectStepUpView(actor.getSnapshot())
      actor.stop()
      return { proof: view.proof, switches: view.switches }
    }
    expect(proofOn(accounts.passwordOnly)).toEqual({ proof: null, switches: [] })
    expect(proofOn(accounts.everyFactor)).toEqual({
      proof: 'totp',
      switches: ['recovery-code', 'passkey'],
    })
    expect(proofOn(accounts.passkeyOnly)).toEqual({
      proof: 'passkey',
      switches: [],
    })
    // Every recovery code used: the app's code and the passkey only.
    expect(proofOn({ hasTotp: true, hasPasskey: true, hasRecoveryCodes: false })).toEqual({
      proof: 'totp',
      switches: ['passkey'],
    })
  })

  it('checks the fields before sending: the password, then the code of the proof', () => {
    const change = waitingChange('password', [])
    const actor = createActor(stepUpMachine).start()
    actor.send({ type: 'stepUp.factors', ...accounts.everyFactor })
    actor.send(request(change))
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().context).toMatchObject({
      passwordProblem: 'required',
      codeProblem: 'required',
    })
    actor.send({ type: 'password.change', value: password })
    actor.send({ type: 'code.change', value: '12345a' })
    actor.send({ type: 'form.submit' })
    // Only digits are kept: five are not a code.
    expect(actor.getSnapshot().context).toMatchObject({
      code: '12345',
      passwordProblem: null,
      codeProblem: 'format',
    })
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true)
    // A switch keeps the password and empties the code.
    actor.send({ type: 'proof.switch', proof: 'recovery-code' })
    expect(actor.getSnapshot().context).toMatchObject({
      proof: 'recovery-code',
      password,
      code: '',
      codeProblem: null,
    })
    actor.send({ type: 'code.change', value: 'K7QPD M2XV' })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().context.codeProblem).toBe('format')
    // An account without a factor has no code to type.
    actor.send({ type: 'stepUp.cancel' })
    actor.send({ type: 'stepUp.factors', ...accounts.passwordOnly })
    actor.send(request(change))
    actor.send({ type: 'code.change', value: '492039' })
    expect(actor.getSnapshot().context.code).toBe('')
    actor.stop()
  })
})

describe('step-up actors against a fake fetch', () => {
  const baseUrl = 'http://localhost'
  const passkeyOptions = challenge.passkeyOptions

  function clientAnswering(answers: Record<string, () => Response>) {
    const seen: { path: string; body: unknown }[] = []
    const fetch = async (input: Request | string | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init)
      const path = new URL(request.url).pathname
      const text = await request.clone().text()
      seen.push({ path, body: text ? (JSON.parse(text) as unknown) : undefined })
      const answer = answers[path]
      return answer ? answer() : new Response(null, { status: 404 })
    }
    const api: MainClient = createMainClient({ baseUrl, fetch })
    return { api, seen }
  }

  it('asks the server for the options, then the browser, and sends the password with the passkey', async () => {
    const { api, seen } = clientAnswering({
      '/api/account/step-up/passkey-options': () => Response.json(passkeyOptions),
      '/api/account/step-up': () => Response.json({ stepUpUntil: '2026-11-23T10:05:00.000Z' }),
    })
    const asked: unknown[] = []
    const actors = createStepUpActors(api, {
      startAuthentication: ({ optionsJSON }) => {
        asked.push(optionsJSON)
        return Promise.resolve({ ...passkeyAnswer, response: { ...passkeyAnswer.response } })
      },
      cancelCeremony: () => undefined,
    })
    const actor = createActor(stepUpMachine.provide({ actors }))
    actor.start()
    actor.send({ type: 'stepUp.factors', ...accounts.passkeyOnly })
    actor.send(request(waitingChange('password', [])))
    actor.send({ type: 'password.change', value: password })
    actor.send({ type: 'form.submit' })
    await new Promise<void>((resolve) => {
      actor.subscribe((s) => {
        if (s.matches('closed')) resolve()
      })
    })
    expect(asked).toEqual([passkeyOptions])
    expect(seen).toEqual([
      { path: '/api/account/step-up/passkey-options', body: undefined },
      { path: '/api/account/step-up', body: { password, passkey: passkeyAnswer } },
    ])
    actor.stop()
  })

  it('closing the dialog closes the browser prompt', async () => {
    const { api } = clientAnswering({
      '/api/account/step-up/passkey-options': () => Response.json(passkeyOptions),
    })
    let cancels = 0
    let prompted!: () => void
    const promptOpen = new Promise<void>((resolve) => {
      prompted = resolve
    })
    const actors = createStepUpActors(api, {
      startAuthentication: () => {
        prompted()
        return new Promise(() => undefined)
      },
      cancelCeremony: () => {
        cancels++
      },
    })
    const actor = createActor(stepUpMachine.provide({ actors }))
    actor.start()
    actor.send({ type: 'stepUp.factors', ...accounts.passkeyOnly })
    actor.send(request(waitingChange('password', [])))
    actor.send({ type: 'password.change', value: password })
    actor.send({ type: 'form.submit' })
    await promptOpen
    actor.send({ type: 'stepUp.cancel' })
    expect(cancels).toBe(1)
    expect(actor.getSnapshot().matches('closed')).toBe(true)
    actor.stop()
  })
})
