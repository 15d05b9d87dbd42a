/**
 * The flow viewer's reading of reports/paths/coverage.json (shape in coverage-report.ts): the
 * file checked as it is loaded, and one machine's states with how many paths walked each, per
 * level, for colouring its diagram.
 */
import {
  coverageClass,
  coverageLevels,
  hasLevel,
  type CoverageClass,
  type CoverageFile,
  type CoverageLevel,
  type MachineCoverage,
  type PathResult,
} from './coverage-report'
import { diagramNodeId } from './state-diagram'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function isLevel(value: unknown): boolean {
  return isRecord(value) && Array.isArray(value.paths) && isRecord(value.stateCounts)
}

function isMachineCoverage(value: unknown): value is MachineCoverage {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    Array.isArray(value.states) &&
    isRecord(value.levels) &&
    coverageLevels.every(
      (level) =>
        // Reports written before the browser level have none.
        (level === 'browser' && !('browser' in (value.levels as object))) ||
        isLevel((value.levels as Record<string, unknown>)[level]),
    )
  )
}

const noPaths = () => ({ paths: [], stateCounts: {}, transitionCounts: {} })

/** The report in a file's text; throws with what is wrong when it is not one. */
export function readCoverageFile(text: string): CoverageFile {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    throw new Error('The file is not JSON.')
  }
  if (!isRecord(data) || typeof data.generatedAt !== 'string' || !Array.isArray(data.machines))
    throw new Error('The file is not a coverage report: no generatedAt or machines.')
  const bad = data.machines.findIndex((m) => !isMachineCoverage(m))
  if (bad >= 0) throw new Error(`Machine ${String(bad + 1)} of the report has no states or levels.`)
  const file = data as unknown as CoverageFile
  for (const machine of file.machines)
    if (!('browser' in machine.levels))
      (machine.levels as Record<string, unknown>).browser = noPaths()
  return file
}

export interface StateCoverage {
  /** The dotted state key ("contact.failed"). */
  state: string
  nodeId: string
  /** Paths that walked the state, per level; null when the report does not know the state. */
  counts: Record<CoverageLevel, number | null>
}

export interface MachineCoverageView {
  generatedAt: string
  /** The levels the machine's paths run at (most machines have no browser level). */
  levels: CoverageLevel[]
  states: StateCoverage[]
  /** Paths that failed, per level. */
  failed: Record<CoverageLevel, PathResult[]>
  paths: Record<CoverageLevel, number>
}

/**
 * One machine's coverage: the states the machine has now (a report from an older chart may lack
 * some, or list states the chart no longer has, which are left out).
 */
export function machineCoverage(
  file: CoverageFile,
  machineId: string,
  stateKeys: readonly string[],
): MachineCoverageView | null {
  const machine = file.machines.find((m) => m.id === machineId)
  if (!machine) return null
  const countOf = (level: CoverageLevel, state: string) =>
    machine.levels[level].stateCounts[state] ?? null
  const per = <T>(f: (level: CoverageLevel) => T) =>
    Object.fromEntries(coverageLevels.map((level) => [level, f(level)])) as Record<CoverageLevel, T>
  return {
    generatedAt: file.generatedAt,
    levels: coverageLevels.filter((level) => hasLevel(machineId, level)),
    states: stateKeys.map((state) => ({
      state,
      nodeId: diagramNodeId(state.split('.')),
      counts: per((level) => countOf(level, state)),
    })),
    failed: per((level) => machine.levels[level].paths.filter((p) => !p.passed)),
    paths: per((level) => machine.levels[level].paths.length),
  }
}

/** The diagram's colour class of each state node at one level (unknown states stay plain). */
export function coverageClasses(
  view: MachineCoverageView,
  level: CoverageLevel,
): Record<string, CoverageClass> {
  const classes: Record<string, CoverageClass> = {}
  for (const { nodeId, counts } of view.states) {
    const count = counts[level]
    if (count !== null) classes[nodeId] = coverageClass(count)
  }
  return classes
}
