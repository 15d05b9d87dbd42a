import { describe, expect, it } from 'vitest'
import { createActor, type Actor } from 'xstate'
import {
  opsConsoleMachine,
  selectOpsConsoleView,
  type OpsConsoleEvent,
} from '../../src/machines/ops-console/ops-console.machine'
import { createOpsConsoleActors } from '../../src/machines/ops-console/ops-console.actors'
import { createMainClient } from '../../src/api/main-client'
import { detailOf, OpsApiError } from '../../src/api/ops-call'
import { adminSelf } from '../../src/flows/fixtures/ops-console'
import { deferredActors, settled } from '../support/actor-fakes'
import { runAllPaths, statesWithoutAssertion, type PathRunner } from '../support/model-paths'
import { createOpsConsolePathModel } from './ops-console-model'

const ids = ['getStaffSelf'] as const

interface Ctx {
  actor: Actor<typeof opsConsoleMachine>
  fakes: ReturnType<typeof deferredActors<(typeof ids)[number]>>
}

describe('staff console entry (issue 27)', () => {
  const pm = createOpsConsolePathModel()

  const runner: PathRunner<typeof opsConsoleMachine, Ctx> = {
    setup(inspect) {
      const fakes = deferredActors(ids)
      const actor = createActor(opsConsoleMachine.provide({ actors: fakes.actors as never }), {
        inspect,
      }).start()
      return { actor, fakes }
    },
    async event(ctx, event) {
      if (!ctx.fakes.settle(event)) ctx.actor.send(event as OpsConsoleEvent)
      await settled()
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: {
      loading: (ctx, s) => {
        expect(ctx.fakes.inputs.getStaffSelf.length).toBeGreaterThan(0)
        expect(selectOpsConsoleView(s).phase).toBe('loading')
      },
      ready: (_ctx, s) => {
        expect(selectOpsConsoleView(s)).toMatchObject({ phase: 'ready', self: adminSelf })
      },
      secondFactorRequired: (_ctx, s) => {
        expect(selectOpsConsoleView(s).phase).toBe('secondFactorRequired')
      },
      failed: (_ctx, s) => {
        const view = selectOpsConsoleView(s)
        expect(view.phase).toBe('failed')
        expect(['PERMISSION_DENIED', 'OTHER_ERROR']).toContain(view.failure)
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

  it('the real actor reads GET /api/ops/me and keeps a refusal’s detail', async () => {
    const answers = [
      new Response(JSON.stringify(adminSelf), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
      new Response(
        JSON.stringify({
          type: 'about:blank',
          title: 'Forbidden',
          status: 403,
          detail: 'Staff need a passkey or an authenticator app.',
          errorType: 'SECOND_FACTOR_REQUIRED',
        }),
        { status: 403, headers: { 'content-type': 'application/problem+json' } },
      ),
    ]
    const seen: string[] = []
    const api = createMainClient({
      baseUrl: 'http://localhost',
      fetch: (input) => {
        seen.push(new URL((input as Request).url).pathname)
        const answer = answers.shift()
        return answer ? Promise.resolve(answer) : Promise.reject(new Error('no answer'))
      },
    })
    const machine = opsConsoleMachine.provide({ actors: createOpsConsoleActors(api) })
    const ready = createActor(machine).start()
    await settled()
    expect(selectOpsConsoleView(ready.getSnapshot())).toMatchObject({
      phase: 'ready',
      self: adminSelf,
    })
    ready.stop()

    let error: unknown
    const refused = createActor(machine, {
      inspect: (e) => {
        if (e.type === '@xstate.event' && e.event.type === 'xstate.error.actor.getStaffSelf')
          error = (e.event as unknown as { error: unknown }).error
      },
    }).start()
    await settled()
    expect(refused.getSnapshot().value).toBe('secondFactorRequired')
    expect(error).toBeInstanceOf(OpsApiError)
    expect(detailOf(error)).toBe('Staff need a passkey or an authenticator app.')
    expect(seen).toEqual(['/api/ops/me', '/api/ops/me'])
    refused.stop()
  })
})
