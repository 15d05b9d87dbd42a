import { describe, expect, it } from 'vitest'
import { createActor, type Actor } from 'xstate'
import {
  changePasswordMachine,
  selectChangePasswordView,
  type ChangePasswordEvent,
} from '../../src/machines/change-password/change-password.machine'
import { deferredActors, settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { passwords, WEAK_REASON } from '../../src/flows/fixtures/change-password'
import { createChangePasswordPathModel } from './change-password-model'

interface Ctx {
  actor: Actor<typeof changePasswordMachine>
  fakes: ReturnType<typeof deferredActors<'changePassword'>>
  stepUps: number
  changes: number
}

describe('change password (issue 14 items 2 and 7)', () => {
  const pm = createChangePasswordPathModel()

  const runner: PathRunner<typeof changePasswordMachine, Ctx> = {
    setup(inspect) {
      const ctx = {
        fakes: deferredActors(['changePassword'] as const),
        stepUps: 0,
        changes: 0,
      } as Ctx
      ctx.actor = createActor(
        changePasswordMachine.provide({
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
      if (!ctx.fakes.settle(event)) ctx.actor.send(event as ChangePasswordEvent)
      await settled()
      const s = ctx.actor.getSnapshot()
      const asked = event.type.startsWith('xstate.error') && s.matches('confirming')
      expect(ctx.stepUps - before.stepUps).toBe(asked ? 1 : 0)
      // Other sessions end with a changed password: the page re-reads them.
      expect(ctx.changes - before.changes).toBe(
        event.type === 'xstate.done.actor.changePassword' ? 1 : 0,
      )
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      editing: (_ctx, s) => {
        const view = selectChangePasswordView(s)
        expect(view).toMatchObject({ submitting: false, changed: false, failure: null })
        if (view.problem !== null)
          expect([
            { rule: 'server', field: 'newPassword', text: WEAK_REASON },
            { rule: 'min', count: 6 },
            { rule: 'required' },
          ]).toContainEqual(view.problem)
        // A weak password is kept in the field, to be changed rather than retyped.
        if (view.problem?.rule === 'server') expect(view.password).toBe(passwords.good)
      },
      submitting: (ctx, s) => {
        expect(selectChangePasswordView(s).submitting).toBe(true)
        expect(ctx.fakes.inputs.changePassword.at(-1)).toEqual({ newPassword: passwords.good })
      },
      confirming: (_ctx, s) => {
        expect(s.context.stepUpAsked).toBe(true)
        expect(selectChangePasswordView(s).submitting).toBe(true)
      },
      failed: (_ctx, s) => {
        expect(selectChangePasswordView(s).failure).not.toBeNull()
        expect(s.context.password).toBe(passwords.good)
      },
      changed: (_ctx, s) => {
        expect(selectChangePasswordView(s)).toMatchObject({ changed: true, password: '' })
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
})
