import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { anchorsOf, checkCitations, slug } from '../../scripts/citations.ts'

const trees: string[] = []
afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A throwaway repository with the given files. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'citations-'))
  trees.push(root)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

const screens = '# Screens\n\n## Landing page\n\n### Hero texts\n\n## Log in / Register\n'

describe('citations of docs/product/ (the check in npm test)', () => {
  it('derives the anchors GitHub gives headings, numbering repeats and skipping code blocks', () => {
    expect(slug('Log in / Register')).toBe('log-in--register')
    expect(slug('The `get_candles` call')).toBe('the-get_candles-call')
    expect([...anchorsOf('## Notes\n```\n## not a heading\n```\n## Notes\n')]).toEqual([
      'notes',
      'notes-1',
    ])
  })

  it('passes a tree whose citations all lead to headings', () => {
    const root = tree({
      'docs/product/screens.md': screens,
      'src/hero.tsx':
        '// docs/product/screens.md#hero-texts, docs/product/screens.md#log-in--register\n',
      'docs/product/README.md': '[screens](screens.md#landing-page), [all](./screens.md)\n',
    })
    expect(checkCitations(root)).toEqual({ citations: 4, findings: [] })
  })

  it('names the file and line of a citation to a heading or file that does not exist', () => {
    const root = tree({
      'docs/product/screens.md': screens,
      'server/app.ts': 'a\n// docs/product/screens.md#landing-pages\n// docs/product/limits.md\n',
      'docs/product/README.md': 'See [errors](errors.md#codes).\n',
    })
    expect(checkCitations(root).findings).toEqual([
      {
        file: 'docs/product/README.md',
        line: 1,
        problem: 'errors.md#codes: no such file',
      },
      {
        file: 'server/app.ts',
        line: 2,
        problem: 'docs/product/screens.md#landing-pages: no heading with anchor #landing-pages',
      },
      { file: 'server/app.ts', line: 3, problem: 'docs/product/limits.md: no such file' },
    ])
  })

  it('refuses citations of documents the repository does not contain', () => {
    const root = tree({
      'docs/product/screens.md': screens,
      'tests/a.test.ts': "describe('spec §2 Landing', () => {})\n",
      'server/sumsub.ts': '// shared/providers.md\n',
      'domain/fees.ts': '// Spec §9: the fee tier\n',
      'docs/decisions/001.md': 'As §4/§9 say.\n',
      'server/auth.ts': '// RFC 9110 §11.1: the scheme is case-insensitive\n',
      'scripts/bench.ts': '// flags from STACK.md\n',
      'docs/product/providers/sumsub.md': '## Request signing\n',
      'server/ok.ts': '// docs/product/providers/sumsub.md#request-signing\n',
    })
    expect(checkCitations(root).findings.map((f) => `${f.file}:${f.line}`)).toEqual([
      'docs/decisions/001.md:1',
      'domain/fees.ts:1',
      'scripts/bench.ts:1',
      'server/sumsub.ts:1',
      'tests/a.test.ts:1',
    ])
  })
})
