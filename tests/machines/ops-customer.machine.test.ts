import { describe, expect, it } from 'vitest'
import { createActor, type Actor, type InspectionEvent } from 'xstate'
import { createMainClient } from '../../src/api/main-client'
import {
  NOTE_TEXT,
  addedNote,
  annaPage,
  customerInput,
} from '../../src/flows/fixtures/ops-customer'
import { anna } from '../../src/flows/fixtures/ops-customers'
import { createOpsCustomerActors } from '../../src/machines/ops-customer/ops-customer.actors'
import {
  opsCustomerMachine,
  selectOpsCustomerView,
  type OpsCustomerEvent,
  type OpsCustomerInput,
} from '../../src/machines/ops-customer/ops-customer.machine'
import { deferredActors, settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { createOpsCustomerPathModel } from './ops-customer-model'

const ids = ['getCustomer', 'addCustomerNote'] as const

interface Ctx {
  actor: Actor<typeof opsCustomerMachine>
  fakes: ReturnType<typeof deferredActors<(typeof ids)[number]>>
}

function start(input: OpsCustomerInput = customerInput, inspect?: (e: InspectionEvent) => void) {
  const fakes = deferredActors(ids)
  const actor = createActor(opsCustomerMachine.provide({ actors: fakes.actors as never }), {
    input,
    ...(inspect ? { inspect } : {}),
  }).start()
  return { actor, fakes }
}

describe("a customer's page (issue 29)", () => {
  const pm = createOpsCustomerPathModel()

  const runner: PathRunner<typeof opsCustomerMachine, Ctx> = {
    setup: (inspect) => start(customerInput, inspect),
    async event(ctx, event) {
      if (!ctx.fakes.settle(event)) ctx.actor.send(event as OpsCustomerEvent)
      await settled()
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      loading: (ctx, s) => {
        expect(selectOpsCustomerView(s).loading).toBe(true)
        expect(ctx.fakes.inputs.getCustomer.at(-1)).toEqual({ customerId: anna.id })
      },
      failed: (_ctx, s) => {
        expect(selectOpsCustomerView(s).loadFailed?.status).toBe(404)
      },
      ready: (_ctx, s) => {
        expect(selectOpsCustomerView(s).page?.customer).toEqual(annaPage.customer)
      },
      'ready.idle': (_ctx, s) => {
        const view = selectOpsCustomerView(s)
        expect(view.canSubmitNote).toBe(s.context.note.trim() !== '')
        if (s.context.noted) expect(view.page?.notes[0]).toEqual(addedNote)
        expect(view.page?.notes.at(-1)).toEqual(annaPage.notes[0])
      },
      'ready.saving': (ctx, s) => {
        expect(selectOpsCustomerView(s).saving).toBe(true)
        expect(ctx.fakes.inputs.addCustomerNote.at(-1)).toEqual({
          customerId: anna.id,
          text: NOTE_TEXT,
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

  it('offers no note form without customers:note, and takes no note', async () => {
    const ctx = start({ ...customerInput, permissions: ['console:enter', 'customers:read'] })
    ctx.fakes.settle({ type: 'xstate.done.actor.getCustomer', output: annaPage })
    await settled()
    ctx.actor.send({ type: 'note.change', value: NOTE_TEXT })
    ctx.actor.send({ type: 'note.submit' })
    const view = selectOpsCustomerView(ctx.actor.getSnapshot())
    expect([view.canNote, view.note, view.saving]).toEqual([false, '', false])
    expect(ctx.fakes.inputs.addCustomerNote).toEqual([])
    ctx.actor.stop()
  })

  it('the real actors read the page once and post the note', async () => {
    const seen: string[] = []
    const api = createMainClient({
      baseUrl: 'http://localhost',
      fetch: async (input) => {
        const request = input as Request
        const url = new URL(request.url)
        seen.push(
          `${request.method} ${url.pathname} ${request.method === 'POST' ? await request.text() : ''}`,
        )
        const body = request.method === 'POST' ? addedNote : annaPage
        return new Response(JSON.stringify(body), {
          status: request.method === 'POST' ? 201 : 200,
          headers: { 'content-type': 'application/json' },
        })
      },
    })
    const actor = createActor(
      opsCustomerMachine.provide({ actors: createOpsCustomerActors(api) }),
      { input: customerInput },
    ).start()
    await new Promise((r) => setTimeout(r, 20))
    actor.send({ type: 'note.change', value: `  ${NOTE_TEXT}  ` })
    actor.send({ type: 'note.submit' })
    await new Promise((r) => setTimeout(r, 20))
    expect(seen).toEqual([
      `GET /api/ops/customers/${anna.id} `,
      `POST /api/ops/customers/${anna.id}/notes ${JSON.stringify({ text: NOTE_TEXT })}`,
    ])
    expect(selectOpsCustomerView(actor.getSnapshot()).page?.notes.map((n) => n.id)).toEqual([
      addedNote.id,
      ...annaPage.notes.map((n) => n.id),
    ])
    actor.stop()
  })
})
