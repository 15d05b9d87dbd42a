import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { coverageClass, type CoverageFile } from '../../src/flows/coverage-report'
import { transitionsOf } from '../../src/flows/path-model'
import { writePathsReport } from '../../scripts/paths-report/write'
import { checkoutMachine, checkoutRecords, failingError, failingPath } from './paths-report-fixture'

/** The element of the diagram at one level that draws a state or a transition. */
function drawnAt(html: string, level: string, attribute: string, key: string): string {
  const start = html.indexOf(`data-level="${level}"`)
  const end = html.indexOf('data-level=', start + 1)
  const body = html.slice(start, end < 0 ? undefined : end)
  const escaped = key.replace(/[|.]/g, (c) => `\\${c}`)
  return new RegExp(`<g class="([^"]*)" ${attribute}="${escaped}">`).exec(body)?.[1] ?? ''
}

describe('the path coverage report (reports/paths/)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paths-report-'))
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true })
  })
  const at = new Date('2025-03-05T10:15:30.000Z')
  const written = writePathsReport(dir, [checkoutMachine], checkoutRecords, at)
  const file = JSON.parse(readFileSync(join(dir, 'coverage.json'), 'utf8')) as CoverageFile
  const html = readFileSync(join(dir, 'index.html'), 'utf8')

  it('writes the JSON the viewer reads: every state and transition, counted per level', () => {
    expect(written.json).toBe(JSON.stringify(file, null, 2))
    expect(file.generatedAt).toBe('2025-03-05T10:15:30.000Z')
    const [machine] = file.machines
    expect(machine?.id).toBe('checkout')
    expect(machine?.states).toEqual([
      'editing',
      'paying',
      'failed',
      'failed.showing',
      'failed.retrying',
      'paid',
    ])
    expect(Object.keys(machine?.transitions ?? {}).sort()).toEqual(
      [...transitionsOf(checkoutMachine).keys()].sort(),
    )
    expect(machine?.transitions['failed|form.edit|0']).toBe(
      'failed → editing (form.edit [canRetry])',
    )
    expect(machine?.transitions['editing|help.open|0']).toBe('editing ↺ (help.open)')
    expect(machine?.levels.machine.stateCounts).toEqual({
      editing: 3,
      paying: 3,
      failed: 2,
      'failed.showing': 2,
      'failed.retrying': 0,
      paid: 1,
    })
    expect(machine?.levels.machine.transitionCounts).toEqual({
      'editing|form.submit|0': 3,
      'editing|help.open|0': 0,
      'paying|xstate.done.actor.pay|0': 1,
      'paying|xstate.error.actor.pay|0': 2,
      'failed|form.edit|0': 1,
    })
  })

  it('names the failing path with its step, and a level no test ran as empty', () => {
    const levels = file.machines[0]?.levels
    expect(levels?.machine.paths.at(-1)).toEqual({
      name: failingPath,
      passed: false,
      failedStep: { index: 3, event: 'form.edit', error: failingError },
    })
    expect(levels?.machine.paths.slice(0, 2).every((p) => p.passed && !('failedStep' in p))).toBe(
      true,
    )
    expect(levels?.ui.paths).toEqual([])
    expect(Object.values(levels?.ui.stateCounts ?? { x: 1 }).every((n) => n === 0)).toBe(true)
  })

  it('colours the diagram by count and marks what no path walked', () => {
    expect(drawnAt(html, 'machine', 'data-state', 'editing')).toContain('cov-few')
    expect(drawnAt(html, 'machine', 'data-state', 'paid')).toContain('cov-one')
    expect(drawnAt(html, 'machine', 'data-state', 'failed.retrying')).toContain('cov-none')
    expect(drawnAt(html, 'machine', 'data-transition', 'editing|help.open|0')).toContain('cov-none')
    expect(drawnAt(html, 'machine', 'data-transition', 'editing|form.submit|0')).toContain(
      'cov-few',
    )
    // Through the UI nothing ran: every state of that diagram is uncovered.
    expect(drawnAt(html, 'ui', 'data-state', 'editing')).toContain('cov-none')
    expect(html).toContain('Transitions no path took: <code>editing ↺ (help.open)</code>')
    expect(html).toContain('States no path walked: <code>failed.retrying</code>')
  })

  it('shows the failing path, its step and its error', () => {
    expect(html).toContain(`<code>${failingPath}</code>`)
    expect(html).toContain(
      `Failed at step 3: <strong class="failed-event">form.edit</strong></p><pre>${failingError}</pre>`,
    )
    expect(html).toContain('<a href="#checkout">checkout</a>')
  })

  it('is one file that loads nothing: no script, no stylesheet or image from elsewhere', () => {
    expect(html).not.toMatch(/<script|<link|<img|url\(http|src="http/)
    expect(html).toMatch(/^<!doctype html>/)
  })

  it('buckets counts into colour classes, 0 apart from the rest', () => {
    expect([0, 1, 2, 4, 5, 40].map(coverageClass)).toEqual([
      'cov-none',
      'cov-one',
      'cov-few',
      'cov-few',
      'cov-many',
      'cov-many',
    ])
  })
})
