/**
 * Draws a chart as SVG at report time, so the report needs no script and no network: nested
 * boxes for composite states, arrows labelled with their event, and every state and transition
 * coloured (a `cov-*` class) by how many paths at one level walked it. The layout is computed
 * once per machine and drawn once per level, so the two pictures match box for box.
 */
import { coverageClass, type LevelReport } from '../../src/flows/coverage-report.ts'
import type { Chart, ChartEdge, ChartState } from './chart.ts'
import { layeredLayout, type Layout, type PlacedNode, type Point, type Size } from './layout.ts'

const CHAR = 0.61 // em: the advance of a monospace glyph
const NAME = 12
const SMALL = 10.5
const LINE = 1.35
const PAD = 8
const START = 10

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

const textWidth = (text: string, size: number) => Math.ceil(text.length * size * CHAR)
const fmt = (n: number) => String(Math.round(n * 10) / 10)

export const pathsInWords = (count: number): string =>
  count === 0 ? 'not walked' : count === 1 ? '1 path' : `${String(count)} paths`

interface Drawn {
  size: Size
  state: ChartState
  /** Transitions of the container itself (the root's own), listed in its header. */
  listed: ChartEdge[]
  drawn: ChartEdge[]
  /** The children's layout, for composite states. */
  inner?: Layout
  headerHeight: number
  children: Map<string, Drawn>
}

/** The longest count texts any level will print, so both levels share one layout. */
interface Widest {
  stateCount: string
  edgeCount: string
}

const edgeLines = (edge: ChartEdge, count: string): string[] => [
  `${edge.label} ×${count}`,
  ...(edge.note ? [edge.note] : []),
]

const linesSize = (lines: string[], size: number): Size => ({
  width: Math.max(0, ...lines.map((l) => textWidth(l, size))),
  height: Math.ceil(lines.length * size * LINE),
})

/** A state's header: its name, what it invokes, how many paths walked it, its own transitions. */
function headerLines(
  drawn: Pick<Drawn, 'state' | 'listed'>,
  isRoot: boolean,
  stateCount: string,
  edgeCount: (edge: ChartEdge) => string,
): { name?: string; lines: string[] } {
  return {
    ...(isRoot ? {} : { name: drawn.state.name }),
    lines: [
      ...drawn.state.invokes.map((src) => `invokes ${src}`),
      ...(isRoot ? [] : [stateCount]),
      ...drawn.listed.map((e) => `any state: ${edgeLines(e, edgeCount(e)).join(' ')}`),
    ],
  }
}

function headerSize(header: { name?: string; lines: string[] }): Size {
  const name = header.name === undefined ? { width: 0, height: 0 } : linesSize([header.name], NAME)
  const lines = linesSize(header.lines, SMALL)
  return { width: Math.max(name.width, lines.width), height: name.height + lines.height }
}

function measure(state: ChartState, widest: Widest, isRoot: boolean): Drawn {
  // The root's own transitions have no box to start from: they are listed, not drawn.
  const listed = state.edges.filter((e) => e.from === state.key || e.to === state.key)
  const drawn = state.edges.filter((e) => e.from !== state.key && e.to !== state.key)
  const header = headerSize(
    headerLines({ state, listed }, isRoot, widest.stateCount, () => widest.edgeCount),
  )
  const headerHeight = header.height > 0 ? header.height + PAD / 2 : 0
  if (state.children.length === 0) {
    return {
      size: { width: header.width + 2 * PAD, height: header.height + PAD * 1.5 },
      state,
      listed,
      drawn,
      headerHeight,
      children: new Map(),
    }
  }
  const children = new Map(state.children.map((c) => [c.key, measure(c, widest, false)]))
  const nodes = state.children.map((c) => ({
    id: c.key,
    ...(children.get(c.key)?.size ?? { width: 0, height: 0 }),
  }))
  const edges = drawn.map((e, i) => ({
    id: String(i),
    from: e.from,
    to: e.to,
    label: linesSize(edgeLines(e, widest.edgeCount), SMALL),
  }))
  if (state.initial !== undefined) {
    nodes.unshift({ id: '', width: START, height: START })
    edges.push({ id: 'start', from: '', to: state.initial, label: { width: 0, height: 0 } })
  }
  const inner = layeredLayout(nodes, edges, state.initial !== undefined ? '' : undefined)
  return {
    size: {
      width: Math.max(inner.width, header.width) + 2 * PAD,
      height: headerHeight + inner.height + 2 * PAD,
    },
    state,
    listed,
    drawn,
    inner,
    headerHeight,
    children,
  }
}

/** A smooth curve through the points (Catmull-Rom as cubic Béziers). */
function curve(points: Point[]): string {
  const [first] = points
  if (!first) return ''
  let d = `M${fmt(first.x)},${fmt(first.y)}`
  for (let i = 0; i + 1 < points.length; i++) {
    const p0 = points[i - 1] ?? points[i] ?? first
    const p1 = points[i] ?? first
    const p2 = points[i + 1] ?? p1
    const p3 = points[i + 2] ?? p2
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 }
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 }
    d += ` C${fmt(c1.x)},${fmt(c1.y)} ${fmt(c2.x)},${fmt(c2.y)} ${fmt(p2.x)},${fmt(p2.y)}`
  }
  return d
}

/** Lines of text from the top-left corner; the first in the larger bold type when `named`. */
function text(lines: string[], x: number, y: number, named = false): string {
  let top = y
  return lines
    .map((line, i) => {
      const size = named && i === 0 ? NAME : SMALL
      const baseline = top + size
      top += size * LINE
      const cls = named && i === 0 ? 'name' : 'small'
      return `<text x="${fmt(x)}" y="${fmt(baseline)}" class="${cls}">${escapeHtml(line)}</text>`
    })
    .join('')
}

interface Level {
  name: string
  report: LevelReport
  labels: Record<string, string>
}

const edgeCount = (level: Level, edge: ChartEdge) =>
  level.report.transitionCounts[edge.transition] ?? 0

function transitionTitle(level: Level, edge: ChartEdge): string {
  const readable = level.labels[edge.transition] ?? edge.label
  return `${readable}: ${pathsInWords(edgeCount(level, edge))} at the ${level.name} level`
}

/** Arrows first, then every label above them, so no arrow runs across a label. */
function drawEdges(drawn: Drawn, origin: Point, level: Level, widest: Widest): string[][] {
  const arrows: string[] = []
  const labels: string[] = []
  const inner = drawn.inner
  if (!inner) return [arrows, labels]
  const shift = (p: Point) => ({ x: p.x + origin.x, y: p.y + origin.y })
  const start = inner.edges.get('start')
  if (start)
    arrows.push(
      `<path class="start-arrow" d="${curve(start.points.map(shift))}" marker-end="url(#arrow-start)"/>`,
    )
  drawn.drawn.forEach((edge, i) => {
    const placed = inner.edges.get(String(i))
    if (!placed) return
    const count = edgeCount(level, edge)
    const cls = coverageClass(count)
    const size = linesSize(edgeLines(edge, widest.edgeCount), SMALL)
    const centre = shift(placed.label)
    const left = centre.x - size.width / 2
    const top = centre.y - size.height / 2
    const group = (part: string, content: string) =>
      `<g class="transition ${part} ${cls}" data-transition="${escapeHtml(edge.transition)}"><title>${escapeHtml(transitionTitle(level, edge))}</title>${content}</g>`
    arrows.push(
      group(
        'arrow',
        `<path d="${curve(placed.points.map(shift))}" marker-end="url(#arrow-${cls})"/>`,
      ),
    )
    labels.push(
      group(
        'label',
        `<rect x="${fmt(left - 2)}" y="${fmt(top)}" width="${fmt(size.width + 4)}" height="${fmt(size.height)}" rx="3"/>` +
          text(edgeLines(edge, String(count)), left, top - 1),
      ),
    )
  })
  return [arrows, labels]
}

function drawState(
  drawn: Drawn,
  box: PlacedNode,
  level: Level,
  widest: Widest,
  region: boolean,
  out: string[][],
): void {
  const { state } = drawn
  const count = level.report.stateCounts[state.key] ?? 0
  const cls = coverageClass(count)
  const shape = state.children.length > 0 ? 'composite' : 'simple'
  const description = state.description ? `. ${state.description}` : ''
  const header = headerLines(drawn, false, pathsInWords(count), (e) => String(edgeCount(level, e)))
  out[0]?.push(
    `<g class="state ${shape} ${state.type}${region ? ' region' : ''} ${cls}" data-state="${escapeHtml(state.key)}">`,
    `<title>${escapeHtml(`${state.key}: ${pathsInWords(count)} at the ${level.name} level${description}`)}</title>`,
    `<rect x="${fmt(box.x)}" y="${fmt(box.y)}" width="${fmt(box.width)}" height="${fmt(box.height)}" rx="${shape === 'composite' ? 8 : 6}"/>`,
    state.type === 'final'
      ? `<rect class="inner" x="${fmt(box.x + 3)}" y="${fmt(box.y + 3)}" width="${fmt(box.width - 6)}" height="${fmt(box.height - 6)}" rx="4"/>`
      : '',
    text([header.name ?? state.name, ...header.lines], box.x + PAD, box.y + PAD / 2, true),
    '</g>',
  )
  drawChildren(drawn, { x: box.x + PAD, y: box.y + PAD + drawn.headerHeight }, level, widest, out)
}

/**
 * A container's children, then its arrows and labels. `out` holds three layers (boxes, arrows,
 * labels): a container's arrows can pass beside a nested box's labels, never over them.
 */
function drawChildren(
  drawn: Drawn,
  origin: Point,
  level: Level,
  widest: Widest,
  out: string[][],
): void {
  const inner = drawn.inner
  if (!inner) return
  const start = inner.nodes.get('')
  if (start)
    out[0]?.push(
      `<circle class="start" cx="${fmt(origin.x + start.x + START / 2)}" cy="${fmt(origin.y + start.y + START / 2)}" r="${fmt(START / 2)}"/>`,
    )
  for (const [key, child] of drawn.children) {
    const box = inner.nodes.get(key)
    if (box)
      drawState(
        child,
        { ...box, x: origin.x + box.x, y: origin.y + box.y },
        level,
        widest,
        drawn.state.type === 'parallel',
        out,
      )
  }
  const [arrows = [], labels = []] = drawEdges(drawn, origin, level, widest)
  out[1]?.push(...arrows)
  out[2]?.push(...labels)
}

/** Lays a chart out once and returns a function that draws it at a level, with its counts. */
export function drawChart(
  chart: Chart,
  reports: LevelReport[],
): (levelName: string, report: LevelReport, title: string) => string {
  const most = (counts: (r: LevelReport) => Record<string, number>) =>
    Math.max(0, ...reports.flatMap((r) => Object.values(counts(r))))
  const busiest = pathsInWords(most((r) => r.stateCounts))
  const widest: Widest = {
    stateCount: busiest.length > pathsInWords(0).length ? busiest : pathsInWords(0),
    edgeCount: String(most((r) => r.transitionCounts)),
  }
  const root = measure(chart.root, widest, true)
  const { width, height } = root.size
  return (levelName, report, title) => {
    const level = { name: levelName, report, labels: chart.transitions }
    const out: string[][] = [[], [], []]
    root.listed.forEach((edge) => {
      const count = edgeCount(level, edge)
      out[0]?.push(
        `<g class="transition listed ${coverageClass(count)}" data-transition="${escapeHtml(edge.transition)}">`,
        `<title>${escapeHtml(transitionTitle(level, edge))}</title>`,
        text(
          [`any state: ${edgeLines(edge, String(count)).join(' ')}`],
          PAD,
          PAD / 2 + root.listed.indexOf(edge) * SMALL * LINE,
        ),
        '</g>',
      )
    })
    drawChildren(root, { x: PAD, y: PAD + root.headerHeight }, level, widest, out)
    return [
      `<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${fmt(width)} ${fmt(height)}" width="${fmt(width)}" height="${fmt(height)}" role="img" aria-label="${escapeHtml(title)}">`,
      ...out.flat(),
      '</svg>',
    ].join('')
  }
}
