/** docs:check's rule for decision records: a date and a status under each title. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkDecisionRecords } from '../../scripts/decision-records.ts'

function repoWith(records: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'records-'))
  mkdirSync(join(root, 'docs/decisions'), { recursive: true })
  for (const [name, text] of Object.entries(records))
    writeFileSync(join(root, 'docs/decisions', name), text)
  return root
}

describe('decision records', () => {
  it('accepts a dated record with a status, and one superseded by a record that exists', () => {
    const root = repoWith({
      '001-a.md': '# 001 — A\n\n- Date: 2026-11-21\n- Status: superseded by [002](002-b.md)\n',
      '002-b.md': '# 002 — B\n\n- Date: 2026-11-22\n- Status: accepted\n',
    })
    expect(checkDecisionRecords(root)).toEqual({ records: 2, findings: [] })
  })

  it('names a record without a date, without a status, or superseded by one that is missing', () => {
    const root = repoWith({
      '001-a.md': '# 001 — A\n\n- Status: accepted\n',
      '002-b.md': '# 002 — B\n\n- Date: 2026-11-22\n\n## Context\n',
      '003-c.md': '# 003 — C\n\n- Date: 2026-11-22\n- Status: superseded by [009](009-gone.md)\n',
    })
    expect(
      checkDecisionRecords(root).findings.map((f) => [f.file, f.problem.slice(0, 22)]),
    ).toEqual([
      ['docs/decisions/001-a.md', 'no `- Date: YYYY-MM-DD'],
      ['docs/decisions/002-b.md', 'no `- Status:` (accept'],
      ['docs/decisions/003-c.md', 'its status names 009-g'],
    ])
  })

  it('holds for this repository', () => {
    expect(checkDecisionRecords(process.cwd()).findings).toEqual([])
  })
})
