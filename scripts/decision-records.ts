/**
 * Decision records carry a date and a status (issue 26 item 8): right under the title,
 * `- Date: YYYY-MM-DD` and `- Status: accepted`, `proposed`, `superseded by [NNN](…)`,
 * `superseded in part by [NNN](…)` or `accepted; amended …`. A record that names another by
 * number in its status must name one that exists. Part of `npm run docs:check`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export interface RecordFinding {
  file: string
  problem: string
}

const statusPattern =
  /^- Status: (accepted|proposed|superseded by \[\d{3}\]|superseded in part by \[\d{3}\])/

export function checkDecisionRecords(root: string): { records: number; findings: RecordFinding[] } {
  const dir = join(root, 'docs/decisions')
  const files = readdirSync(dir).filter((f) => /^\d{3}-.+\.md$/.test(f))
  const findings: RecordFinding[] = []
  for (const file of files) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n')
    const problem = (text: string) =>
      findings.push({ file: `docs/decisions/${file}`, problem: text })
    if (!lines[0]?.startsWith(`# ${file.slice(0, 3)} — `))
      problem(`the title must start with '# ${file.slice(0, 3)} — '`)
    const head = lines.slice(1, 8)
    const date = head.find((l) => l.startsWith('- Date: '))
    if (!date || !/^- Date: \d{4}-\d{2}-\d{2}$/.test(date))
      problem('no `- Date: YYYY-MM-DD` under the title')
    const status = head.find((l) => l.startsWith('- Status: '))
    if (!status || !statusPattern.test(status))
      problem(
        'no `- Status:` (accepted, proposed, superseded by [NNN](…), superseded in part by [NNN](…)) under the title',
      )
    const statusText = head.slice(head.findIndex((l) => l.startsWith('- Status: '))).join(' ')
    for (const [, target] of statusText.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g))
      if (target && !existsSync(join(dir, target)))
        problem(`its status names ${target}, which does not exist`)
  }
  return { records: files.length, findings }
}
