import { describe, expect, it } from 'vitest'
import { createActor, type Actor } from 'xstate'
import {
  opsCustomersMachine,
  selectOpsCustomersView,
  type OpsCustomersEvent,
} from '../../src/machines/ops-customers/ops-customers.machine'
import { createOpsCustomersActors } from '../../src/machines/ops-customers/ops-customers.actors'
import { createMainClient } from '../../src/api/main-client'
import { SEARCH, anna } from '../../src/flows/fixtures/ops-customers'
import { deferredActors, settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { createOpsCustomersPathModel } from './ops-customers-model'

const ids = ['searchCustomers'] as const

interface Ctx {
  actor: Actor<typeof opsCustomersMachine>
  fakes: ReturnType<typeof deferredActors<(typeof ids)[number]>>
}

describe('customer lookup (issue 27)', () => {
  const pm = createOpsCustomersPathModel()

  const runner: PathRunner<typeof opsCustomersMachine, Ctx> = {
    setup(inspect) {
      const fakes = deferredActors(ids)
      const actor = createActor(opsCustomersMachine.provide({ actors: fakes.actors as never }), {
        inspect,
      }).start()
      return { actor, fakes }
    },
    async event(ctx, event) {
      if (!ctx.fakes.settle(event)) ctx.actor.send(event as OpsCustomersEvent)
      await settled()
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      idle: (_ctx, s) => {
        const view = selectOpsCustomersView(s)
        expect(view.canSearch).toBe(s.context.query.trim().length >= 3)
        expect(view.searching).toBe(false)
      },
      searching: (ctx, s) => {
        expect(selectOpsCustomersView(s).searching).toBe(true)
        expect(ctx.fakes.inputs.searchCustomers.at(-1)).toEqual({ query: SEARCH })
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

  it('the real actor searches by what was typed, trimmed', async () => {
    const seen: string[] = []
    const api = createMainClient({
      baseUrl: 'http://localhost',
      fetch: (input) => {
        const url = new URL((input as Request).url)
        seen.push(`${url.pathname}${url.search}`)
        const body = { customers: [anna] }
        return Promise.resolve(
          new Response(JSON.stringify(body), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        )
      },
    })
    const actor = createActor(
      opsCustomersMachine.provide({ actors: createOpsCustomersActors(api) }),
    ).start()
    actor.send({ type: 'query.change', value: ` ${SEARCH} ` })
    actor.send({ type: 'search.submit' })
    await settled()
    expect(seen).toEqual([`/api/ops/customers?q=${SEARCH}`])
    expect(selectOpsCustomersView(actor.getSnapshot()).customers).toEqual([anna])
    actor.stop()
  })
})
