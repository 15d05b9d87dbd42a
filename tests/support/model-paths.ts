/**
 * Model-based path testing (docs/product/flows.md#machines-and-diagrams,
 * docs/product/operations.md#machine-graphs): builds an xstate/graph TestModel for a
 * machine, generates paths that together take every reachable transition, runs them against a
 * system under test (the machine alone, or the UI driving it), and reports state and transition
 * coverage measured from the real actor's inspection events.
 */
import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AnyEventObject, AnyStateMachine, InspectionEvent } from 'xstate'
import {
  matchingKeys,
  type ModelPath,
  transitionKey,
  type Ev,
  type PathModel,
  type Snap,
} from '../../src/flows/path-model'
import { eventInWords } from '../../src/flows/state-diagram'

export * from '../../src/flows/path-model'

/**
 * Collects what a running actor really did, from its inspection events. A recorder for one path
 * passes everything on to the recorder of the whole run, so both see the same events.
 */
export class CoverageRecorder {
  readonly states = new Set<string>()
  readonly transitions = new Set<string>()

  constructor(
    private readonly stateKeys: readonly string[],
    private readonly whole?: CoverageRecorder,
  ) {}

  private addState(key: string): void {
    this.states.add(key)
    this.whole?.addState(key)
  }

  private addTransition(key: string): void {
    this.transitions.add(key)
    this.whole?.addTransition(key)
  }

  /** Transitions a system reports by key (the browser's live inspector computes them there). */
  recordTransitions(keys: Iterable<string>): void {
    for (const key of keys) this.addTransition(key)
  }

  observe(snapshot: { matches?: (v: never) => boolean }): void {
    if (typeof snapshot.matches === 'function')
      for (const key of matchingKeys(this.stateKeys, snapshot as never)) this.addState(key)
  }

  readonly inspect = (event: InspectionEvent): void => {
    if (event.type === '@xstate.microstep') {
      for (const t of event._transitions) this.addTransition(transitionKey(t))
    }
    if (event.type === '@xstate.snapshot' || event.type === '@xstate.microstep')
      this.observe(event.snapshot as { matches?: (v: never) => boolean })
  }
}

export interface CoverageReport {
  level: string
  machine: string
  paths: number
  states: { covered: number; total: number; missing: string[] }
  transitions: { covered: number; total: number; missing: string[] }
}

export function coverageReport(
  pm: PathModel<AnyStateMachine>,
  recorder: CoverageRecorder,
  level: string,
): CoverageReport {
  const missingStates = pm.stateKeys.filter((k) => !recorder.states.has(k))
  const missingTransitions = [...pm.transitions]
    .filter(([t]) => !recorder.transitions.has(t))
    .map(([, name]) => name)
  return {
    level,
    machine: pm.machine.id,
    paths: pm.paths.length,
    states: {
      covered: pm.stateKeys.length - missingStates.length,
      total: pm.stateKeys.length,
      missing: missingStates,
    },
    transitions: {
      covered: pm.transitions.size - missingTransitions.length,
      total: pm.transitions.size,
      missing: missingTransitions,
    },
  }
}

export function formatCoverage(r: CoverageReport): string {
  const pct = (c: number, t: number) => (t === 0 ? 100 : Math.floor((c / t) * 100))
  return (
    `coverage ${r.machine} [${r.level}]: states ${r.states.covered}/${r.states.total} (${pct(r.states.covered, r.states.total)}%), ` +
    `transitions ${r.transitions.covered}/${r.transitions.total} (${pct(r.transitions.covered, r.transitions.total)}%), paths ${r.paths}` +
    (r.states.missing.length ? `; missing states: ${r.states.missing.join(', ')}` : '') +
    (r.transitions.missing.length
      ? `; missing transitions: ${r.transitions.missing.join(', ')}`
      : '')
  )
}

export interface PathRunner<M extends AnyStateMachine, Ctx> {
  /**
   * Builds a fresh system under test for one path; pass `inspect` to the actor it creates. A
   * system that cannot hand over its inspection events (a browser) reports to `run.recorder`, and
   * may arrange what exists before it starts (a stored cookie) from `run.path`.
   */
  setup(
    inspect: (event: InspectionEvent) => void,
    run?: { path: ModelPath<M>; recorder: CoverageRecorder },
  ): Promise<Ctx> | Ctx
  /** Makes the event happen: send it to the actor, or do what a user does in the UI. */
  event(ctx: Ctx, event: Ev<M>): Promise<void> | void
  /** The actor's current snapshot, compared with the path's expected state after each step. */
  snapshot(ctx: Ctx): Snap<M>
  /** What the user (or caller) must see in each state; every state key needs one. */
  states: Record<string, (ctx: Ctx, snapshot: Snap<M>) => Promise<void> | void>
  teardown?(ctx: Ctx): Promise<void> | void
  /** How long to wait for the system to reach the expected state after an event (UI). */
  settleMs?: number
}

/** States without an assertion: a path test that cannot fail there is a defect. */
export function statesWithoutAssertion(
  pm: PathModel<AnyStateMachine>,
  states: Record<string, unknown>,
): string[] {
  return pm.stateKeys.filter((k) => !(k in states))
}

/** Where a path got to: the step being run, so a failure can name it. */
interface PathProgress {
  step: number
}

export async function runPath<M extends AnyStateMachine, Ctx>(
  pm: PathModel<M>,
  path: ModelPath<M>,
  runner: PathRunner<M, Ctx>,
  recorder: CoverageRecorder,
  progress: PathProgress = { step: 0 },
): Promise<void> {
  const ctx = await runner.setup(recorder.inspect, { path, recorder })
  try {
    for (const [index, step] of path.steps.entries()) {
      progress.step = index
      if (index > 0 || step.event.type !== 'xstate.init') await runner.event(ctx, step.event)
      const expected = pm.serialize(step.state)
      const deadline = Date.now() + (runner.settleMs ?? 0)
      let actual = pm.serialize(runner.snapshot(ctx))
      while (actual !== expected && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 5))
        actual = pm.serialize(runner.snapshot(ctx))
      }
      if (actual !== expected)
        throw new Error(
          `path "${path.name}", step ${index} (${step.event.type}): expected ${expected}, got ${actual}`,
        )
      recorder.observe(runner.snapshot(ctx))
      for (const key of matchingKeys(pm.stateKeys, step.state)) {
        const check = runner.states[key]
        if (check) await check(ctx, runner.snapshot(ctx))
      }
    }
  } finally {
    await runner.teardown?.(ctx)
  }
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/**
 * A payload value as a reader wants it in a path: strings quoted and cut short, a failure by its
 * contract errorType, a list by its length, anything else as short JSON.
 */
function valueInWords(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(cut(value, 24))
  if (typeof value !== 'object' || value === null) return String(value)
  const { errorType } = value as { errorType?: unknown }
  if (typeof errorType === 'string') return errorType
  if (value instanceof Error) return `Error(${JSON.stringify(cut(value.message, 40))})`
  if (Array.isArray(value)) return `[${String(value.length)} items]`
  return cut(JSON.stringify(value), 40)
}

/** An event as the report shows it: "submitQuote failed", "amount.change (value=\"2500\")". */
export function eventOfPathInWords(machine: AnyStateMachine, event: AnyEventObject): string {
  if (event.type === 'xstate.init') return 'start'
  const { type, ...payload } = event
  const fields = Object.entries(payload).map(([key, value]) => `${key}=${valueInWords(value)}`)
  const words = eventInWords(machine, type)
  return fields.length > 0 ? `${words} (${fields.join(', ')})` : words
}

/**
 * A path in words: the states it starts in (their innermost keys, not the serialized snapshot) and
 * its events in words: "from closed: quote.open (…) → submitQuote failed".
 */
export function pathInWords<M extends AnyStateMachine>(
  pm: PathModel<M>,
  path: ModelPath<M>,
): string {
  const [first, ...rest] = path.steps
  if (!first) return 'from ?: (start)'
  const keys = matchingKeys(pm.stateKeys, first.state)
  const start = keys.filter((k) => !keys.some((other) => other.startsWith(`${k}.`))).join(' + ')
  const events = (first.event.type === 'xstate.init' ? rest : path.steps).map((s) =>
    eventOfPathInWords(pm.machine, s.event),
  )
  return `from ${start}: ${events.join(' → ') || '(start)'}`
}

/**
 * What a path is expected to walk, read from the model alone: the states of its snapshots and the
 * transitions each of its events selects in the state before it (eventless transitions are not
 * predicted; the run measures them).
 */
export function expectedWalk<M extends AnyStateMachine>(
  pm: PathModel<M>,
  path: ModelPath<M>,
): Set<string> {
  const walked = new Set<string>()
  path.steps.forEach((step, i) => {
    for (const key of matchingKeys(pm.stateKeys, step.state)) walked.add(`state:${key}`)
    const before = path.steps[i - 1]
    if (!before) return
    for (const t of pm.machine.getTransitionData(before.state as never, step.event as never))
      walked.add(`transition:${transitionKey(t)}`)
  })
  return walked
}

/**
 * A small set of the model's paths that together are expected to walk every state and transition
 * its paths walk: its scenarios, then greedily the path that adds the most not yet walked, the
 * shorter on a tie. For a level where each path is expensive (a page load in Chromium); the run
 * still measures coverage. `also` names more a path must be chosen for (the texts it shows).
 */
export function coveringPaths<M extends AnyStateMachine>(
  pm: PathModel<M>,
  also: (path: ModelPath<M>) => Iterable<string> = () => [],
): PathModel<M> {
  const walks = pm.paths.map((path) => ({
    path,
    walked: new Set([...expectedWalk(pm, path), ...also(path)]),
  }))
  const seen = new Set<string>()
  const chosen: ModelPath<M>[] = []
  for (const { path, walked } of walks.filter((w) => w.path.scenario)) {
    chosen.push(path)
    for (const item of walked) seen.add(item)
  }
  const gain = (walked: Set<string>) => [...walked].filter((item) => !seen.has(item)).length
  for (;;) {
    const best = walks
      .filter((w) => gain(w.walked) > 0)
      .sort(
        (a, b) => gain(b.walked) - gain(a.walked) || a.path.steps.length - b.path.steps.length,
      )[0]
    if (!best) break
    chosen.push(best.path)
    for (const item of best.walked) seen.add(item)
  }
  return { ...pm, paths: pm.paths.filter((p) => chosen.includes(p)) }
}

/** One path's run: what it walked and, when it failed, where. */
export interface PathRun {
  name: string
  passed: boolean
  states: string[]
  transitions: string[]
  failedStep?: { index: number; event: string; error: string }
}

/** An assertion's message can hold a whole rendered page: its start says what went wrong. */
function errorMessage(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000)
}

function pathRun<M extends AnyStateMachine>(
  pm: PathModel<M>,
  path: ModelPath<M>,
  walked: CoverageRecorder,
  failure?: { step: number; error: unknown },
): PathRun {
  const run: PathRun = {
    name: pathInWords(pm, path),
    passed: failure === undefined,
    states: pm.stateKeys.filter((k) => walked.states.has(k)),
    // Child machines report their transitions to the same inspector: keep this machine's.
    transitions: [...pm.transitions.keys()].filter((t) => walked.transitions.has(t)),
  }
  if (failure) {
    const step = path.steps[failure.step]
    run.failedStep = {
      index: failure.step,
      event: step ? eventOfPathInWords(pm.machine, step.event) : '?',
      error: errorMessage(failure.error),
    }
  }
  return run
}

/**
 * Runs every path of the model and returns the coverage the real actor reached. The first failing
 * path stops the run (the next ones would wait out their timeouts in a broken app); what ran,
 * that failure included, is written for `npm run test:paths` before the error goes on to the test.
 */
export async function runAllPaths<M extends AnyStateMachine, Ctx>(
  pm: PathModel<M>,
  runner: PathRunner<M, Ctx>,
  level: string,
): Promise<CoverageReport> {
  const recorder = new CoverageRecorder(pm.stateKeys)
  // PATH_FILTER reproduces one path (or a few) by name, as the tests or the report print it:
  // `PATH_FILTER="from …" npm run test:paths`.
  const filter = process.env.PATH_FILTER
  const paths = filter
    ? pm.paths.filter((p) => p.name.includes(filter) || pathInWords(pm, p).includes(filter))
    : pm.paths
  const runs: PathRun[] = []
  const write = () => {
    if (process.env.PATH_COVERAGE_DIR && !filter)
      writePathCoverage(process.env.PATH_COVERAGE_DIR, pm, recorder, level, runner.states, runs)
  }
  for (const path of paths) {
    const walked = new CoverageRecorder(pm.stateKeys, recorder)
    const progress = { step: 0 }
    try {
      await runPath(pm, path, runner, walked, progress)
    } catch (error) {
      runs.push(pathRun(pm, path, walked, { step: progress.step, error }))
      write()
      throw error
    }
    runs.push(pathRun(pm, path, walked))
  }
  const report = coverageReport(pm, recorder, level)
  console.log(formatCoverage(report))
  write()
  return report
}

/** What `npm run test:paths` reads back: one file per run of a machine's paths at one level. */
export interface PathCoverageRecord {
  machine: string
  level: string
  /** Every path the model generated, by its test name. */
  paths: string[]
  states: { total: string[]; covered: string[] }
  transitions: { total: Record<string, string>; covered: string[] }
  unasserted: string[]
  /** The paths that ran, in order; after a failure the rest did not run. */
  runs: PathRun[]
}

function writePathCoverage(
  dir: string,
  pm: PathModel<AnyStateMachine>,
  recorder: CoverageRecorder,
  level: string,
  states: Record<string, unknown>,
  runs: PathRun[],
): void {
  const record: PathCoverageRecord = {
    machine: pm.machine.id,
    level,
    paths: pm.paths.map((p) => p.name),
    states: { total: pm.stateKeys, covered: [...recorder.states] },
    transitions: { total: Object.fromEntries(pm.transitions), covered: [...recorder.transitions] },
    unasserted: statesWithoutAssertion(pm, states),
    runs,
  }
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    join(dir, `${pm.machine.id}.${level}.${randomUUID()}.json`),
    JSON.stringify(record, null, 2),
  )
}

export type { AnyEventObject }
