import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/api-call'
import type { OpsAuditSnapshot } from '../../src/machines/ops-audit/ops-audit.machine'
import { filterProblems } from '../../src/machines/ops-audit/audit-filters'
import { adminSelf, auditorSelf } from '../../src/flows/fixtures/ops-console'
import { auditCsv, firstPage } from '../../src/flows/fixtures/ops-audit'
import { ida } from '../../src/flows/fixtures/ops-staff'
import {
  APPLY_FILTERS,
  AUDIT_LOAD_FAILED,
  EXPORT,
  EXPORTED,
  EXPORT_FAILED,
  LOADING,
  MORE_FAILED,
  NO_ENTRIES,
  OLDER,
  TRY_AGAIN,
  filterLabels,
  filterProblemTexts,
} from '../../src/ui/ops/ops-texts'
import { createOpsAuditPathModel } from '../machines/ops-audit-model'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { renderStaff } from './ops-support'
import { json } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import { answerAll, settle } from './support/security-ui'

const LIST = { method: 'GET', path: '/api/ops/audit' }
const EXPORT_CALL = { method: 'GET', path: '/api/ops/audit/export' }

/** What the page handed the browser to download: each Blob and the link's file name. */
const downloads: { blob: Blob; fileName: string }[] = []
const created: Blob[] = []
const original = {
  create: URL.createObjectURL.bind(URL),
  revoke: URL.revokeObjectURL.bind(URL),
  click: HTMLAnchorElement.prototype.click.bind(HTMLAnchorElement.prototype),
}

beforeEach(() => {
  downloads.length = 0
  created.length = 0
  URL.createObjectURL = (blob: Blob) => {
    created.push(blob)
    return `blob:http://localhost/${String(created.length)}`
  }
  URL.revokeObjectURL = () => undefined
  // jsdom does not download: record what the link would have saved.
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    const blob = created[Number(this.href.split('/').at(-1)) - 1]
    if (blob) downloads.push({ blob, fileName: this.download })
  }
})

afterEach(() => {
  URL.createObjectURL = original.create
  URL.revokeObjectURL = original.revoke
  HTMLAnchorElement.prototype.click = original.click
})

function refusal(error: unknown): Response {
  const status = error instanceof ApiError ? (error.status ?? 503) : 503
  return json(status, { type: 'about:blank', title: 'Error', status, errorType: 'OTHER_ERROR' })
}

const snapshotOf = (app: RenderedApp) =>
  app.probe.actor('opsAudit').getSnapshot() as OpsAuditSnapshot
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement
const field = (name: keyof typeof filterLabels) =>
  screen.getByLabelText(filterLabels[name]) as HTMLInputElement
const liveStatus = () =>
  screen.getAllByRole('status').find((el) => el.classList.contains('ops-status'))?.textContent

describe('the audit trail (issue 27)', () => {
  const pm = createOpsAuditPathModel()

  const runner: PathRunner<typeof pm.machine, RenderedApp> = {
    async setup(inspect) {
      const app = await renderStaff('/ops/audit', {
        self: auditorSelf,
        machineId: 'opsAudit',
        inspect,
        prepare: (api) =>
          api.hold(LIST.method, LIST.path).hold(EXPORT_CALL.method, EXPORT_CALL.path),
      })
      await settle()
      return app
    },
    async event(app, event) {
      const e = event as {
        type: string
        output?: unknown
        error?: unknown
        field?: keyof typeof filterLabels
        value?: string
      }
      const before = downloads.length
      if (e.type === 'filter.change') {
        const input = field(e.field ?? 'actor')
        await app.user.clear(input)
        await app.user.click(input)
        await app.user.paste(e.value ?? '')
      } else if (e.type === 'filters.apply') await app.user.click(button(APPLY_FILTERS))
      else if (e.type === 'page.next') await app.user.click(button(OLDER))
      else if (e.type === 'audit.export') await app.user.click(button(EXPORT))
      else if (e.type === 'audit.reload') await app.user.click(button(TRY_AGAIN))
      else if (e.type === 'xstate.done.actor.listAuditTrail')
        await answerAll(app.api, LIST.method, LIST.path, () => json(200, e.output))
      else if (e.type === 'xstate.error.actor.listAuditTrail')
        await answerAll(app.api, LIST.method, LIST.path, () => refusal(e.error))
      else if (e.type === 'xstate.done.actor.exportAuditTrail')
        await answerAll(
          app.api,
          EXPORT_CALL.method,
          EXPORT_CALL.path,
          () =>
            new Response(e.output as string, {
              status: 200,
              headers: { 'content-type': 'text/csv' },
            }),
        )
      else if (e.type === 'xstate.error.actor.exportAuditTrail')
        await answerAll(app.api, EXPORT_CALL.method, EXPORT_CALL.path, () => refusal(e.error))
      else throw new Error(`no UI step for ${e.type}`)
      await settle()
      // The CSV is downloaded exactly when the export answered, as the file the page names.
      if (e.type === 'xstate.done.actor.exportAuditTrail') {
        expect(downloads.length).toBe(before + 1)
        expect(downloads.at(-1)?.fileName).toBe('audit-trail.csv')
        expect(await downloads.at(-1)?.blob.text()).toBe(auditCsv)
      } else expect(downloads.length).toBe(before)
    },
    snapshot: (app) => snapshotOf(app) as never,
    states: {
      loading: (app, s) => {
        expect(screen.getByText(LOADING)).toBeTruthy()
        expect(button(APPLY_FILTERS).disabled).toBe(true)
        const query = new URLSearchParams(app.api.last(LIST.method, LIST.path)?.search)
        expect(query.get('action')).toBe(s.context.applied.action || null)
        expect(query.get('before')).toBeNull()
      },
      loadFailed: () => {
        expect(screen.getByRole('alert').textContent).toBe(AUDIT_LOAD_FAILED)
        expect(button(TRY_AGAIN)).toBeTruthy()
      },
      listed: (_app, s) => {
        const { entries, nextBefore, failure, exported, draft } = s.context
        if (entries.length === 0) expect(screen.getByText(NO_ENTRIES)).toBeTruthy()
        else expect(screen.getAllByRole('row')).toHaveLength(entries.length + 1)
        expect(screen.queryByRole('button', { name: OLDER }) !== null).toBe(nextBefore !== null)
        const problems = filterProblems(draft)
        expect(button(APPLY_FILTERS).disabled).toBe(Object.keys(problems).length > 0)
        expect(field('actor').getAttribute('aria-invalid')).toBe(problems.actor ? 'true' : null)
        if (problems.actor)
          expect(screen.getByText(filterProblemTexts[problems.actor] ?? '')).toBeTruthy()
        expect(button(EXPORT).disabled).toBe(false)
        expect(screen.queryByRole('alert')?.textContent ?? null).toBe(
          failure ? (failure.during === 'export' ? EXPORT_FAILED : MORE_FAILED) : null,
        )
        expect(liveStatus()).toBe(exported ? EXPORTED : '')
      },
      loadingMore: (app) => {
        expect(button(OLDER).getAttribute('aria-busy')).toBe('true')
        expect(
          new URLSearchParams(app.api.last(LIST.method, LIST.path)?.search).get('before'),
        ).toBe(firstPage.nextBefore)
      },
      exporting: (app, s) => {
        expect(button(EXPORT).getAttribute('aria-busy')).toBe('true')
        expect(
          new URLSearchParams(app.api.last(EXPORT_CALL.method, EXPORT_CALL.path)?.search).get(
            'action',
          ),
        ).toBe(s.context.applied.action || null)
      },
    },
    teardown: (app) => {
      app.unmount()
    },
  }

  it('has an assertion for every state', () => {
    expect(statesWithoutAssertion(pm, runner.states)).toEqual([])
  })

  it('takes every state and transition through the page', async () => {
    const report = await runAllPaths(pm, runner, 'ui')
    expect(report.states.missing).toEqual([])
    expect(report.transitions.missing).toEqual([])
  }, 120_000)
})

describe('audit trail details', () => {
  it('sends the filters as the contract names them, the days as instants', async () => {
    const app = await renderStaff('/ops/audit', {
      self: auditorSelf,
      prepare: (api) => api.on(LIST.method, LIST.path, () => json(200, firstPage)),
    })
    await settle()
    await app.user.type(field('actor'), ida.id)
    await app.user.type(field('action'), 'staff.')
    await app.user.type(field('from'), '2026-11-01')
    await app.user.type(field('to'), '2026-11-26')
    await app.user.keyboard('{Enter}')
    await settle()
    const query = new URLSearchParams(app.api.last(LIST.method, LIST.path)?.search)
    expect(Object.fromEntries(query)).toEqual({
      actor: ida.id,
      action: 'staff.',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 27).toISOString(),
    })
    expect(screen.getAllByRole('row')).toHaveLength(firstPage.entries.length + 1)
    app.unmount()
  })

  it('offers no export without audit:export, and no page without audit:read', async () => {
    const reader = await renderStaff('/ops/audit', {
      self: { ...auditorSelf, permissions: ['console:enter', 'audit:read'] },
      prepare: (api) => api.on(LIST.method, LIST.path, () => json(200, firstPage)),
    })
    await settle()
    expect(screen.queryByRole('button', { name: EXPORT })).toBeNull()
    reader.unmount()
    const admin = await renderStaff('/ops/audit', { self: adminSelf })
    await settle()
    expect(screen.getByRole('alert').textContent).toBe('Your roles do not open this page.')
    expect(admin.api.count(LIST.method, LIST.path)).toBe(0)
    admin.unmount()
  })
})
