import { describe, expect, it } from 'vitest'
import { createActor, type Actor } from 'xstate'
import {
  answerOf,
  problemOf,
  selectStepUpView,
  stepUpMachine,
  type StepUpAnswer,
  type StepUpEvent,
} from '../../src/machines/step-up/step-up.machine'
import { deferredActors, settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { answers, refusals } from '../../src/flows/fixtures/step-up'
import { createStepUpPathModel } from './step-up-model'

interface Ctx {
  actor: Actor<typeof stepUpMachine>
  fakes: ReturnType<typeof deferredActors<'checkStepUp'>>
  outcomes: string[]
}

describe("step-up: 'Confirm it's you' (issue 14 item 7)", () => {
  const pm = createStepUpPathModel()

  const runner: PathRunner<typeof stepUpMachine, Ctx> = {
    setup(inspect) {
      const fakes = deferredActors(['checkStepUp'] as const)
      const outcomes: string[] = []
      const actor = createActor(
        stepUpMachine.provide({
          actors: fakes.actors as never,
          actions: {
            confirmed: () => void outcomes.push('confirmed'),
            cancelled: () => void outcomes.push('cancelled'),
          },
        }),
        { inspect },
      ).start()
      return { actor, fakes, outcomes }
    },
    async event(ctx, event) {
      const before = ctx.outcomes.length
      if (!ctx.fakes.settle(event)) ctx.actor.send(event as StepUpEvent)
      await settled()
      // The waiting change hears exactly one outcome, and only when the dialog closes.
      const heard = ctx.outcomes.slice(before)
      if (event.type === 'xstate.done.actor.checkStepUp') expect(heard).toEqual(['confirmed'])
      else if (event.type === 'stepUp.cancel') expect(heard).toEqual(['cancelled'])
      else expect(heard).toEqual([])
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      closed: (_ctx, s) => {
        expect(selectStepUpView(s).open).toBe(false)
        // Nothing typed stays in memory.
        expect(s.context.answer).toBe('')
      },
      open: (_ctx, s) => {
        expect(selectStepUpView(s)).toMatchObject({ open: true, hasTotp: true })
      },
      'open.editing': (_ctx, s) => {
        expect(selectStepUpView(s).checking).toBe(false)
      },
      'open.checking': (ctx, s) => {
        expect(selectStepUpView(s).checking).toBe(true)
        // Exactly one of the two is sent, the code without its spaces.
        const sent = ctx.fakes.inputs.checkStepUp.at(-1) as StepUpAnswer
        expect(sent).toEqual(
          s.context.method === 'password'
            ? { password: answers.password.good }
            : { totpCode: '492039' },
        )
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
    expect(answerOf({ method: 'code', answer: ' 123 456 ' })).toEqual({ totpCode: '123456' })
  })

  it('offers the app code only to an account that has one', () => {
    const actor = createActor(stepUpMachine).start()
    actor.send({ type: 'stepUp.open', hasTotp: false })
    actor.send({ type: 'method.switch' })
    expect(actor.getSnapshot().context.method).toBe('password')
    actor.stop()
  })
})
