/**
 * `npm run docs:check` (part of `npm test`): fails when a citation of docs/product/ names a file or
 * heading that does not exist, when anything cites a document the repository does not contain,
 * when a decision record has no date or status (scripts/decision-records.ts), or when
 * ARCHITECTURE.md names a file or a function that does not exist (scripts/architecture-claims.ts).
 */
import { fileURLToPath } from 'node:url'
import { checkCitations } from './citations.ts'
import { checkArchitectureClaims } from './architecture-claims.ts'
import { checkDecisionRecords } from './decision-records.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const { citations, findings } = checkCitations(root)
for (const { file, line, problem } of findings) console.error(`${file}:${line}: ${problem}`)
if (citations === 0) {
  console.error('docs:check: no citation of docs/product/ found; the check would prove nothing')
  process.exit(1)
}
if (findings.length > 0) {
  console.error(
    `docs:check: ${findings.length} of ${citations} citations lead nowhere or cite absent documents`,
  )
  process.exit(1)
}
const records = checkDecisionRecords(root)
for (const { file, problem } of records.findings) console.error(`${file}: ${problem}`)
if (records.findings.length > 0) {
  console.error(`docs:check: ${records.findings.length} problems in the decision records`)
  process.exit(1)
}
const architecture = checkArchitectureClaims(root)
for (const { line, claim, problem } of architecture.findings)
  console.error(`ARCHITECTURE.md:${line}: \`${claim}\`: ${problem}`)
if (architecture.findings.length > 0) {
  console.error(`docs:check: ${architecture.findings.length} claims of ARCHITECTURE.md do not hold`)
  process.exit(1)
}
console.log(`docs:check: ${citations} citations of docs/product/ checked, each leads to a heading`)
console.log(`docs:check: ${architecture.claims} names of files and code in ARCHITECTURE.md exist`)
console.log(`docs:check: ${records.records} decision records, each with a date and a status`)
