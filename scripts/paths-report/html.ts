/**
 * reports/paths/index.html: one self-contained page (inline CSS and SVG, no script, no network)
 * that QA opens from disk. Per machine and level: the diagram coloured by how many paths walked
 * each state and transition, what no path walked, the failing paths with their failing step, and
 * every path in words.
 */
import {
  coverageBuckets,
  coverageLevels,
  hasLevel,
  type CoverageFile,
  type CoverageLevel,
  type LevelReport,
  type MachineCoverage,
} from '../../src/flows/coverage-report.ts'
import type { Chart } from './chart.ts'
import { drawChart, escapeHtml as esc } from './svg.ts'

const levelTitles: Record<CoverageLevel, string> = {
  machine: 'Machine level',
  ui: 'UI level',
  browser: 'Browser level',
}

const levelHints: Record<CoverageLevel, string> = {
  machine: 'the machine alone, its actors replaced by fakes the test controls',
  ui: 'the real app in a browser-like page, a fake API behind it',
  browser: "the real app in Chromium against the real server and the providers' sandboxes",
}

const colours: Record<(typeof coverageBuckets)[number]['className'], [string, string]> = {
  'cov-none': ['#fdecea', '#c62828'],
  'cov-one': ['#e8f5e9', '#81c784'],
  'cov-few': ['#c8e6c9', '#43a047'],
  'cov-many': ['#a5d6a7', '#1b5e20'],
}

const css = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; padding: 1rem 1.5rem 4rem; max-width: 1400px; color: #1d1d1f; }
h1 { margin-bottom: .25rem; } h2 { margin-top: 3rem; border-bottom: 2px solid #ddd; }
h3 { margin: 1.5rem 0 .25rem; }
a { color: #0b57d0; }
table { border-collapse: collapse; } th, td { text-align: left; padding: .2rem .75rem .2rem 0; }
.toc td, .toc th { border-bottom: 1px solid #eee; }
.bad { color: #b71c1c; font-weight: 600; } .good { color: #1b5e20; }
.legend { display: flex; flex-wrap: wrap; gap: .4rem 1.2rem; padding: 0; list-style: none; font-size: 13px; }
.legend span { display: inline-block; width: 1.6em; height: 1em; vertical-align: -.15em; margin-right: .35em; border: 1.5px solid; border-radius: 3px; }
.legend .cov-none span { border-style: dashed; }
figure { margin: .5rem 0; overflow-x: auto; border: 1px solid #e3e3e3; border-radius: 6px; background: #fcfcfc; padding: .5rem; }
.chart text { font: 10.5px "DejaVu Sans Mono", Menlo, Consolas, monospace; fill: #222; }
.chart text.name { font-size: 12px; font-weight: 700; }
.chart .state > rect { stroke-width: 1.5; }
.chart .state.composite > rect:first-of-type { fill-opacity: .35; }
.chart .state.region > rect:first-of-type { stroke-dasharray: 2 3; }
.chart .state.final > rect.inner { fill: none; }
.chart .transition path { fill: none; stroke-width: 1.5; }
.chart .transition.label rect { fill: #fff; fill-opacity: .92; }
.chart .start { fill: #333; } .chart .start-arrow { fill: none; stroke: #333; stroke-width: 1.2; }
.chart .cov-none path, .chart .state.cov-none > rect { stroke-dasharray: 5 3; }
.chart .transition.cov-none text, .chart .state.cov-none text.small { fill: #b71c1c; font-weight: 700; }
${coverageBuckets
  .map(({ className }) => {
    const [fill, stroke] = colours[className]
    return [
      `.chart .state.${className} > rect { fill: ${fill}; stroke: ${stroke}; }`,
      `.chart .transition.${className} path { stroke: ${stroke}; }`,
      `.legend .${className} span { background: ${fill}; border-color: ${stroke}; }`,
    ].join('\n')
  })
  .join('\n')}
.chart .transition.cov-few path { stroke-width: 2; } .chart .transition.cov-many path { stroke-width: 2.5; }
.failures { border-left: 4px solid #c62828; background: #fff5f5; padding: .25rem 1rem; margin: .5rem 0; }
.failures pre { white-space: pre-wrap; font-size: 13px; background: #fff; padding: .5rem; border: 1px solid #f3c0c0; max-height: 20em; overflow: auto; }
.uncovered { color: #b71c1c; } .uncovered code { color: inherit; }
ol.paths { font: 12.5px "DejaVu Sans Mono", Menlo, Consolas, monospace; padding-left: 3.5em; }
ol.paths li.failed { color: #b71c1c; font-weight: 700; }
`

/** Arrowheads, one per colour, shared by every diagram on the page. */
function markers(): string {
  const arrow = (id: string, colour: string) =>
    `<marker id="${id}" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${colour}"/></marker>`
  return [
    '<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>',
    arrow('arrow-start', '#333'),
    ...coverageBuckets.map(({ className }) => arrow(`arrow-${className}`, colours[className][1])),
    '</defs></svg>',
  ].join('')
}

function legend(): string {
  return `<ul class="legend" aria-label="Legend">${coverageBuckets
    .map((b) => `<li class="${b.className}"><span></span>${esc(b.label)}</li>`)
    .join('')}</ul>`
}

interface Tally {
  states: number
  statesTotal: number
  transitions: number
  transitionsTotal: number
  failed: number
}

function tally(report: LevelReport): Tally {
  const walked = (counts: Record<string, number>) => Object.values(counts).filter((n) => n > 0)
  return {
    states: walked(report.stateCounts).length,
    statesTotal: Object.keys(report.stateCounts).length,
    transitions: walked(report.transitionCounts).length,
    transitionsTotal: Object.keys(report.transitionCounts).length,
    failed: report.paths.filter((p) => !p.passed).length,
  }
}

function tallyInWords(report: LevelReport): string {
  if (report.paths.length === 0) return '<span class="bad">no path ran</span>'
  const t = tally(report)
  const part = (n: number, total: number, what: string) =>
    `<span class="${n === total ? 'good' : 'bad'}">${String(n)}/${String(total)} ${what}</span>`
  return [
    part(t.states, t.statesTotal, 'states'),
    part(t.transitions, t.transitionsTotal, 'transitions'),
    `${String(report.paths.length)} paths`,
    ...(t.failed > 0 ? [`<span class="bad">${String(t.failed)} failed</span>`] : []),
  ].join(' · ')
}

function failures(report: LevelReport): string {
  const failed = report.paths.filter((p) => !p.passed)
  if (failed.length === 0) return ''
  const items = failed.map((p) => {
    const step = p.failedStep
    return [
      '<li>',
      `<p class="path"><code>${esc(p.name)}</code></p>`,
      step
        ? `<p>Failed at step ${String(step.index)}: <strong class="failed-event">${esc(step.event)}</strong></p><pre>${esc(step.error)}</pre>`
        : '',
      '</li>',
    ].join('')
  })
  return `<section class="failures" aria-label="Failing paths"><h4>Failing paths</h4><ol>${items.join('')}</ol><p>A level stops at its first failing path; the paths after it did not run. Rerun one path with <code>PATH_FILTER='&lt;part of its name&gt;' npm run test:paths -- &lt;test file&gt;</code>.</p></section>`
}

function uncovered(machine: MachineCoverage, report: LevelReport): string {
  const states = machine.states.filter((s) => (report.stateCounts[s] ?? 0) === 0)
  const transitions = Object.keys(machine.transitions).filter(
    (t) => (report.transitionCounts[t] ?? 0) === 0,
  )
  if (states.length === 0 && transitions.length === 0)
    return '<p class="good">Every state and transition was walked.</p>'
  const list = (items: string[]) => items.map((i) => `<code>${esc(i)}</code>`).join(', ')
  return [
    '<div class="uncovered">',
    states.length > 0 ? `<p>States no path walked: ${list(states)}</p>` : '',
    transitions.length > 0
      ? `<p>Transitions no path took: ${list(transitions.map((t) => machine.transitions[t] ?? t))}</p>`
      : '',
    '</div>',
  ].join('')
}

function pathList(report: LevelReport): string {
  if (report.paths.length === 0) return ''
  const items = report.paths.map(
    (p) =>
      `<li class="${p.passed ? 'passed' : 'failed'}">${p.passed ? '' : '✗ '}${esc(p.name)}</li>`,
  )
  return `<details><summary>The ${String(report.paths.length)} paths in words</summary><ol class="paths">${items.join('')}</ol></details>`
}

function machineSection(machine: MachineCoverage, chart: Chart | undefined): string {
  const own = coverageLevels.filter((level) => hasLevel(machine.id, level))
  const draw = chart
    ? drawChart(
        chart,
        own.map((level) => machine.levels[level]),
      )
    : undefined
  const levels = own.map((level) => {
    const report = machine.levels[level]
    const title = `${machine.id}: ${levelTitles[level]}`
    return [
      `<section class="level" aria-label="${esc(title)}" data-level="${level}">`,
      `<h3>${levelTitles[level]}</h3>`,
      `<p>${esc(levelHints[level])}: ${tallyInWords(report)}</p>`,
      failures(report),
      draw ? `<figure>${draw(level, report, title)}</figure>` : '',
      uncovered(machine, report),
      pathList(report),
      '</section>',
    ].join('\n')
  })
  return [
    `<section class="machine" id="${esc(machine.id)}" aria-labelledby="title-${esc(machine.id)}">`,
    `<h2 id="title-${esc(machine.id)}">${esc(machine.id)}</h2>`,
    `<p><a href="../../docs/flows/${esc(machine.id)}.md">The diagram with its descriptions</a> · <a href="#top">Back to the list</a></p>`,
    ...levels,
    '</section>',
  ].join('\n')
}

function contents(file: CoverageFile): string {
  // A machine without a level (most have no browser level) reads '—' there, as in test:paths.
  const cell = (m: MachineCoverage, l: CoverageLevel) =>
    `<td>${hasLevel(m.id, l) ? tallyInWords(m.levels[l]) : '—'}</td>`
  const rows = file.machines.map(
    (m) =>
      `<tr><th scope="row"><a href="#${esc(m.id)}">${esc(m.id)}</a></th>${coverageLevels.map((l) => cell(m, l)).join('')}</tr>`,
  )
  return [
    '<nav aria-label="Machines"><table class="toc">',
    `<thead><tr><th>machine</th>${coverageLevels.map((l) => `<th>${levelTitles[l]}</th>`).join('')}</tr></thead>`,
    `<tbody>${rows.join('')}</tbody></table></nav>`,
  ].join('')
}

export function reportHtml(file: CoverageFile, charts: Chart[]): string {
  const failing = file.machines.filter((m) =>
    coverageLevels.some((l) => m.levels[l].paths.some((p) => !p.passed)),
  )
  const banner =
    failing.length > 0
      ? `<p class="bad">Failing paths in ${failing.map((m) => `<a href="#${esc(m.id)}">${esc(m.id)}</a>`).join(', ')}.</p>`
      : ''
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Path coverage</title>',
    `<style>${css}</style>`,
    '</head><body>',
    markers(),
    '<header id="top"><h1>Path coverage</h1>',
    `<p>Written by <code>npm run test:paths</code> at <time datetime="${esc(file.generatedAt)}">${esc(file.generatedAt)}</time>. Each machine's generated paths run on the machine, through the UI and, for the flows a customer crosses end to end, in Chromium against the real server; each state and transition is coloured by how many of a level's paths walked it, as measured from the real actor's events. Hover a state or an arrow for its count.</p>`,
    legend(),
    banner,
    contents(file),
    '</header><main>',
    ...file.machines.map((m) =>
      machineSection(
        m,
        charts.find((c) => c.id === m.id),
      ),
    ),
    '</main></body></html>',
    '',
  ].join('\n')
}
