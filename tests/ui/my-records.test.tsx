import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { recordsCsv } from '../../src/flows/fixtures/my-records'
import type {
  MyRecordsSnapshot,
  RecordsFormat,
} from '../../src/machines/my-records/my-records.machine'
import {
  DOWNLOADING,
  RECORDS_FAILED,
  RECORDS_RATE_LIMITED,
  RECORDS_TITLE,
  downloadLabels,
  savedTexts,
} from '../../src/ui/account/records-texts'
import { createMyRecordsPathModel } from '../machines/my-records-model'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { renderSignedIn } from './home-support'
import { json, problem } from './support/fake-api'
import type { RenderedApp } from './support/render-app'
import { answerAll, settle } from './support/security-ui'

const calls: Record<RecordsFormat, { method: string; path: string }> = {
  csv: { method: 'GET', path: '/api/users/me/export.csv' },
  json: { method: 'GET', path: '/api/users/me/export.json' },
}

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

const snapshotOf = (app: RenderedApp) =>
  app.probe.actor('myRecords').getSnapshot() as MyRecordsSnapshot
const card = () => within(screen.getByRole('region', { name: RECORDS_TITLE }))
const button = (format: RecordsFormat) =>
  card().getByRole('button', { name: downloadLabels[format] }) as HTMLButtonElement

describe("the customer's records on the profile (issue 29)", () => {
  const pm = createMyRecordsPathModel()

  const runner: PathRunner<typeof pm.machine, RenderedApp> = {
    async setup(inspect) {
      const app = await renderSignedIn('/app/profile', {
        machineId: 'myRecords',
        inspect,
        prepare: (api) =>
          api.hold(calls.csv.method, calls.csv.path).hold(calls.json.method, calls.json.path),
      })
      await settle()
      return app
    },
    async event(app, event) {
      const e = event as { type: string; format?: RecordsFormat; output?: string }
      const format = snapshotOf(app).context.format ?? 'csv'
      if (e.type === 'records.download') await app.user.click(button(e.format ?? 'csv'))
      else if (e.type === 'xstate.done.actor.downloadRecords')
        await answerAll(
          app.api,
          calls[format].method,
          calls[format].path,
          () =>
            new Response(e.output ?? '', { status: 200, headers: { 'content-type': 'text/csv' } }),
        )
      else if (e.type === 'xstate.error.actor.downloadRecords')
        await answerAll(app.api, calls[format].method, calls[format].path, () =>
          problem('RATE_LIMITED'),
        )
      else throw new Error(`no UI step for ${e.type}`)
      await settle()
    },
    snapshot: (app) => snapshotOf(app) as never,
    states: {
      idle: (_app, s) => {
        const { saved, format, failure } = s.context
        expect(button('csv').disabled).toBe(false)
        expect(card().getByRole('status').textContent).toBe(
          saved && format ? savedTexts[format] : '',
        )
        expect(card().queryByRole('alert')?.textContent ?? null).toBe(
          failure ? RECORDS_RATE_LIMITED : null,
        )
        if (saved && format) {
          const last = downloads.at(-1)
          expect(last?.fileName).toBe(format === 'csv' ? 'my-records.csv' : 'my-data.json')
        }
      },
      downloading: (_app, s) => {
        const format = s.context.format ?? 'csv'
        expect(card().getByRole('status').textContent).toBe(DOWNLOADING)
        expect(button(format).getAttribute('aria-busy')).toBe('true')
        expect(button('csv').disabled && button('json').disabled).toBe(true)
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
  }, 300_000)
})

describe("the customer's records, details", () => {
  it('saves the CSV exactly as the server wrote it', async () => {
    const app = await renderSignedIn('/app/profile', {
      prepare: (api) =>
        api.on(
          calls.csv.method,
          calls.csv.path,
          () => new Response(recordsCsv, { status: 200, headers: { 'content-type': 'text/csv' } }),
        ),
    })
    await settle()
    await app.user.click(button('csv'))
    await settle()
    expect(downloads.map((d) => d.fileName)).toEqual(['my-records.csv'])
    expect(await downloads[0]?.blob.text()).toBe(recordsCsv)
    app.unmount()
  })

  it('says a failure that is not the limit plainly', async () => {
    const app = await renderSignedIn('/app/profile', {
      prepare: (api) => api.on(calls.json.method, calls.json.path, () => json(503, {})),
    })
    await settle()
    await app.user.click(button('json'))
    await settle()
    expect(card().getByRole('alert').textContent).toBe(RECORDS_FAILED)
    expect(downloads).toEqual([])
    app.unmount()
  })
})
