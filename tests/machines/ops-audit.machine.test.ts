import { describe, expect, it } from 'vitest'
import { createActor, type Actor } from 'xstate'
import {
  AUDIT_EXPORT_FILE,
  opsAuditMachine,
  selectOpsAuditView,
  type OpsAuditEvent,
} from '../../src/machines/ops-audit/ops-audit.machine'
import { auditQuery, filterProblems, noFilters } from '../../src/machines/ops-audit/audit-filters'
import { createOpsAuditActors } from '../../src/machines/ops-audit/ops-audit.actors'
import { createMainClient } from '../../src/api/main-client'
import { auditCsv, auditInput, firstPage } from '../../src/flows/fixtures/ops-audit'
import { deferredActors, settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { createOpsAuditPathModel } from './ops-audit-model'

const ids = ['listAuditTrail', 'exportAuditTrail'] as const

interface Ctx {
  actor: Actor<typeof opsAuditMachine>
  fakes: ReturnType<typeof deferredActors<(typeof ids)[number]>>
  saved: { csv: string; fileName: string }[]
}

describe('audit trail (issue 27)', () => {
  const pm = createOpsAuditPathModel()

  const runner: PathRunner<typeof opsAuditMachine, Ctx> = {
    setup(inspect) {
      const ctx = { fakes: deferredActors(ids), saved: [] } as unknown as Ctx
      ctx.actor = createActor(
        opsAuditMachine.provide({
          actors: ctx.fakes.actors as never,
          actions: {
            saveCsv: (_, params) => {
              ctx.saved.push(params)
            },
          },
        }),
        { input: auditInput, inspect },
      ).start()
      return ctx
    },
    async event(ctx, event) {
      const saved = ctx.saved.length
      if (!ctx.fakes.settle(event)) ctx.actor.send(event as OpsAuditEvent)
      await settled()
      // The CSV is saved exactly when the export answered.
      expect(ctx.saved.length - saved).toBe(
        event.type === 'xstate.done.actor.exportAuditTrail' ? 1 : 0,
      )
      if (event.type === 'xstate.done.actor.exportAuditTrail')
        expect(ctx.saved.at(-1)).toEqual({ csv: auditCsv, fileName: AUDIT_EXPORT_FILE })
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      loading: (ctx, s) => {
        expect(selectOpsAuditView(s).phase).toBe('loading')
        expect(ctx.fakes.inputs.listAuditTrail.at(-1)).toEqual({
          query: auditQuery(s.context.applied),
          before: null,
        })
      },
      loadFailed: (_ctx, s) => {
        expect(selectOpsAuditView(s).phase).toBe('loadFailed')
      },
      listed: (_ctx, s) => {
        const view = selectOpsAuditView(s)
        expect(view).toMatchObject({ phase: 'ready', busy: false, canExport: true })
        expect(view.canApply).toBe(Object.keys(view.problems).length === 0)
      },
      loadingMore: (ctx, s) => {
        expect(selectOpsAuditView(s).loadingMore).toBe(true)
        expect(ctx.fakes.inputs.listAuditTrail.at(-1)).toMatchObject({
          before: firstPage.nextBefore,
        })
      },
      exporting: (ctx, s) => {
        expect(selectOpsAuditView(s).exporting).toBe(true)
        expect(ctx.fakes.inputs.exportAuditTrail.at(-1)).toEqual({
          query: auditQuery(s.context.applied),
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

  it('offers no export without audit:export', async () => {
    const fakes = deferredActors(ids)
    const actor = createActor(opsAuditMachine.provide({ actors: fakes.actors as never }), {
      input: { canExport: false },
    }).start()
    fakes.queues.listAuditTrail.latest.resolve(firstPage)
    await settled()
    actor.send({ type: 'audit.export' })
    expect(actor.getSnapshot().value).toBe('listed')
    expect(selectOpsAuditView(actor.getSnapshot()).canExport).toBe(false)
    actor.stop()
  })
})

describe('audit filters', () => {
  it('sends only the filters given, days as local midnights, the end day included', () => {
    const query = auditQuery({
      ...noFilters,
      actor: ' 3F2B6C1E-8A4D-4C2B-9E1F-0A1B2C3D4E5F ',
      action: 'staff.',
      from: '2026-11-01',
      to: '2026-11-26',
    })
    expect(query).toEqual({
      actor: '3f2b6c1e-8a4d-4c2b-9e1f-0a1b2c3d4e5f',
      action: 'staff.',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 27).toISOString(),
    })
    expect(auditQuery(noFilters)).toEqual({})
  })

  it('names what is wrong with each filter', () => {
    expect(filterProblems(noFilters)).toEqual({})
    expect(
      filterProblems({
        actor: 'ida',
        customer: '123',
        action: 'Staff Invited',
        from: '2026-11-30',
        to: '2026-11-01',
      }),
    ).toEqual({
      actor: 'notAnId',
      customer: 'notAnId',
      action: 'notAnAction',
      to: 'beforeFrom',
    })
    expect(filterProblems({ ...noFilters, from: '2026-02-30' })).toEqual({ from: 'notADate' })
  })
})

describe('the audit trail’s real actors', () => {
  it('pages with `before` and reads the export as text', async () => {
    const seen: string[] = []
    const api = createMainClient({
      baseUrl: 'http://localhost',
      fetch: (input) => {
        const url = new URL((input as Request).url)
        seen.push(`${url.pathname}${url.search}`)
        return Promise.resolve(
          url.pathname.endsWith('/export')
            ? new Response(auditCsv, { status: 200, headers: { 'content-type': 'text/csv' } })
            : new Response(JSON.stringify(firstPage), {
                status: 200,
                headers: { 'content-type': 'application/json' },
              }),
        )
      },
    })
    const actor = createActor(
      opsAuditMachine.provide({
        actors: createOpsAuditActors(api),
        actions: { saveCsv: () => undefined },
      }),
      { input: auditInput },
    ).start()
    await settled()
    actor.send({ type: 'filter.change', field: 'action', value: 'staff.' })
    actor.send({ type: 'filters.apply' })
    await settled()
    actor.send({ type: 'page.next' })
    await settled()
    actor.send({ type: 'audit.export' })
    await settled()
    expect(seen).toEqual([
      '/api/ops/audit',
      '/api/ops/audit?action=staff.',
      '/api/ops/audit?action=staff.&before=42',
      '/api/ops/audit/export?action=staff.',
    ])
    expect(selectOpsAuditView(actor.getSnapshot()).exported).toBe(true)
    actor.stop()
  })
})
