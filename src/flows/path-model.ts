/**
 * The graph side of model-based testing, pure so the flow viewer can use it in the browser too:
 * a machine's states and transitions, and paths (from xstate/graph) that together take every
 * reachable transition. Running the paths and measuring coverage is in tests/support/model-paths.ts.
 */
/* eslint-disable @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-member-access -- XState's Any* machine and graph types are built on `any` */
import { TestModel } from 'xstate/graph'
import type { AnyEventObject, AnyStateMachine, AnyStateNode, SnapshotFrom } from 'xstate'
import { transitionKey } from './transition-key'

export { transitionKey }

export type Snap<M extends AnyStateMachine> = SnapshotFrom<M>
/**
 * Path events are the machine's own plus those XState raises itself (actor results, delays), so
 * they are typed loosely here; runners narrow them by `type`.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export type Ev<M extends AnyStateMachine> = AnyEventObject

export interface PathStep<M extends AnyStateMachine> {
  event: Ev<M>
  state: Snap<M>
}

export interface ModelPath<M extends AnyStateMachine> {
  /** Human-readable: "from idle: amount.change → xstate.after.debounce → …". */
  name: string
  steps: PathStep<M>[]
  /** One of the model's `scenarios`: run at every level, however little it adds to coverage. */
  scenario?: true
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
  /**
   * Event sequences, from the start, run as paths of their own: histories the graph cannot tell
   * apart because they end in a state it already has (what came before a state, not the state),
   * which its shortest paths would therefore never take.
   */
  scenarios?: readonly (readonly Ev<M>[])[]
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

export function keyToValue(key: string): string | Record<string, unknown> {
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
  const scenarios = (options.scenarios ?? []).flatMap((events) =>
    model.getPathsFromEvents([...events], {}).map((p) => p.steps as PathStep<M>[]),
  )
  const scenarioNames = new Set(scenarios.map(label))
  // Keep a path only when no longer path already walks it as a prefix.
  const names = [...candidates, ...scenarios].map(label).sort((a, b) => b.length - a.length)
  const kept: string[] = []
  for (const name of names)
    if (!kept.some((k) => k === name || k.startsWith(`${name} → `))) kept.push(name)
  const byName = new Map([...candidates, ...scenarios].map((steps) => [label(steps), steps]))
  const paths = kept.sort().map((name): ModelPath<M> => {
    const steps = byName.get(name) ?? []
    const start = steps[0] ? serialize(steps[0].state) : '?'
    const path = { name: `from ${start}: ${name.replace(/^xstate\.init → ?/, '')}`, steps }
    // A longer path that walks a scenario as its prefix stands for it.
    const walksScenario = [...scenarioNames].some((n) => n === name || name.startsWith(`${n} → `))
    return walksScenario ? { ...path, scenario: true } : path
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

/** `{ type }` for every event type the machine's transitions name (events without payload). */
export function plainEventsOf<M extends AnyStateMachine>(machine: M): Ev<M>[] {
  const types = new Set<string>()
  walk(machine.root, (node) => {
    for (const type of node.transitions.keys()) if (type !== '*') types.add(type)
  })
  return [...types].map((type) => ({ type }))
}
