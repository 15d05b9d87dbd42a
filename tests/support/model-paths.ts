/**
 * Model-based path testing (DESIGN.md "The statecharts"): builds an @xstate/graph TestModel for a
 * machine, generates paths that together take every reachable transition, runs them against a
 * system under test (the machine alone, or the UI driving it), and reports state and transition
 * coverage measured from the real actor's inspection events.
 */
/* eslint-disable @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-member-access -- XState's Any* machine and graph types are built on `any` */
import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { TestModel } from '@xstate/graph'
import type {
  AnyEventObject,
  AnyStateMachine,
  AnyTransitionDefinition,
  InspectionEvent,
  SnapshotFrom,
  AnyStateNode,
} from 'xstate'

type Snap<M extends AnyStateMachine> = SnapshotFrom<M>
/**
 * Path events are the machine's own plus those XState raises itself (actor results, delays), so
 * they are typed loosely here; runners narrow them by `type`.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
type Ev<M extends AnyStateMachine> = AnyEventObject

export interface PathStep<M extends AnyStateMachine> {
  event: Ev<M>
  state: Snap<M>
}

export interface ModelPath<M extends AnyStateMachine> {
  /** Human-readable: "from idle: amount.change → xstate.after.debounce → …". */
  name: string
  steps: PathStep<M>[]
}

export interface PathModelOptions<M extends AnyStateMachine> {
  /** Candidate events; only those the snapshot `can` take are tried. */
  events: readonly Ev<M>[] | ((snapshot: Snap<M>) => readonly Ev<M>[])
  /** What makes two snapshots the same state for the graph (default: the state value). */
  serializeState?: (snapshot: Snap<M>) => string
  /**
   * How an event reads in a path's name (default: its type, then its payload as JSON when it has
   * one). Paths whose names match are one path, so events with different payloads must read apart.
   */
  serializeEvent?: (event: Ev<M>) => string
  input?: unknown
}

/** An event's type, with its payload when it has one: `field.change{"field":"email","value":""}`. */
export function describeEvent(event: AnyEventObject): string {
  const { type, ...payload } = event
  return Object.keys(payload).length > 0 ? `${type}${JSON.stringify(payload)}` : type
}

export interface PathModel<M extends AnyStateMachine> {
  machine: M
  model: TestModel<Snap<M>, Ev<M>, unknown>
  paths: ModelPath<M>[]
  /** Every state of the machine as a dotted key ("signedIn.refreshing"). */
  stateKeys: string[]
  /** Every transition the machine defines: a stable key (see transitionKey) and a readable label. */
  transitions: Map<string, string>
  serialize: (snapshot: Snap<M>) => string
}

function walk(node: AnyStateNode, visit: (node: AnyStateNode) => void): void {
  visit(node)
  for (const child of Object.values(node.states)) walk(child, visit)
}

export function stateKeysOf(machine: AnyStateMachine): string[] {
  const keys: string[] = []
  walk(machine.root, (node) => {
    if (node.path.length > 0) keys.push(node.path.join('.'))
  })
  return keys
}

/**
 * A transition's identity that survives `machine.provide()` (which copies the state nodes): its
 * source state, its event and its position among that event's candidates.
 */
export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source.path.join('.')
  if (t.eventType === '') return `${source}|always|${String(t.source.always?.indexOf(t) ?? 0)}`
  const list = t.source.transitions.get(t.eventType) ?? []
  return `${source}|${t.eventType}|${String(list.indexOf(t))}`
}

export function transitionsOf(machine: AnyStateMachine): Map<string, string> {
  const all = new Map<string, string>()
  walk(machine.root, (node) => {
    const source = node.path.join('.') || '(root)'
    for (const [eventType, list] of node.transitions) {
      list.forEach((t, i) => {
        const guard = t.guard ? ` [${typeof t.guard === 'string' ? t.guard : 'guard'}]` : ''
        all.set(
          transitionKey(t),
          `${source} —${eventType}${guard}${list.length > 1 ? `#${i}` : ''}→`,
        )
      })
    }
    node.always?.forEach((t, i) => {
      all.set(transitionKey(t), `${source} —always#${i}→`)
    })
  })
  return all
}

function keyToValue(key: string): string | Record<string, unknown> {
  const parts = key.split('.')
  let value: string | Record<string, unknown> = parts.pop() ?? key
  while (parts.length > 0) value = { [parts.pop() ?? '']: value }
  return value
}

export function matchingKeys(
  stateKeys: readonly string[],
  snapshot: { matches(v: never): boolean },
) {
  return stateKeys.filter((key) => snapshot.matches(keyToValue(key) as never))
}

export function createPathModel<M extends AnyStateMachine>(
  machine: M,
  options: PathModelOptions<M>,
): PathModel<M> {
  const serialize =
    options.serializeState ?? ((s: Snap<M>) => JSON.stringify((s as { value: unknown }).value))
  const events = (snapshot: Snap<M>): Ev<M>[] => {
    const list = typeof options.events === 'function' ? options.events(snapshot) : options.events
    return list.filter((e) => (snapshot as unknown as { can(e: Ev<M>): boolean }).can(e))
  }
  const model = new TestModel<Snap<M>, Ev<M>, unknown>(machine as never, {
    events,
    serializeState: (s: Snap<M>) => serialize(s),
    stateMatcher: (s: Snap<M>, key: string) =>
      (s as { matches(v: unknown): boolean }).matches(keyToValue(key)),
    ...(options.input !== undefined ? { input: options.input } : {}),
  })

  // One path per edge of the state graph: the shortest way to its source, then the edge.
  const shortest = new Map<string, PathStep<M>[]>()
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true }))
    shortest.set(serialize(path.state), path.steps)
  const adjacency = model.getAdjacencyMap()
  const candidates: PathStep<M>[][] = []
  for (const [source, value] of Object.entries(adjacency)) {
    const head = shortest.get(serialize(value.state)) ?? shortest.get(source)
    if (!head) continue
    const edges: { event: Ev<M>; state: Snap<M> }[] = Object.values(value.transitions)
    for (const edge of edges) {
      candidates.push([...head, { event: edge.event, state: edge.state }])
    }
  }
  const describe = options.serializeEvent ?? describeEvent
  const label = (steps: PathStep<M>[]) => steps.map((s) => describe(s.event)).join(' → ')
  // Keep a path only when no longer path already walks it as a prefix.
  const names = candidates.map(label).sort((a, b) => b.length - a.length)
  const kept: string[] = []
  for (const name of names)
    if (!kept.some((k) => k === name || k.startsWith(`${name} → `))) kept.push(name)
  const byName = new Map(candidates.map((steps) => [label(steps), steps]))
  const paths = kept.sort().map((name) => {
    const steps = byName.get(name) ?? []
    const start = steps[0] ? serialize(steps[0].state) : '?'
    return { name: `from ${start}: ${name.replace(/^xstate\.init → ?/, '')}`, steps }
  })
  return {
    machine,
    model,
    paths,
    stateKeys: stateKeysOf(machine),
    transitions: transitionsOf(machine),
    serialize,
  }
}

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

/** `{ type }` for every event type the machine's transitions name (events without payload). */
export function plainEventsOf<M extends AnyStateMachine>(machine: M): Ev<M>[] {
  const types = new Set<string>()
  walk(machine.root, (node) => {
    for (const type of node.transitions.keys()) if (type !== '*') types.add(type)
  })
  return [...types].map((type) => ({ type }))
}
