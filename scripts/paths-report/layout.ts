/**
 * A small layered graph layout (the Sugiyama scheme dagre and Mermaid use): boxes in ranks from
 * the start node down, each edge a chain of points through the ranks in between with its label as
 * a box of its own halfway, so labels never sit on states or on each other. Crossings are reduced
 * by barycenter sweeps and each rank is placed by isotonic regression (exact, no overlaps). The
 * report draws one such layout per composite state, children before parents.
 */

export interface Size {
  width: number
  height: number
}

export interface Point {
  x: number
  y: number
}

export interface LayoutNode extends Size {
  id: string
}

export interface LayoutEdge {
  id: string
  from: string
  to: string
  label: Size
}

export interface PlacedNode extends Point, Size {}

export interface PlacedEdge {
  /** From the source's border to the target's border (the arrowhead's end). */
  points: Point[]
  /** The centre of the label's box. */
  label: Point
}

export interface Layout extends Size {
  /** Top-left corner and size; a node with self-loops may be taller than asked, to hold them. */
  nodes: Map<string, PlacedNode>
  edges: Map<string, PlacedEdge>
}

const RANK_GAP = 14
const NODE_SEP = 28
const EDGE_SEP = 10
const LOOP_OUT = 16
const LOOP_LABEL_GAP = 3

interface Item extends Size {
  id: string
  kind: 'node' | 'label' | 'bend'
  rank: number
  x: number
  up: Item[]
  down: Item[]
}

/** Positions that keep their order and gaps and are, in least squares, nearest to `wanted`. */
function placeInOrder(wanted: number[], gaps: number[], weights: number[]): number[] {
  const offsets = [0]
  for (const gap of gaps) offsets.push((offsets.at(-1) ?? 0) + gap)
  // Pool adjacent violators on y = x - offset, which must not decrease.
  const blocks: { weight: number; sum: number; size: number }[] = []
  wanted.forEach((w, i) => {
    const weight = weights[i] ?? 1
    blocks.push({ weight, sum: weight * (w - (offsets[i] ?? 0)), size: 1 })
    for (;;) {
      const last = blocks.at(-1)
      const before = blocks.at(-2)
      if (!last || !before || before.sum / before.weight <= last.sum / last.weight) break
      blocks.splice(-2, 2, {
        weight: before.weight + last.weight,
        sum: before.sum + last.sum,
        size: before.size + last.size,
      })
    }
  })
  const placed: number[] = []
  for (const block of blocks)
    for (let k = 0; k < block.size; k++)
      placed.push(block.sum / block.weight + (offsets[placed.length] ?? 0))
  return placed
}

function crossings(upper: Item[], lower: Item[]): number {
  const at = new Map(lower.map((item, i) => [item, i]))
  const segments: [number, number][] = []
  upper.forEach((item, i) => {
    for (const d of item.down) segments.push([i, at.get(d) ?? 0])
  })
  let count = 0
  for (let a = 0; a < segments.length; a++)
    for (let b = a + 1; b < segments.length; b++) {
      const [ua, la] = segments[a] ?? [0, 0]
      const [ub, lb] = segments[b] ?? [0, 0]
      if ((ua - ub) * (la - lb) < 0) count++
    }
  return count
}

/** Where the line from a box's centre towards `toward` leaves the box. */
function border(box: PlacedNode, toward: Point): Point {
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  const dx = toward.x - centre.x
  const dy = toward.y - centre.y
  if (dx === 0 && dy === 0) return centre
  const t = Math.min(
    dx === 0 ? Infinity : box.width / 2 / Math.abs(dx),
    dy === 0 ? Infinity : box.height / 2 / Math.abs(dy),
  )
  return { x: centre.x + dx * t, y: centre.y + dy * t }
}

/** Ranks from `start` down: edges that close a cycle point up, so the rest flows downwards. */
function rankNodes(nodes: LayoutNode[], allEdges: LayoutEdge[], start?: string) {
  const out = new Map<string, LayoutEdge[]>(nodes.map((n) => [n.id, []]))
  const edges = allEdges.filter((e) => out.has(e.from) && out.has(e.to))
  for (const e of edges) out.get(e.from)?.push(e)
  const state = new Map<string, 'open' | 'done'>()
  const reversed = new Set<string>()
  const discovered: string[] = []
  const visit = (id: string) => {
    state.set(id, 'open')
    discovered.push(id)
    for (const e of out.get(id) ?? []) {
      const seen = state.get(e.to)
      if (seen === 'open') reversed.add(e.id)
      else if (seen === undefined) visit(e.to)
    }
    state.set(id, 'done')
  }
  const ids = nodes.map((n) => n.id)
  const roots = start !== undefined && ids.includes(start) ? [start, ...ids] : ids
  for (const id of roots) if (!state.has(id)) visit(id)

  const dag = edges.map((e) =>
    reversed.has(e.id) ? { id: e.id, u: e.to, v: e.from } : { id: e.id, u: e.from, v: e.to },
  )
  const rank = new Map<string, number>()
  const indegree = new Map(nodes.map((n) => [n.id, 0]))
  for (const e of dag) indegree.set(e.v, (indegree.get(e.v) ?? 0) + 1)
  const queue = discovered.filter((id) => indegree.get(id) === 0)
  const topological: string[] = []
  while (queue.length > 0) {
    const id = queue.shift() ?? ''
    topological.push(id)
    for (const e of dag.filter((d) => d.u === id)) {
      rank.set(e.v, Math.max(rank.get(e.v) ?? 0, (rank.get(id) ?? 0) + 2))
      indegree.set(e.v, (indegree.get(e.v) ?? 0) - 1)
      if (indegree.get(e.v) === 0) queue.push(e.v)
    }
  }
  // A node nothing leads to sits just above the first node it leads to, not at the very top.
  for (const id of [...topological].reverse()) {
    const into = dag.some((e) => e.v === id)
    const ranks = dag.filter((e) => e.u === id).map((e) => rank.get(e.v) ?? 0)
    if (!into && ranks.length > 0) rank.set(id, Math.min(...ranks) - 2)
  }
  const lowest = Math.min(0, ...rank.values())
  for (const [id, r] of rank) rank.set(id, r - lowest)
  return { rank, dag, reversed, discovered }
}

export function layeredLayout(nodes: LayoutNode[], edges: LayoutEdge[], start?: string): Layout {
  const loops = new Map<string, LayoutEdge[]>()
  for (const e of edges) if (e.from === e.to) loops.set(e.from, [...(loops.get(e.from) ?? []), e])
  const between = edges.filter((e) => e.from !== e.to)
  const stack = (id: string) => (loops.get(id) ?? []).map((e) => e.label)
  const stackHeight = (id: string) =>
    stack(id).reduce((h, s, i) => h + s.height + (i > 0 ? LOOP_LABEL_GAP : 0), 0)
  // A node's footprint holds its self-loops and their labels on its right.
  const boxes = new Map(
    nodes.map((n) => [n.id, { width: n.width, height: Math.max(n.height, stackHeight(n.id)) }]),
  )
  const loopWidth = (id: string) => {
    const labels = stack(id)
    return labels.length > 0 ? LOOP_OUT + Math.max(...labels.map((s) => s.width)) : 0
  }

  const { rank, dag, reversed, discovered } = rankNodes(nodes, between, start)
  const items = new Map<string, Item>()
  const layers: Item[][] = []
  const add = (item: Item) => {
    items.set(item.id, item)
    ;(layers[item.rank] ??= []).push(item)
    return item
  }
  for (const id of discovered) {
    const box = boxes.get(id) ?? { width: 0, height: 0 }
    add({
      id,
      kind: 'node',
      rank: rank.get(id) ?? 0,
      width: box.width + loopWidth(id),
      height: box.height,
      x: 0,
      up: [],
      down: [],
    })
  }
  const chains = new Map<string, Item[]>()
  for (const e of dag) {
    const source = items.get(e.u)
    const target = items.get(e.v)
    if (!source || !target) continue
    // The label sits next to the state the arrow leaves, where a reader starts from; for an
    // arrow that points up that is the lower end. It also spreads long edges' labels over ranks.
    const labelRank = reversed.has(e.id) ? target.rank - 1 : source.rank + 1
    const label = between.find((b) => b.id === e.id)?.label ?? { width: 0, height: 0 }
    const chain = [source]
    for (let r = source.rank + 1; r < target.rank; r++) {
      const isLabel = r === labelRank
      chain.push(
        add({
          id: `${e.id}@${String(r)}`,
          kind: isLabel ? 'label' : 'bend',
          rank: r,
          width: isLabel ? label.width : 0,
          height: isLabel ? label.height : 0,
          x: 0,
          up: [],
          down: [],
        }),
      )
    }
    chain.push(target)
    for (let i = 0; i + 1 < chain.length; i++) {
      const a = chain[i]
      const b = chain[i + 1]
      if (a && b) {
        a.down.push(b)
        b.up.push(a)
      }
    }
    chains.set(e.id, chain)
  }
  for (let r = 0; r < layers.length; r++) layers[r] ??= []
  const ranks = layers as Item[][]

  // Order within ranks: barycenter sweeps down and up, keeping the order with fewest crossings.
  const total = () =>
    ranks.reduce((n, l, r) => n + (r > 0 ? crossings(ranks[r - 1] ?? [], l) : 0), 0)
  let best = ranks.map((l) => [...l])
  let fewest = total()
  for (let sweep = 0; sweep < 8 && fewest > 0; sweep++) {
    const down = sweep % 2 === 0
    const order = down ? ranks.keys() : [...ranks.keys()].reverse()
    for (const r of order) {
      const reference = ranks[down ? r - 1 : r + 1]
      const layer = ranks[r]
      if (!reference || !layer) continue
      const at = new Map(reference.map((item, i) => [item, i]))
      const centre = new Map(
        layer.map((item, i) => {
          const near = (down ? item.up : item.down).map((n) => at.get(n) ?? 0)
          return [item, near.length ? near.reduce((a, b) => a + b, 0) / near.length : i]
        }),
      )
      layer.sort((a, b) => (centre.get(a) ?? 0) - (centre.get(b) ?? 0))
    }
    const now = total()
    if (now < fewest) {
      fewest = now
      best = ranks.map((l) => [...l])
    }
  }
  best.forEach((l, r) => (ranks[r] = l))

  // Across: each rank as near as it can be to the items it joins, in order and without overlaps.
  const gap = (a: Item, b: Item) =>
    (a.width + b.width) / 2 + (a.kind === 'node' && b.kind === 'node' ? NODE_SEP : EDGE_SEP)
  const centreX = (item: Item) =>
    item.x - item.width / 2 + (boxes.get(item.id)?.width ?? item.width) / 2
  for (const layer of ranks) {
    let x = 0
    layer.forEach((item, i) => {
      const before = layer[i - 1]
      x = before ? x + gap(before, item) : item.width / 2
      item.x = x
    })
  }
  const settle = (neighbours: (item: Item) => Item[], order: Iterable<number>) => {
    for (const r of order) {
      const layer = ranks[r] ?? []
      const wanted = layer.map((item) => {
        const near = neighbours(item)
        if (near.length === 0) return item.x
        // A node's own box, not its loops, is what its edges leave from.
        const mean = near.reduce((s, n) => s + centreX(n), 0) / near.length
        return mean + item.x - centreX(item)
      })
      const gaps = layer.slice(1).map((item, i) => gap(layer[i] ?? item, item))
      const weights = layer.map((item) =>
        item.kind === 'bend' ? 4 : item.kind === 'label' ? 2 : 1,
      )
      placeInOrder(wanted, gaps, weights).forEach((x, i) => {
        const item = layer[i]
        if (item) item.x = x
      })
    }
  }
  for (let round = 0; round < 6; round++) {
    settle((item) => item.up, ranks.keys())
    settle((item) => item.down, [...ranks.keys()].reverse())
  }
  settle((item) => [...item.up, ...item.down], ranks.keys())
  const left = Math.min(...[...items.values()].map((i) => i.x - i.width / 2))
  for (const item of items.values()) item.x -= left

  // Down: every rank as tall as its tallest item.
  const tops: number[] = []
  let y = 0
  for (const layer of ranks) {
    tops.push(y)
    y += Math.max(0, ...layer.map((i) => i.height)) + RANK_GAP
  }
  const middle = (item: Item) =>
    (tops[item.rank] ?? 0) + Math.max(0, ...(ranks[item.rank] ?? []).map((i) => i.height)) / 2

  const placed = new Map<string, PlacedNode>()
  for (const n of nodes) {
    const item = items.get(n.id)
    const box = boxes.get(n.id)
    if (!item || !box) continue
    placed.set(n.id, {
      x: item.x - item.width / 2,
      y: middle(item) - box.height / 2,
      width: box.width,
      height: box.height,
    })
  }

  const routed = new Map<string, PlacedEdge>()
  for (const e of dag) {
    const chain = chains.get(e.id) ?? []
    const source = placed.get(e.u)
    const target = placed.get(e.v)
    if (!source || !target) continue
    const inner = chain.slice(1, -1).map((item) => ({ x: item.x, y: middle(item) }))
    const first = inner[0] ?? { x: target.x + target.width / 2, y: target.y }
    const last = inner.at(-1) ?? { x: source.x + source.width / 2, y: source.y }
    const points = [border(source, first), ...inner, border(target, last)]
    const labelItem = chain.find((item) => item.kind === 'label')
    const label = labelItem ? { x: labelItem.x, y: middle(labelItem) } : (inner[0] ?? first)
    const original = edges.find((x) => x.id === e.id)
    routed.set(e.id, { points: original?.from === e.u ? points : points.reverse(), label })
  }
  for (const [id, list] of loops) {
    const box = placed.get(id)
    if (!box) continue
    const right = box.x + box.width
    let top = box.y + box.height / 2 - stackHeight(id) / 2
    for (const e of list) {
      const ly = top + e.label.height / 2
      const clamp = (v: number) => Math.min(box.y + box.height - 3, Math.max(box.y + 3, v))
      routed.set(e.id, {
        points: [
          { x: right, y: clamp(ly - 4) },
          { x: right + LOOP_OUT - 4, y: ly },
          { x: right, y: clamp(ly + 4) },
        ],
        label: { x: right + LOOP_OUT + e.label.width / 2, y: ly },
      })
      top += e.label.height + LOOP_LABEL_GAP
    }
  }

  const width = Math.max(0, ...[...items.values()].map((i) => i.x + i.width / 2))
  return { width, height: Math.max(0, y - RANK_GAP), nodes: placed, edges: routed }
}
