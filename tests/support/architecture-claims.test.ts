/** docs:check's rule for ARCHITECTURE.md: the files and code it names exist. */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkArchitectureClaims } from '../../scripts/architecture-claims.ts'

describe('ARCHITECTURE.md claims', () => {
  it('names each file, folder or function that is not there, and passes the ones that are', () => {
    const root = mkdtempSync(join(tmpdir(), 'claims-'))
    execFileSync('git', ['init', '-q'], { cwd: root })
    writeFileSync(join(root, 'package.json'), JSON.stringify({ dependencies: { 'big.js': '7' } }))
    execFileSync('mkdir', ['-p', join(root, 'src/api')])
    writeFileSync(join(root, 'src/api/api-call.ts'), 'export function callApi() {}\n')
    writeFileSync(
      join(root, 'ARCHITECTURE.md'),
      [
        '`src/api/` holds `api-call.ts` with `callApi`, on `big.js`.',
        '`src/api/api-error.ts` has `unwrapAll()`; `server/` serves it.',
      ].join('\n'),
    )
    const { claims, findings } = checkArchitectureClaims(root)
    expect(claims).toBe(6)
    expect(findings).toEqual([
      { line: 2, claim: 'src/api/api-error.ts', problem: 'no such file or folder' },
      { line: 2, claim: 'unwrapAll()', problem: 'not defined in the code' },
      { line: 2, claim: 'server/', problem: 'no such file or folder' },
    ])
  })

  it('holds for this repository', () => {
    expect(checkArchitectureClaims(process.cwd()).findings).toEqual([])
  })
})
