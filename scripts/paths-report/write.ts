/** Writes reports/paths/: coverage.json (for the flow viewer and tools) and index.html (for QA). */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { AnyStateMachine } from 'xstate'
import type { PathCoverageRecord } from '../../tests/support/model-paths.ts'
import { chartOf } from './chart.ts'
import { coverageFile } from './coverage-file.ts'
import { reportHtml } from './html.ts'

export interface WrittenReport {
  json: string
  html: string
  bytes: number
}

export function writePathsReport(
  dir: string,
  machines: AnyStateMachine[],
  records: PathCoverageRecord[],
  now = new Date(),
): WrittenReport {
  const charts = machines.map(chartOf).sort((a, b) => a.id.localeCompare(b.id))
  const file = coverageFile(charts, records, now)
  const json = JSON.stringify(file, null, 2)
  const html = reportHtml(file, charts)
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'coverage.json'), json)
  writeFileSync(join(dir, 'index.html'), html)
  return { json, html, bytes: Buffer.byteLength(json) + Buffer.byteLength(html) }
}
