/**
 * The report's graph layout, by dagre (the layered layout Mermaid uses too): boxes in ranks from
 * the start node down, each edge a polyline with its label as a box of its own, so labels never
 * sit on states or on each other. Self-loops are drawn here, on the box's right, as Mermaid does
 * too: dagre routes them through a point beside the node that it does not keep clear. The report
 * draws one such layout per composite state, children before parents.
 */
import dagre, { type EdgeLabel, type GraphLabel, type NodeLabel } from '@dagrejs/dagre'

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

/** Gaps in pixels: between ranks, between boxes in a rank, between parallel edges. */
const RANK_SEP = 16
const NODE_SEP = 28
const EDGE_SEP = 10
/** How far a self-loop reaches right of its box, and the gap between stacked loop labels. */
const LOOP_OUT = 16
const LOOP_LABEL_GAP = 3

const centreOf = (box: PlacedNode): Point => ({
  x: box.x + box.width / 2,
  y: box.y + box.height / 2,
})

/** Where the line from a box's centre towards `toward` leaves the box. */
function border(box: PlacedNode, toward: Point): Point {
  const centre = centreOf(box)
  const dx = toward.x - centre.x
  const dy = toward.y - centre.y
  if (dx === 0 && dy === 0) return centre
  const t = Math.min(
    dx === 0 ? Infinity : box.width / 2 / Math.abs(dx),
    dy === 0 ? Infinity : box.height / 2 / Math.abs(dy),
  )
  return { x: centre.x + dx * t, y: centre.y + dy * t }
}

/**
 * Lays the nodes and edges out top to bottom. `start` (the initial state's dot) is added first,
 * so that dagre, which breaks cycles from the first nodes it meets, ranks the chart from it.
 */
export function layeredLayout(nodes: LayoutNode[], edges: LayoutEdge[], start?: string): Layout {
  const loops = new Map<string, LayoutEdge[]>()
  for (const e of edges) if (e.from === e.to) loops.set(e.from, [...(loops.get(e.from) ?? []), e])
  const stack = (id: string) => (loops.get(id) ?? []).map((e) => e.label)
  const stackHeight = (id: string) =>
    stack(id).reduce((h, s, i) => h + s.height + (i > 0 ? LOOP_LABEL_GAP : 0), 0)
  const loopWidth = (id: string) => {
    const labels = stack(id)
    return labels.length > 0 ? LOOP_OUT + Math.max(...labels.map((s) => s.width)) : 0
  }
  // A node's box, taller when its loops' labels need it, and its footprint, which holds them.
  const boxes = new Map(
    nodes.map((n) => [n.id, { width: n.width, height: Math.max(n.height, stackHeight(n.id)) }]),
  )

  const graph = new dagre.graphlib.Graph<GraphLabel, NodeLabel, EdgeLabel>({ multigraph: true })
  graph.setGraph({
    rankdir: 'TB',
    ranksep: RANK_SEP,
    nodesep: NODE_SEP,
    edgesep: EDGE_SEP,
    marginx: 0,
    marginy: 0,
  })
  // dagre's ids are its own: an id such as '' (the start dot) or 'constructor' stays ours.
  const ordered = [...nodes.filter((n) => n.id === start), ...nodes.filter((n) => n.id !== start)]
  const key = new Map(ordered.map((n, i) => [n.id, `n${String(i)}`]))
  for (const n of ordered) {
    const box = boxes.get(n.id) ?? n
    graph.setNode(key.get(n.id) ?? '', { width: box.width + loopWidth(n.id), height: box.height })
  }
  const between = edges.filter((e) => e.from !== e.to && key.has(e.from) && key.has(e.to))
  between.forEach((e, i) => {
    graph.setEdge(
      key.get(e.from) ?? '',
      key.get(e.to) ?? '',
      { width: e.label.width, height: e.label.height, labelpos: 'c' },
      `e${String(i)}`,
    )
  })
  dagre.layout(graph)

  const placed = new Map<string, PlacedNode>()
  for (const n of ordered) {
    const centre = graph.node(key.get(n.id) ?? '')
    const box = boxes.get(n.id) ?? n
    placed.set(n.id, {
      x: (centre.x ?? 0) - (box.width + loopWidth(n.id)) / 2,
      y: (centre.y ?? 0) - box.height / 2,
      ...box,
    })
  }
  const routed = new Map<string, PlacedEdge>()
  between.forEach((e, i) => {
    const edge = graph.edge({
      v: key.get(e.from) ?? '',
      w: key.get(e.to) ?? '',
      name: `e${String(i)}`,
    })
    const inner = (edge.points ?? []).slice(1, -1).map(({ x, y }) => ({ x, y }))
    const source = placed.get(e.from)
    const target = placed.get(e.to)
    if (!source || !target) return
    // dagre ends an edge on the footprint; it should end on the box, beside its loops.
    const points = [
      border(source, inner[0] ?? centreOf(target)),
      ...inner,
      border(target, inner.at(-1) ?? centreOf(source)),
    ]
    const middle = points[Math.floor(points.length / 2)] ?? centreOf(source)
    routed.set(e.id, { points, label: { x: edge.x ?? middle.x, y: edge.y ?? middle.y } })
  })
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

  const size = graph.graph()
  return { width: size.width ?? 0, height: size.height ?? 0, nodes: placed, edges: routed }
}
