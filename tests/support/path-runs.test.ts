import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, setup } from 'xstate'
import {
  createPathModel,
  eventOfPathInWords,
  plainEventsOf,
  runAllPaths,
  type PathCoverageRecord,
  type PathRunner,
} from './model-paths'

/** Three steps in a row and a way back: paths of different lengths over a nested state. */
const wizard = setup({
  types: {} as { events: { type: 'step.next' } | { type: 'step.back' } },
}).createMachine({
  id: 'wizard',
  initial: 'first',
  states: {
    first: { on: { 'step.next': 'second' } },
    second: {
      initial: 'editing',
      states: { editing: {} },
      on: { 'step.next': 'third', 'step.back': 'first' },
    },
    third: { type: 'final' },
  },
})

type Ctx = { actor: ReturnType<typeof createActor<typeof wizard>> }

function runner(failIn?: string): PathRunner<typeof wizard, Ctx> {
  const check = (key: string) => () => {
    if (key === failIn) throw new Error(`the ${key} screen is blank`)
  }
  return {
    setup: (inspect) => ({ actor: createActor(wizard, { inspect }).start() }),
    event: (ctx, event) => {
      ctx.actor.send(event as { type: 'step.next' })
    },
    snapshot: (ctx) => ctx.actor.getSnapshot(),
    states: Object.fromEntries(
      ['first', 'second', 'second.editing', 'third'].map((k) => [k, check(k)]),
    ),
  }
}

describe('what runAllPaths records per path for npm run test:paths', () => {
  const pm = createPathModel(wizard, { events: plainEventsOf(wizard) })
  let dir = ''
  const records = () =>
    readdirSync(dir).map(
      (f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as PathCoverageRecord,
    )

  afterEach(() => {
    vi.unstubAllEnvs()
    rmSync(dir, { recursive: true, force: true })
  })

  it('records each path with the states and transitions it walked, in words', async () => {
    dir = mkdtempSync(join(tmpdir(), 'path-runs-'))
    vi.stubEnv('PATH_COVERAGE_DIR', dir)
    await runAllPaths(pm, runner(), 'machine')
    const [record] = records()
    expect(record?.runs.map((r) => r.name).sort()).toEqual([
      'from first: step.next → step.back',
      'from first: step.next → step.next',
    ])
    const back = record?.runs.find((r) => r.name.endsWith('step.back'))
    expect(back).toEqual({
      name: 'from first: step.next → step.back',
      passed: true,
      states: ['first', 'second', 'second.editing'],
      transitions: ['first|step.next|0', 'second|step.back|0'],
    })
    // The aggregate the table reads is the union of the paths.
    expect(new Set(record?.states.covered)).toEqual(
      new Set(['first', 'second', 'second.editing', 'third']),
    )
  })

  it('records a failing path with its step before the error reaches the test', async () => {
    dir = mkdtempSync(join(tmpdir(), 'path-runs-'))
    vi.stubEnv('PATH_COVERAGE_DIR', dir)
    await expect(runAllPaths(pm, runner('third'), 'ui')).rejects.toThrow(
      'the third screen is blank',
    )
    const [record] = records()
    const failed = record?.runs.filter((r) => !r.passed)
    expect(failed).toEqual([
      {
        name: 'from first: step.next → step.next',
        passed: false,
        states: ['first', 'second', 'second.editing', 'third'],
        transitions: ['first|step.next|0', 'second|step.next|0'],
        failedStep: { index: 2, event: 'step.next', error: 'the third screen is blank' },
      },
    ])
    expect(record?.level).toBe('ui')
  })

  it('finds a path for PATH_FILTER by the name the report shows', async () => {
    dir = mkdtempSync(join(tmpdir(), 'path-runs-'))
    vi.stubEnv('PATH_COVERAGE_DIR', dir)
    vi.stubEnv('PATH_FILTER', 'step.next → step.back')
    const seen: string[] = []
    const base = runner()
    const report = await runAllPaths(
      pm,
      { ...base, event: (ctx, e) => (seen.push(e.type), base.event(ctx, e)) },
      'machine',
    )
    expect(seen).toEqual(['step.next', 'step.back'])
    expect(report.states.missing).toEqual(['third'])
    // A filtered run writes nothing: it would pass for a full record.
    expect(readdirSync(dir)).toEqual([])
  })

  it('says an event with its payload short: failures by errorType, lists by length', () => {
    expect(
      eventOfPathInWords(wizard, {
        type: 'xstate.error.actor.pay',
        error: { status: 400, errorType: 'VALIDATION_ERROR' },
      }),
    ).toBe('pay failed (error=VALIDATION_ERROR)')
    expect(
      eventOfPathInWords(wizard, {
        type: 'passkeys.loaded',
        output: [{ id: 'a' }, { id: 'b' }],
        note: 'Please call me in the afternoon.',
        at: 3,
      }),
    ).toBe('passkeys.loaded (output=[2 items], note="Please call me in the a…", at=3)')
    expect(eventOfPathInWords(wizard, { type: 'xstate.init' })).toBe('start')
  })
})
