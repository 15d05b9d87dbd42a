import { describe, expect, it } from 'vitest'
import { createActor, type Actor } from 'xstate'
import { createMainClient } from '../../src/api/main-client'
import { recordsCsv } from '../../src/flows/fixtures/my-records'
import { createMyRecordsActors } from '../../src/machines/my-records/my-records.actors'
import {
  myRecordsMachine,
  recordsFiles,
  selectMyRecordsView,
  type MyRecordsEvent,
} from '../../src/machines/my-records/my-records.machine'
import { deferredActors, settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { createMyRecordsPathModel } from './my-records-model'

const ids = ['downloadRecords'] as const

interface Ctx {
  actor: Actor<typeof myRecordsMachine>
  fakes: ReturnType<typeof deferredActors<(typeof ids)[number]>>
  saved: { text: string; fileName: string; type: string }[]
}

describe("the customer's records (issue 29)", () => {
  const pm = createMyRecordsPathModel()

  const runner: PathRunner<typeof myRecordsMachine, Ctx> = {
    setup(inspect) {
      const fakes = deferredActors(ids)
      const saved: Ctx['saved'] = []
      const actor = createActor(
        myRecordsMachine.provide({
          actors: fakes.actors as never,
          actions: {
            saveFile: (_, params) => {
              saved.push(params)
            },
          },
        }),
        { inspect },
      ).start()
      return { actor, fakes, saved }
    },
    async event(ctx, event) {
      if (!ctx.fakes.settle(event)) ctx.actor.send(event as MyRecordsEvent)
      await settled()
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      idle: (ctx, s) => {
        const view = selectMyRecordsView(s)
        expect(view.downloading).toBeNull()
        // A saved file is the server's text under the format's name, and only then.
        if (s.context.saved && s.context.format)
          expect(ctx.saved.at(-1)).toEqual({ text: recordsCsv, ...recordsFiles[s.context.format] })
        expect(view.saved).toBe(s.context.saved ? s.context.format : null)
      },
      downloading: (ctx, s) => {
        expect(selectMyRecordsView(s).downloading).toBe(s.context.format)
        expect(ctx.fakes.inputs.downloadRecords.at(-1)).toEqual({ format: s.context.format })
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

  it('the real actor asks for each file with no id in it, and keeps the text as sent', async () => {
    const seen: string[] = []
    const api = createMainClient({
      baseUrl: 'http://localhost',
      fetch: (input) => {
        const url = new URL((input as Request).url)
        seen.push(`${url.pathname}${url.search}`)
        return Promise.resolve(
          new Response(url.pathname.endsWith('.csv') ? recordsCsv : '{"format":"x"}', {
            status: 200,
            headers: {
              'content-type': url.pathname.endsWith('.csv') ? 'text/csv' : 'application/json',
            },
          }),
        )
      },
    })
    const saved: string[] = []
    const actor = createActor(
      myRecordsMachine.provide({
        actors: createMyRecordsActors(api),
        actions: {
          saveFile: (_, params) => {
            saved.push(`${params.fileName}:${params.text}`)
          },
        },
      }),
    ).start()
    actor.send({ type: 'records.download', format: 'csv' })
    await new Promise((r) => setTimeout(r, 20))
    actor.send({ type: 'records.download', format: 'json' })
    await new Promise((r) => setTimeout(r, 20))
    expect(seen).toEqual(['/api/users/me/export.csv', '/api/users/me/export.json'])
    expect(saved).toEqual([`my-records.csv:${recordsCsv}`, 'my-data.json:{"format":"x"}'])
    actor.stop()
  })
})
