import { describe, expect, it } from 'vitest'
import { createActor, type Actor } from 'xstate'
import {
  authenticatorAppMachine,
  refusedCodeProblem,
  selectAuthenticatorAppView,
  type AuthenticatorAppEvent,
} from '../../src/machines/authenticator-app/authenticator-app.machine'
import { groupedSecret } from '../../src/ui/account/security-texts'
import { deferredActors, settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { enrolment, recoveryCodes } from '../../src/flows/fixtures/security'
import { failures } from '../../src/flows/fixtures/authenticator-app'
import { createAuthenticatorAppPathModel } from './authenticator-app-model'

const ids = ['loadTotp', 'startTotpEnrolment', 'confirmTotp', 'removeTotp', 'copyCodes'] as const

interface Ctx {
  actor: Actor<typeof authenticatorAppMachine>
  fakes: ReturnType<typeof deferredActors<(typeof ids)[number]>>
  stepUps: number
  changes: number
}

const changing = ['xstate.done.actor.confirmTotp', 'xstate.done.actor.removeTotp']
const waiting = [
  { settingUp: 'confirmingStart' },
  { settingUp: 'confirmingCode' },
  { removal: 'confirming' },
] as const

describe('authenticator app (issue 14 item 3, TOTP)', () => {
  const pm = createAuthenticatorAppPathModel()

  const runner: PathRunner<typeof authenticatorAppMachine, Ctx> = {
    setup(inspect) {
      const ctx = { fakes: deferredActors(ids), stepUps: 0, changes: 0 } as Ctx
      ctx.actor = createActor(
        authenticatorAppMachine.provide({
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
      if (!ctx.fakes.settle(event)) ctx.actor.send(event as AuthenticatorAppEvent)
      await settled()
      const s = ctx.actor.getSnapshot()
      const asked = event.type.startsWith('xstate.error') && waiting.some((w) => s.matches(w))
      expect(ctx.stepUps - before.stepUps).toBe(asked ? 1 : 0)
      expect(ctx.changes - before.changes).toBe(changing.includes(event.type) ? 1 : 0)
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      loading: (ctx, s) => {
        expect(ctx.fakes.inputs.loadTotp.length).toBeGreaterThan(0)
        expect(selectAuthenticatorAppView(s).phase).toBe('loading')
      },
      loadFailed: (_ctx, s) => {
        expect(selectAuthenticatorAppView(s).phase).toBe('loadFailed')
      },
      off: (_ctx, s) => {
        const view = selectAuthenticatorAppView(s)
        expect(view).toMatchObject({ phase: 'ready', enabled: false, enrolment: null })
        expect(view.recoveryCodes).toBeNull()
      },
      on: (_ctx, s) => {
        const view = selectAuthenticatorAppView(s)
        expect(view).toMatchObject({ enabled: true, enrolment: null, recoveryCodes: null })
        // The codes were shown once and are not kept.
        expect(s.context.recoveryCodes).toEqual([])
      },
      settingUp: (_ctx, s) => {
        expect(selectAuthenticatorAppView(s).enabled).toBe(false)
      },
      'settingUp.starting': (ctx, s) => {
        expect(ctx.fakes.inputs.startTotpEnrolment.length).toBeGreaterThan(0)
        expect(selectAuthenticatorAppView(s).starting).toBe(true)
      },
      'settingUp.confirmingStart': (_ctx, s) => {
        expect(s.context.stepUpAsked).toBe(true)
      },
      'settingUp.scanning': (_ctx, s) => {
        const view = selectAuthenticatorAppView(s)
        expect(view.enrolment).toEqual(enrolment)
        expect(view.verifying).toBe(false)
      },
      'settingUp.verifying': (ctx, s) => {
        expect(selectAuthenticatorAppView(s).verifying).toBe(true)
        // Sent without the space the customer typed.
        expect(ctx.fakes.inputs.confirmTotp.at(-1)).toEqual({ code: '492039' })
      },
      'settingUp.confirmingCode': (_ctx, s) => {
        expect(s.context.stepUpAsked).toBe(true)
        expect(selectAuthenticatorAppView(s).enrolment).toEqual(enrolment)
      },
      showingCodes: (_ctx, s) => {
        expect(selectAuthenticatorAppView(s).recoveryCodes).toEqual(recoveryCodes)
      },
      'showingCodes.shown': (_ctx, s) => {
        expect(selectAuthenticatorAppView(s).copy).toBeNull()
      },
      'showingCodes.copying': (ctx, s) => {
        expect(selectAuthenticatorAppView(s).copy).toBe('copying')
        expect(ctx.fakes.inputs.copyCodes.at(-1)).toEqual({ codes: recoveryCodes })
      },
      'showingCodes.copied': (_ctx, s) => {
        expect(selectAuthenticatorAppView(s).copy).toBe('copied')
      },
      'showingCodes.copyFailed': (_ctx, s) => {
        expect(selectAuthenticatorAppView(s).copy).toBe('failed')
      },
      removal: (_ctx, s) => {
        expect(s.context.enabled).toBe(true)
      },
      'removal.asking': (_ctx, s) => {
        expect(selectAuthenticatorAppView(s).confirmingRemoval).toBe(true)
      },
      'removal.removing': (ctx, s) => {
        expect(selectAuthenticatorAppView(s).removing).toBe(true)
        expect(ctx.fakes.inputs.removeTotp.length).toBeGreaterThan(0)
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

  it('groups the secret for typing and reads a refused code', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXPJB')).toBe('JBSW Y3DP EHPK 3PXP JB')
    expect(refusedCodeProblem(failures.wrongCode)).toBe('wrong')
    expect(refusedCodeProblem({ errorType: 'RATE_LIMITED' })).toBe('rateLimited')
    expect(refusedCodeProblem(failures.down)).toBe('failed')
  })
})
