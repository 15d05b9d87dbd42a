/**
 * Turns a machine's own definition into a Mermaid `stateDiagram-v2`: states with nesting and
 * parallel regions, initial and final states, transitions labelled with their event, guard and
 * delay in words, invoked actors, and each state's description as a note.
 */
/* eslint-disable @typescript-eslint/no-unsafe-argument -- XState's Any* types are built on `any` */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'

const id = (node: AnyStateNode): string => diagramNodeId(node.path)

/** "60 s", "750 ms", "3 min": how a person reads a delay. */
export function delayInWords(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`
  if (ms >= 1000 && ms % 1000 === 0) return `${ms / 1000} s`
  return `${ms} ms`
}

function describeDelay(machine: AnyStateMachine, delay: string): string {
  if (/^\d+$/.test(delay)) return `after ${delayInWords(Number(delay))}`
  const value: unknown = (machine.implementations.delays as Record<string, unknown>)[delay]
  return typeof value === 'number' ? `after ${delayInWords(value)} (${delay})` : `after ${delay}`
}

/** The event a transition listens for, in words. */
export function eventInWords(machine: AnyStateMachine, eventType: string): string {
  if (eventType.startsWith('xstate.after.')) {
    const rest = eventType.slice('xstate.after.'.length)
    const delay = rest.slice(0, rest.indexOf('.'))
    return describeDelay(machine, delay)
  }
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType)
  if (done) return `${done[1]} done`
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType)
  if (error) return `${error[1]} failed`
  if (eventType.startsWith('xstate.done.state.')) return 'all done'
  if (eventType === '') return 'always'
  return eventType
}

function guardName(t: AnyTransitionDefinition): string | undefined {
  const guard = t.guard as unknown
  if (!guard) return undefined
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type)
  return 'guard'
}

/** A transition's event in words with its guard in brackets: "quote.next [hasAmount]". */
export function transitionInWords(machine: AnyStateMachine, t: AnyTransitionDefinition): string {
  const guard = guardName(t)
  return eventInWords(machine, t.eventType) + (guard ? ` [${guard}]` : '')
}

function label(machine: AnyStateMachine, t: AnyTransitionDefinition): string {
  const text = transitionInWords(machine, t)
  // Mermaid ends a label at ';' and reads '#' as an entity: keep labels plain.
  return text.replace(/[;#:]/g, ' ')
}

function invokes(node: AnyStateNode): string[] {
  return node.invoke.map((inv) => (typeof inv.src === 'string' ? inv.src : inv.id))
}

function ancestors(node: AnyStateNode): AnyStateNode[] {
  const list: AnyStateNode[] = []
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) list.unshift(n)
  return list
}

/**
 * Mermaid cannot draw an arrow between states of different composite states, so each transition
 * is drawn inside the lowest state containing both ends, between the children that hold them;
 * when that moves an end, the label says where the arrow really starts or ends.
 */
function edgesByContainer(machine: AnyStateMachine): Map<AnyStateNode, string[]> {
  const edges = new Map<AnyStateNode, string[]>()
  const visit = (node: AnyStateNode) => {
    const transitions = [...node.transitions.values()].flat().concat(node.always ?? [])
    for (const t of transitions) {
      for (const target of t.target?.length ? t.target : [node]) {
        const a = ancestors(node)
        const b = ancestors(target)
        let depth = 0
        while (depth < a.length - 2 && depth < b.length - 2 && a[depth + 1] === b[depth + 1])
          depth++
        const container = a[depth]
        const from = a[depth + 1] ?? node
        const to = b[depth + 1] ?? target
        if (!container) continue
        const moved = [
          from !== node ? `from ${node.path.join('.')}` : '',
          to !== target ? `to ${target.path.join('.')}` : '',
        ].filter(Boolean)
        const text = label(machine, t) + (moved.length ? ` (${moved.join(', ')})` : '')
        const list = edges.get(container) ?? []
        list.push(`${id(from)} --> ${id(to)} : ${text}`)
        edges.set(container, list)
      }
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child)
  }
  visit(machine.root)
  return edges
}

function render(
  node: AnyStateNode,
  pad: string,
  edges: Map<AnyStateNode, string[]>,
  out: string[],
): void {
  const children = Object.values(node.states) as AnyStateNode[]
  if (node.type === 'compound') {
    const initial = node.initial.target[0]
    if (initial) out.push(`${pad}[*] --> ${id(initial)}`)
  }
  children.forEach((child, index) => {
    // Parallel regions are separated by '--' inside their parent.
    if (node.type === 'parallel' && index > 0) out.push(`${pad}--`)
    out.push(`${pad}state "${child.key}" as ${id(child)}`)
    if (child.type === 'compound' || child.type === 'parallel') {
      out.push(`${pad}state ${id(child)} {`)
      render(child, pad + '  ', edges, out)
      out.push(`${pad}}`)
    }
    for (const src of invokes(child)) out.push(`${pad}${id(child)} : invokes ${src}`)
    if (child.type === 'final') out.push(`${pad}${id(child)} --> [*]`)
    if (child.description)
      out.push(`${pad}note right of ${id(child)}`, `${pad}  ${child.description}`, `${pad}end note`)
  })
  for (const line of edges.get(node) ?? []) out.push(pad + line)
}

/** The Mermaid text of one machine. */
export function stateDiagram(machine: AnyStateMachine): string {
  const lines: string[] = ['stateDiagram-v2']
  render(machine.root, '  ', edgesByContainer(machine), lines)
  return lines.join('\n') + '\n'
}

export interface MachineSummary {
  states: string[]
  events: string[]
  delays: { name: string; ms: number | undefined }[]
  actors: string[]
}

/** What a reader wants listed beside the picture. */
export function summarize(machine: AnyStateMachine): MachineSummary {
  const states: string[] = []
  const events = new Set<string>()
  const actors = new Set<string>()
  const walk = (node: AnyStateNode) => {
    if (node.path.length > 0) states.push(node.path.join('.'))
    for (const type of node.transitions.keys()) if (!type.startsWith('xstate.')) events.add(type)
    for (const src of invokes(node)) actors.add(src)
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child)
  }
  walk(machine.root)
  const delays = Object.entries(machine.implementations.delays as Record<string, unknown>).map(
    ([name, value]) => ({ name, ms: typeof value === 'number' ? value : undefined }),
  )
  return { states, events: [...events].sort(), delays, actors: [...actors].sort() }
}

/** The diagram's node id of a state, from its path (["signedIn", "active"] → "signedIn__active"). */
export function diagramNodeId(path: readonly string[]): string {
  return path.length === 0 ? 'root' : path.join('__').replace(/[^A-Za-z0-9_]/g, '_')
}

/** Every state key a state value is in: {signedIn: 'active'} → ['signedIn', 'signedIn.active']. */
export function stateValueKeys(value: unknown, prefix: readonly string[] = []): string[][] {
  if (typeof value === 'string') return [[...prefix, value]]
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => [
    [...prefix, key],
    ...stateValueKeys(child, [...prefix, key]),
  ])
}
