import { describe, expect, it } from 'vitest'
import { createActor, type Actor, type InspectionEvent } from 'xstate'
import {
  myPaymentsMachine,
  selectMyPaymentsView,
  type MyPaymentsEvent,
} from '../../src/machines/my-payments/my-payments.machine'
import { createMyPaymentsActors } from '../../src/machines/my-payments/my-payments.actors'
import { somePayments } from '../../src/flows/fixtures/my-payments'
import { deferredActors, settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { createMyPaymentsPathModel } from './my-payments-model'

const ids = ['listPayments'] as const

interface Ctx {
  actor: Actor<typeof myPaymentsMachine>
  fakes: ReturnType<typeof deferredActors<(typeof ids)[number]>>
}

function start(inspect?: (event: InspectionEvent) => void): Ctx {
  const ctx = { fakes: deferredActors(ids) } as Ctx
  ctx.actor = createActor(
    myPaymentsMachine.provide({ actors: { ...ctx.fakes.actors } as never }),
    inspect ? { inspect } : {},
  ).start()
  return ctx
}

describe('the customer’s payments (docs/product/payments.md#what-the-customer-sees)', () => {
  const pm = createMyPaymentsPathModel()

  const runner: PathRunner<typeof myPaymentsMachine, Ctx> = {
    setup: (inspect) => start(inspect),
    async event(ctx, event) {
      const reads = ctx.fakes.inputs.listPayments.length
      if (!ctx.fakes.settle(event)) ctx.actor.send(event as MyPaymentsEvent)
      await settled()
      // 'Refresh' and 'Try again' read the list again, once.
      if (event.type === 'payments.reload')
        expect(ctx.fakes.inputs.listPayments.length).toBe(reads + 1)
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      loading: (ctx, s) => {
        expect(ctx.fakes.inputs.listPayments.length).toBeGreaterThan(0)
        const view = selectMyPaymentsView(s)
        expect(view.phase).toBe(s.context.payments === null ? 'loading' : 'ready')
        expect(view.refreshing).toBe(s.context.payments !== null)
      },
      listed: (_ctx, s) => {
        const view = selectMyPaymentsView(s)
        expect(view).toMatchObject({ phase: 'ready', failure: null, refreshing: false })
        expect([[], somePayments]).toContainEqual(view.payments)
      },
      loadFailed: (_ctx, s) => {
        expect(selectMyPaymentsView(s)).toMatchObject({
          phase: 'loadFailed',
          failure: 'OTHER_ERROR',
        })
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

  it('aborts the read under way when the page goes', () => {
    const signals: AbortSignal[] = []
    const api = {
      GET: (path: string, init: { signal: AbortSignal }) => {
        expect(path).toBe('/api/payments')
        signals.push(init.signal)
        return new Promise(() => undefined)
      },
    }
    const actor = createActor(
      myPaymentsMachine.provide({ actors: createMyPaymentsActors(api as never) }),
    ).start()
    expect(signals.map((s) => s.aborted)).toEqual([false])
    actor.stop()
    expect(signals.map((s) => s.aborted)).toEqual([true])
  })
})
