import { describe, expect, it } from 'vitest'
import { createActor, type Actor } from 'xstate'
import { promptProblemOf, PasskeyPromptFailed } from '../../src/machines/passkeys/passkey-prompt'
import {
  passkeysMachine,
  selectPasskeysView,
  type PasskeysEvent,
} from '../../src/machines/passkeys/passkeys.machine'
import { deferredActors, settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { attestation, creationOptions, laptopKey } from '../../src/flows/fixtures/security'
import { names } from '../../src/flows/fixtures/passkeys'
import { createPasskeysPathModel } from './passkeys-model'

const ids = [
  'loadPasskeys',
  'passkeyOptions',
  'createPasskey',
  'addPasskey',
  'renamePasskey',
  'removePasskey',
] as const

interface Ctx {
  actor: Actor<typeof passkeysMachine>
  fakes: ReturnType<typeof deferredActors<(typeof ids)[number]>>
  stepUps: number
  changes: number
}

const changing = ['xstate.done.actor.addPasskey', 'xstate.done.actor.removePasskey']

describe('passkeys (issue 14 item 3)', () => {
  const pm = createPasskeysPathModel()

  const runner: PathRunner<typeof passkeysMachine, Ctx> = {
    setup(inspect) {
      const ctx = { fakes: deferredActors(ids), stepUps: 0, changes: 0 } as Ctx
      ctx.actor = createActor(
        passkeysMachine.provide({
          actors: ctx.fakes.actors as never,
          actions: {
            requestStepUp: () => {
              ctx.stepUps++
            },
            securityChanged: () => {
              ctx.changes++
            },
          },
        }),
        { inspect },
      ).start()
      return ctx
    },
    async event(ctx, event) {
      const before = { stepUps: ctx.stepUps, changes: ctx.changes }
      if (!ctx.fakes.settle(event)) ctx.actor.send(event as PasskeysEvent)
      await settled()
      const s = ctx.actor.getSnapshot()
      const asked =
        event.type.startsWith('xstate.error') &&
        (s.matches({ adding: 'confirming' }) || s.matches({ removal: 'confirming' }))
      expect(ctx.stepUps - before.stepUps).toBe(asked ? 1 : 0)
      // Adding or removing a factor tells the page (the other sessions have ended).
      expect(ctx.changes - before.changes).toBe(changing.includes(event.type) ? 1 : 0)
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      loading: (ctx) => {
        expect(ctx.fakes.inputs.loadPasskeys.length).toBeGreaterThan(0)
      },
      loadFailed: (_ctx, s) => {
        expect(selectPasskeysView(s).phase).toBe('loadFailed')
      },
      listed: (_ctx, s) => {
        const view = selectPasskeysView(s)
        expect(view).toMatchObject({ phase: 'ready', busy: false, renaming: null })
        expect(view.passkeys.map((p) => p.id)).toEqual([laptopKey.id])
      },
      adding: (_ctx, s) => {
        expect(selectPasskeysView(s)).toMatchObject({ adding: true, busy: true })
      },
      'adding.requesting': (ctx) => {
        expect(ctx.fakes.inputs.passkeyOptions.length).toBeGreaterThan(0)
      },
      'adding.prompting': (ctx, s) => {
        expect(selectPasskeysView(s).prompting).toBe(true)
        // The browser gets the server's options as they came.
        expect(ctx.fakes.inputs.createPasskey.at(-1)).toEqual(creationOptions)
      },
      'adding.saving': (ctx) => {
        expect(ctx.fakes.inputs.addPasskey.at(-1)).toEqual(attestation)
      },
      'adding.confirming': (_ctx, s) => {
        expect(s.context.stepUpAsked).toBe(true)
      },
      renaming: (_ctx, s) => {
        expect(selectPasskeysView(s).renaming).toBe(laptopKey.id)
      },
      'renaming.editing': (_ctx, s) => {
        const view = selectPasskeysView(s)
        expect(view.savingName).toBe(false)
        if (view.nameProblem !== null && view.draft.trim() === '')
          expect(view.nameProblem).toEqual({ rule: 'required' })
      },
      'renaming.saving': (ctx, s) => {
        // Sent trimmed.
        expect(ctx.fakes.inputs.renamePasskey.at(-1)).toEqual({
          id: laptopKey.id,
          name: s.context.draft.trim(),
        })
        expect([laptopKey.name, names.good.trim()]).toContain(s.context.draft.trim())
      },
      removal: (_ctx, s) => {
        expect(selectPasskeysView(s).removing).toBe(laptopKey.id)
      },
      'removal.asking': (_ctx, s) => {
        expect(selectPasskeysView(s).confirmingRemoval).toBe(laptopKey.id)
      },
      'removal.removing': (ctx) => {
        expect(ctx.fakes.inputs.removePasskey.at(-1)).toEqual({ id: laptopKey.id })
      },
      'removal.confirming': (_ctx, s) => {
        expect(s.context.stepUpAsked).toBe(true)
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

  it("reads SimpleWebAuthn's errors as the customer needs them", () => {
    const wrapped = (name: string, code = 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY') =>
      Object.assign(new Error('x'), { code, cause: Object.assign(new Error('y'), { name }) })
    expect(promptProblemOf(wrapped('NotAllowedError'))).toBe('cancelled')
    expect(promptProblemOf(wrapped('AbortError', 'ERROR_CEREMONY_ABORTED'))).toBe('cancelled')
    expect(
      promptProblemOf(wrapped('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')),
    ).toBe('alreadyRegistered')
    expect(promptProblemOf(new Error('WebAuthn is not supported in this browser'))).toBe(
      'unsupported',
    )
    expect(promptProblemOf(new TypeError('boom'))).toBe('failed')
    expect(new PasskeyPromptFailed('cancelled').problem).toBe('cancelled')
  })
})
