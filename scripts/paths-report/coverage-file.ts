/**
 * reports/paths/coverage.json from what the path tests recorded: per machine and level, every path
 * that ran with its outcome, and for each state and transition the number of paths that walked it.
 */
import type { CoverageFile, LevelReport, PathResult } from '../../src/flows/coverage-report.ts'
import type { PathCoverageRecord, PathRun } from '../../tests/support/model-paths.ts'
import type { Chart } from './chart.ts'

function levelReport(chart: Chart, runs: PathRun[]): LevelReport {
  const stateCounts = Object.fromEntries(chart.states.map((s) => [s, 0]))
  const transitionCounts = Object.fromEntries(Object.keys(chart.transitions).map((t) => [t, 0]))
  for (const run of runs) {
    for (const s of run.states) if (s in stateCounts) stateCounts[s] = (stateCounts[s] ?? 0) + 1
    for (const t of run.transitions)
      if (t in transitionCounts) transitionCounts[t] = (transitionCounts[t] ?? 0) + 1
  }
  const paths = runs.map((run): PathResult => ({
    name: run.name,
    passed: run.passed,
    ...(run.failedStep ? { failedStep: run.failedStep } : {}),
  }))
  return { paths, stateCounts, transitionCounts }
}

/**
 * One entry per machine of the app, each with every level; a level no suite ran has no paths and
 * every count at 0 (so the browser level of a machine without one, see browserLevelMachines). Several suites of one machine and level (one per configuration) add up.
 */
export function coverageFile(
  charts: Chart[],
  records: PathCoverageRecord[],
  generatedAt: Date,
): CoverageFile {
  return {
    generatedAt: generatedAt.toISOString(),
    machines: charts.map((chart) => {
      const runsAt = (level: string) =>
        records.filter((r) => r.machine === chart.id && r.level === level).flatMap((r) => r.runs)
      return {
        id: chart.id,
        states: chart.states,
        transitions: chart.transitions,
        levels: {
          machine: levelReport(chart, runsAt('machine')),
          ui: levelReport(chart, runsAt('ui')),
          browser: levelReport(chart, runsAt('browser')),
        },
      }
    }),
  }
}
