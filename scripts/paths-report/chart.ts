/**
 * A machine's statechart as the coverage report draws it: the state tree, and each transition
 * drawn inside the lowest state that holds both of its ends (as docs/flows/ draws it), keyed by
 * path-model.ts's transitionKey so the report can colour it by the paths that took it.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate'
import { stateKeysOf, transitionKey } from '../../src/flows/path-model.ts'
import { transitionInWords } from '../../src/flows/state-diagram.ts'

export interface ChartEdge {
  /** The transition's key (transitionKey). */
  transition: string
  /** Keys of the container's children the arrow joins; the container's own key for the root's. */
  from: string
  to: string
  /** The event in words, with the guard in brackets. */
  label: string
  /** Where the arrow really starts or ends when that is inside `from` or `to`. */
  note?: string
}

export interface ChartState {
  /** Dotted key ("contact.failed"); '' for the machine's root. */
  key: string
  name: string
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history'
  invokes: string[]
  description?: string
  children: ChartState[]
  /** Key of the child a compound state starts in. */
  initial?: string
  /** The transitions drawn among this state's children. */
  edges: ChartEdge[]
}

export interface Chart {
  id: string
  root: ChartState
  states: string[]
  /** Every transition: key → readable label ("calculation → contact (quote.next [hasAmount])"). */
  transitions: Record<string, string>
}

const keyOf = (node: AnyStateNode): string => node.path.join('.')

function ancestors(node: AnyStateNode): AnyStateNode[] {
  const list: AnyStateNode[] = []
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) list.unshift(n)
  return list
}

function transitionsOfNode(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? [])
}

/** Places each transition in the container that draws it, as state-diagram.ts does for Mermaid. */
function placeEdges(machine: AnyStateMachine): Map<AnyStateNode, ChartEdge[]> {
  const placed = new Map<AnyStateNode, ChartEdge[]>()
  const visit = (node: AnyStateNode) => {
    for (const t of transitionsOfNode(node)) {
      for (const target of t.target?.length ? t.target : [node]) {
        const a = ancestors(node)
        const b = ancestors(target)
        let depth = 0
        while (depth < a.length - 2 && depth < b.length - 2 && a[depth + 1] === b[depth + 1])
          depth++
        const container = a[depth]
        if (!container) continue
        const from = a[depth + 1] ?? node
        const to = b[depth + 1] ?? target
        const moved = [
          from !== node ? `from ${keyOf(node)}` : '',
          to !== target ? `to ${keyOf(target)}` : '',
        ].filter(Boolean)
        const edge: ChartEdge = {
          transition: transitionKey(t),
          from: keyOf(from),
          to: keyOf(to),
          label: transitionInWords(machine, t),
          ...(moved.length > 0 ? { note: `(${moved.join(', ')})` } : {}),
        }
        placed.set(container, [...(placed.get(container) ?? []), edge])
      }
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child)
  }
  visit(machine.root)
  return placed
}

function stateOf(node: AnyStateNode, edges: Map<AnyStateNode, ChartEdge[]>): ChartState {
  const children = (Object.values(node.states) as AnyStateNode[]).map((c) => stateOf(c, edges))
  const initial = node.type === 'compound' ? node.initial.target[0] : undefined
  return {
    key: keyOf(node),
    name: node.key,
    type: node.type,
    invokes: node.invoke.map((inv) => (typeof inv.src === 'string' ? inv.src : inv.id)),
    ...(node.description ? { description: node.description } : {}),
    children,
    ...(initial ? { initial: keyOf(initial) } : {}),
    edges: edges.get(node) ?? [],
  }
}

/** Every transition with a label a reader can find on the diagram. */
function transitionLabels(machine: AnyStateMachine): Record<string, string> {
  const labels: Record<string, string> = {}
  const visit = (node: AnyStateNode) => {
    const source = keyOf(node) || 'any state'
    for (const t of transitionsOfNode(node)) {
      const targets = (t.target ?? []).map(keyOf)
      const event = transitionInWords(machine, t)
      labels[transitionKey(t)] =
        targets.length > 0
          ? `${source} → ${targets.join(', ')} (${event})`
          : `${source} ↺ (${event})`
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child)
  }
  visit(machine.root)
  return labels
}

export function chartOf(machine: AnyStateMachine): Chart {
  return {
    id: machine.id,
    root: stateOf(machine.root, placeEdges(machine)),
    states: stateKeysOf(machine),
    transitions: transitionLabels(machine),
  }
}
