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

export * from '../../src/flows/path-model'

/** Collects what a running actor really did, from its inspection events. */
export class CoverageRecorder {
  readonly states = new Set<string>()
  readonly transitions = new Set<string>()

  constructor(private readonly stateKeys: readonly string[]) {}

  observe(snapshot: { matches?: (v: never) => boolean }): void {
    if (typeof snapshot.matches === 'function')
      for (const key of matchingKeys(this.stateKeys, snapshot as never)) this.states.add(key)
  }

  readonly inspect = (event: InspectionEvent): void => {
    if (event.type === '@xstate.microstep') {
      for (const t of event._transitions) this.transitions.add(transitionKey(t))
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
  /** Builds a fresh system under test for one path; pass `inspect` to the actor it creates. */
  setup(inspect: (event: InspectionEvent) => void): Promise<Ctx> | Ctx
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

export async function runPath<M extends AnyStateMachine, Ctx>(
  pm: PathModel<M>,
  path: ModelPath<M>,
  runner: PathRunner<M, Ctx>,
  recorder: CoverageRecorder,
): Promise<void> {
  const ctx = await runner.setup(recorder.inspect)
  try {
    for (const [index, step] of path.steps.entries()) {
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

/** Runs every path of the model and returns the coverage the real actor reached. */
export async function runAllPaths<M extends AnyStateMachine, Ctx>(
  pm: PathModel<M>,
  runner: PathRunner<M, Ctx>,
  level: string,
): Promise<CoverageReport> {
  const recorder = new CoverageRecorder(pm.stateKeys)
  // PATH_FILTER reproduces one path (or a few) by name: `PATH_FILTER="from …" npm run test:paths`.
  const filter = process.env.PATH_FILTER
  const paths = filter ? pm.paths.filter((p) => p.name.includes(filter)) : pm.paths
  for (const path of paths) await runPath(pm, path, runner, recorder)
  const report = coverageReport(pm, recorder, level)
  console.log(formatCoverage(report))
  if (process.env.PATH_COVERAGE_DIR && !filter)
    writePathCoverage(process.env.PATH_COVERAGE_DIR, pm, recorder, level, runner.states)
  return report
}

/** What `npm run test:paths` reads back: one file per run of a machine's paths at one level. */
export interface PathCoverageRecord {
  machine: string
  level: string
  paths: string[]
  states: { total: string[]; covered: string[] }
  transitions: { total: Record<string, string>; covered: string[] }
  unasserted: string[]
}

function writePathCoverage(
  dir: string,
  pm: PathModel<AnyStateMachine>,
  recorder: CoverageRecorder,
  level: string,
  states: Record<string, unknown>,
): void {
  const record: PathCoverageRecord = {
    machine: pm.machine.id,
    level,
    paths: pm.paths.map((p) => p.name),
    states: { total: pm.stateKeys, covered: [...recorder.states] },
    transitions: { total: Object.fromEntries(pm.transitions), covered: [...recorder.transitions] },
    unasserted: statesWithoutAssertion(pm, states),
  }
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    join(dir, `${pm.machine.id}.${level}.${randomUUID()}.json`),
    JSON.stringify(record, null, 2),
  )
}

export type { AnyEventObject }
