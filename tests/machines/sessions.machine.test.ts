import { describe, expect, it } from 'vitest'
import { createActor, type Actor } from 'xstate'
import {
  selectSessionsView,
  sessionsMachine,
  type SessionsEvent,
} from '../../src/machines/sessions/sessions.machine'
import { deferredActors, settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { phoneSession } from '../../src/flows/fixtures/security'
import { allSessions } from '../../src/flows/fixtures/sessions'
import { createSessionsPathModel } from './sessions-model'

const ids = ['listSessions', 'endSession', 'endOtherSessions'] as const

interface Ctx {
  actor: Actor<typeof sessionsMachine>
  fakes: ReturnType<typeof deferredActors<(typeof ids)[number]>>
  stepUps: number
}

describe('sessions (issue 14 item 4)', () => {
  const pm = createSessionsPathModel()

  const runner: PathRunner<typeof sessionsMachine, Ctx> = {
    setup(inspect) {
      const ctx = { fakes: deferredActors(ids), stepUps: 0 } as Ctx
      ctx.actor = createActor(
        sessionsMachine.provide({
          actors: ctx.fakes.actors as never,
          actions: {
            requestStepUp: () => {
              ctx.stepUps++
            },
          },
        }),
        { inspect },
      ).start()
      return ctx
    },
    async event(ctx, event) {
      const before = { stepUps: ctx.stepUps, lists: ctx.fakes.inputs.listSessions.length }
      if (!ctx.fakes.settle(event)) ctx.actor.send(event as SessionsEvent)
      await settled()
      const s = ctx.actor.getSnapshot()
      // The step-up is asked for exactly when the server wants one and has not had it yet.
      const asked = event.type.startsWith('xstate.error') && s.matches('confirming')
      expect(ctx.stepUps - before.stepUps).toBe(asked ? 1 : 0)
      // A change that went through reads the list again.
      if (
        event.type === 'xstate.done.actor.endSession' ||
        event.type === 'xstate.done.actor.endOtherSessions'
      )
        expect(ctx.fakes.inputs.listSessions.length).toBe(before.lists + 1)
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      loading: (ctx, s) => {
        expect(ctx.fakes.inputs.listSessions.length).toBeGreaterThan(0)
        expect(selectSessionsView(s).busy).toBe(true)
      },
      loadFailed: (_ctx, s) => {
        expect(selectSessionsView(s).phase).toBe('loadFailed')
      },
      listed: (_ctx, s) => {
        const view = selectSessionsView(s)
        expect(view).toMatchObject({ phase: 'ready', busy: false, hasOthers: true })
        expect(view.sessions).toEqual(allSessions)
      },
      endingOne: (ctx, s) => {
        expect(selectSessionsView(s).ending).toBe(phoneSession.id)
        expect(ctx.fakes.inputs.endSession.at(-1)).toEqual({ id: phoneSession.id })
      },
      endingOthers: (_ctx, s) => {
        expect(selectSessionsView(s).endingOthers).toBe(true)
      },
      confirming: (_ctx, s) => {
        expect(s.context.stepUpAsked).toBe(true)
        expect(selectSessionsView(s).busy).toBe(true)
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

  it('never ends this session (that is Logout) and asks for the step-up once', async () => {
    const fakes = deferredActors(ids)
    let stepUps = 0
    const actor = createActor(
      sessionsMachine.provide({
        actors: fakes.actors as never,
        actions: {
          requestStepUp: () => {
            stepUps++
          },
        },
      }),
    ).start()
    fakes.queues.listSessions.latest.resolve(allSessions)
    await settled()
    actor.send({ type: 'session.end', id: allSessions[0]?.id ?? '' })
    expect(actor.getSnapshot().value).toBe('listed')
    actor.send({ type: 'sessions.endOthers' })
    fakes.queues.endOtherSessions.latest.reject({ errorType: 'STEP_UP_REQUIRED' })
    await settled()
    actor.send({ type: 'stepUp.confirmed' })
    fakes.queues.endOtherSessions.latest.reject({ errorType: 'STEP_UP_REQUIRED' })
    await settled()
    expect(stepUps).toBe(1)
    expect(selectSessionsView(actor.getSnapshot()).failure).toBe('STEP_UP_REQUIRED')
    actor.stop()
  })
})
