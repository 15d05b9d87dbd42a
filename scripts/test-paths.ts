/**
 * `npm run test:paths` (QA's front door): runs the model-based path tests of every machine, on the
 * machine and through the UI, then those of the flows a customer crosses end to end in Chromium
 * against the real server (the browser level, tests/browser/), and prints per machine and level the
 * states and transitions the real actors went through and the number of paths. It fails, naming
 * what is missing, when a machine in src/machines has no path test at a level it must have (every
 * machine at the machine and UI levels, browserLevelMachines at the browser level), when any state
 * or transition is not covered, or when a state has no assertion in its path test. Passing or
 * failing, it then writes reports/paths/coverage.json and reports/paths/index.html (see
 * scripts/paths-report/).
 *
 * `--skip-browser` leaves the browser level out (CI's second Node version, which already ran it on
 * the first): that level then reads '—' for every machine and is not required. Other arguments go
 * to Vitest.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PathCoverageRecord } from '../tests/support/model-paths.ts'
import { coverageLevels, hasLevel } from '../src/flows/coverage-report.ts'
import { loadMachines } from './flows/machines.ts'
import { writePathsReport } from './paths-report/write.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'path-coverage-'))

const skipBrowser = process.argv.includes('--skip-browser')
const vitestArgs = process.argv.slice(2).filter((a) => a !== '--skip-browser')
const vitest = (projects: string[], extra: string[]) =>
  spawnSync(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      ...extra,
      ...vitestArgs,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, PATH_COVERAGE_DIR: dir } },
  )
// The browser level runs on its own after the others: its server and Chromium need both cores.
// Files named on the command line (a rerun of one test) run only in the projects that hold them.
const files = vitestArgs.filter((a) => !a.startsWith('-'))
const inBrowser = (f: string) => f.replace(/\\/g, '/').includes('tests/browser')
const passEmpty = files.length > 0 ? ['--passWithNoTests'] : []
const runs = [
  ...(files.length === 0 || files.some((f) => !inBrowser(f))
    ? [vitest(['machines', 'ui'], passEmpty)]
    : []),
  ...(!skipBrowser && (files.length === 0 || files.some(inBrowser))
    ? [vitest(['browser'], passEmpty)]
    : []),
]
const failedRun = runs.find((r) => r.status !== 0)
const levels = coverageLevels.filter((level) => !(skipBrowser && level === 'browser'))

const records = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as PathCoverageRecord)
rmSync(dir, { recursive: true, force: true })

interface Merged {
  paths: number
  states: Set<string>
  statesTotal: string[]
  transitions: Set<string>
  transitionsTotal: Record<string, string>
  unasserted: Set<string>
}

// A machine may be run by several suites at one level (one per configuration): add them up.
const merged = new Map<string, Merged>()
for (const r of records) {
  const key = `${r.machine}|${r.level}`
  const m = merged.get(key) ?? {
    paths: 0,
    states: new Set<string>(),
    statesTotal: r.states.total,
    transitions: new Set<string>(),
    transitionsTotal: r.transitions.total,
    unasserted: new Set(r.unasserted),
  }
  m.paths += r.paths.length
  r.states.covered.forEach((s) => m.states.add(s))
  r.transitions.covered.forEach((t) => m.transitions.add(t))
  // A state counts as asserted when any suite for it asserts it.
  for (const s of m.unasserted) if (!r.unasserted.includes(s)) m.unasserted.delete(s)
  merged.set(key, m)
}

const loaded = (await loadMachines(join(root, 'src/machines'))).map((l) => l.machine)
const machines = loaded.map((m) => m.id).sort()
const problems: string[] = []
const rows: string[][] = []
const totals = { states: 0, statesTotal: 0, transitions: 0, transitionsTotal: 0, paths: 0 }
const pct = (c: number, t: number) => (t === 0 ? '100%' : `${Math.floor((c / t) * 100)}%`)

for (const machine of machines) {
  for (const level of coverageLevels) {
    const m = merged.get(`${machine}|${level}`)
    if (!levels.includes(level) || (!m && !hasLevel(machine, level))) {
      rows.push([machine, level, '—', '—', '—'])
      continue
    }
    if (!m) {
      problems.push(`${machine} [${level}]: no path test`)
      rows.push([machine, level, '—', '—', '0'])
      continue
    }
    const statesCovered = m.statesTotal.filter((s) => m.states.has(s))
    const transitionKeys = Object.keys(m.transitionsTotal)
    const transitionsCovered = transitionKeys.filter((t) => m.transitions.has(t))
    const missingStates = m.statesTotal.filter((s) => !m.states.has(s))
    const missingTransitions = transitionKeys
      .filter((t) => !m.transitions.has(t))
      .map((t) => m.transitionsTotal[t] ?? t)
    if (missingStates.length)
      problems.push(`${machine} [${level}]: states not covered: ${missingStates.join(', ')}`)
    if (missingTransitions.length)
      problems.push(
        `${machine} [${level}]: transitions not covered: ${missingTransitions.join(', ')}`,
      )
    if (m.unasserted.size)
      problems.push(
        `${machine} [${level}]: states without an assertion: ${[...m.unasserted].join(', ')}`,
      )
    totals.states += statesCovered.length
    totals.statesTotal += m.statesTotal.length
    totals.transitions += transitionsCovered.length
    totals.transitionsTotal += transitionKeys.length
    totals.paths += m.paths
    rows.push([
      machine,
      level,
      `${statesCovered.length}/${m.statesTotal.length} ${pct(statesCovered.length, m.statesTotal.length)}`,
      `${transitionsCovered.length}/${transitionKeys.length} ${pct(transitionsCovered.length, transitionKeys.length)}`,
      String(m.paths),
    ])
  }
}

const header = ['machine', 'level', 'states', 'transitions', 'paths']
const all = [
  header,
  ...rows,
  [
    'total',
    '',
    `${totals.states}/${totals.statesTotal} ${pct(totals.states, totals.statesTotal)}`,
    `${totals.transitions}/${totals.transitionsTotal} ${pct(totals.transitions, totals.transitionsTotal)}`,
    String(totals.paths),
  ],
]
const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)))
console.log('\nModel-based path coverage (states and transitions the real actors went through)\n')
for (const row of all) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '))

for (const r of records)
  for (const failed of r.runs.filter((p) => !p.passed))
    problems.push(
      `${r.machine} [${r.level}]: path failed at step ${String(failed.failedStep?.index)} (${failed.failedStep?.event ?? '?'}): ${failed.name}`,
    )

// A failing run is when QA needs the report most: it is written either way. PATH_FILTER runs
// record nothing, so they leave the last full report as it was.
if (process.env.PATH_FILTER) {
  console.log('\nreports/paths/ left as it was: a PATH_FILTER run records no coverage')
} else {
  const started = performance.now()
  const report = writePathsReport(join(root, 'reports/paths'), loaded, records)
  console.log(
    `\nReport: reports/paths/index.html and coverage.json (${String(Math.round(report.bytes / 1024))} KB, written in ${String(Math.round(performance.now() - started))} ms)`,
  )
}

if (failedRun) problems.unshift(`the path tests failed (vitest exit ${String(failedRun.status)})`)
if (problems.length > 0) {
  console.error(`\ntest:paths: FAILED\n${problems.map((p) => `- ${p}`).join('\n')}`)
  process.exit(1)
}
console.log(
  `\ntest:paths: ${machines.length} machines at 100% of states and transitions on the machine and through the UI, ${String(machines.filter((m) => levels.includes('browser') && hasLevel(m, 'browser')).length)} of them in Chromium too`,
)
