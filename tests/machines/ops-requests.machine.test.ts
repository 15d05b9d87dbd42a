import { describe, expect, it } from 'vitest'
import { createActor, fromCallback, type Actor, type InspectionEvent } from 'xstate'
import {
  opsRequestsMachine,
  selectOpsRequestsView,
  type OpsRequestsEvent,
} from '../../src/machines/ops-requests/ops-requests.machine'
import { inboxFilterProblems, inboxQuery } from '../../src/machines/ops-requests/inbox-filters'
import {
  NEXT_CURSOR,
  ewasOwn,
  firstInboxPage,
  managerSelf,
  requestsInput,
  reviewed,
  waiting,
} from '../../src/flows/fixtures/ops-requests'
import { defaultInboxFilters } from '../../src/machines/ops-requests/inbox-filters'
import { deferredActors, settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { createOpsRequestsPathModel } from './ops-requests-model'

const ids = ['listRequests', 'assignRequest'] as const

interface Ctx {
  actor: Actor<typeof opsRequestsMachine>
  fakes: ReturnType<typeof deferredActors<(typeof ids)[number]>>
  opened: string[]
  watching: { stopped: boolean }
}

function start(input = requestsInput, inspect?: (event: InspectionEvent) => void): Ctx {
  const fakes = deferredActors(ids)
  const opened: string[] = []
  const watching = { stopped: false }
  const actor = createActor(
    opsRequestsMachine.provide({
      actors: {
        ...(fakes.actors as Record<string, unknown>),
        watchChanges: fromCallback(() => () => {
          watching.stopped = true
        }),
      },
      actions: {
        openRequest: (_, params) => {
          opened.push(params.id)
        },
      },
    }),
    { input, ...(inspect ? { inspect } : {}) },
  ).start()
  return { actor, fakes, opened, watching }
}

describe('request desk inbox (issue 28)', () => {
  const pm = createOpsRequestsPathModel()

  const runner: PathRunner<typeof opsRequestsMachine, Ctx> = {
    setup: (inspect) => start(requestsInput, inspect),
    async event(ctx, event) {
      const opened = ctx.opened.length
      if (!ctx.fakes.settle(event)) ctx.actor.send(event as OpsRequestsEvent)
      await settled()
      if (event.type === 'request.open') expect(ctx.opened.length).toBe(opened + 1)
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      loading: (ctx, s) => {
        expect(selectOpsRequestsView(s).busy).toBe(true)
        // The page shown is read again: the same filters and cursor.
        expect(ctx.fakes.inputs.listRequests.at(-1)).toEqual({
          query: inboxQuery(s.context.applied),
          after: s.context.after,
        })
      },
      loadFailed: (_ctx, s) => {
        expect(selectOpsRequestsView(s).phase).toBe('loadFailed')
      },
      listed: (_ctx, s) => {
        const view = selectOpsRequestsView(s)
        expect(view).toMatchObject({ phase: 'ready', busy: false })
        expect(view.canApply).toBe(Object.keys(view.problems).length === 0)
        if (s.context.after === null) {
          expect(view.items).toEqual(firstInboxPage.items)
          expect(view.assignable(waiting.id)).toBe(true)
          // Never "Assign to me" on one's own.
          expect(view.assignable(ewasOwn.id)).toBe(false)
        } else expect(view.page).toBe(2)
      },
      assigning: (ctx, s) => {
        expect(selectOpsRequestsView(s).assigning).toBe(waiting.id)
        expect(ctx.fakes.inputs.assignRequest.at(-1)).toEqual({
          requestId: waiting.id,
          version: waiting.version,
          assigneeId: managerSelf.id,
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

  it('sends the filters as the contract takes them, and pages with the cursor', async () => {
    const ctx = start()
    ctx.fakes.queues.listRequests.latest.resolve(firstInboxPage)
    await settled()
    const typed = {
      state: 'on_hold',
      assignee: 'me',
      pair: ' usd-usdt ',
      amountMin: '100',
      amountMax: '5000',
      olderThanHours: '24',
      q: ' anna ',
      sort: 'amount-desc',
    } as const
    for (const [field, value] of Object.entries(typed))
      ctx.actor.send({ type: 'filter.change', field: field as never, value })
    ctx.actor.send({ type: 'filters.apply' })
    expect(ctx.fakes.inputs.listRequests.at(-1)).toEqual({
      query: { ...typed, pair: 'USD-USDT', q: 'anna' },
      after: null,
    })
    ctx.fakes.queues.listRequests.latest.resolve(firstInboxPage)
    await settled()
    ctx.actor.send({ type: 'page.next' })
    expect(ctx.fakes.inputs.listRequests.at(-1)).toMatchObject({ after: NEXT_CURSOR })
    ctx.actor.stop()
    expect(ctx.watching.stopped).toBe(true)
  })

  it('names what is wrong with the filters and refuses to apply them', () => {
    expect(
      inboxFilterProblems({
        ...defaultInboxFilters,
        pair: 'EURBTC',
        amountMin: '500',
        amountMax: '100',
        olderThanHours: '9000',
        q: 'a',
      }),
    ).toEqual({
      pair: 'notAPair',
      amountMax: 'maxBelowMin',
      olderThanHours: 'notHours',
      q: 'tooShort',
    })
    expect(inboxFilterProblems({ ...defaultInboxFilters, amountMin: '1.5' })).toEqual({
      amountMin: 'notAnAmount',
    })
    expect(inboxQuery(defaultInboxFilters)).toEqual({})
    expect(inboxQuery({ ...defaultInboxFilters, state: 'all' })).toEqual({ state: 'all' })
  })

  it('moves the selection within the page and keeps it there on a re-read', async () => {
    const ctx = start()
    ctx.fakes.queues.listRequests.latest.resolve(firstInboxPage)
    await settled()
    for (let i = 0; i < 5; i++) ctx.actor.send({ type: 'selection.move', by: 1 })
    expect(ctx.actor.getSnapshot().context.selected).toBe(2)
    ctx.actor.send({ type: 'request.changed', requestId: reviewed.id, kind: 'state' })
    ctx.fakes.queues.listRequests.latest.resolve({ items: [waiting], next: null })
    await settled()
    expect(ctx.actor.getSnapshot().context.selected).toBe(0)
    ctx.actor.send({ type: 'selection.move', by: -1 })
    expect(ctx.actor.getSnapshot().context.selected).toBe(0)
    ctx.actor.stop()
  })

  it('offers no assignment without requests:assign', async () => {
    const ctx = start({ self: { id: managerSelf.id, permissions: ['requests:read'] } })
    ctx.fakes.queues.listRequests.latest.resolve(firstInboxPage)
    await settled()
    ctx.actor.send({ type: 'request.assign', id: waiting.id })
    expect(ctx.actor.getSnapshot().value).toBe('listed')
    ctx.actor.stop()
  })
})
