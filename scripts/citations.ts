/**
 * Citations of the product description: code, tests, contracts and decision records say which rule
 * they implement by citing a heading of docs/product/ (`docs/product/screens.md#landing-page`).
 * This module finds every citation in a tree and names the ones that lead nowhere, and every
 * mention of a document the repository does not contain (the shared spec, provider notes and
 * stack notes the first rounds were written from).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, posix, relative, sep } from 'node:path'

export interface Finding {
  /** Path relative to the tree's root, with forward slashes. */
  file: string
  line: number
  problem: string
}

/** Folders that hold no source of ours (dependencies, build output, test output, git). */
const SKIPPED_DIRS = new Set([
  '.git',
  'node_modules',
  'dist',
  'coverage',
  'test-results',
  'reports',
  'data',
])
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|ya?ml|md|css|html|sql|sh)$|^run$|^node22$/

/** Documents the repository does not contain; citing them leaves a newcomer with nothing to read. */
const ABSENT_DOCUMENTS: readonly { pattern: RegExp; name: string }[] = [
  { pattern: /\bspec §/i, name: 'the shared spec ("spec §…")' },
  // A numbered section of an absent document; an RFC's sections are public and stay citable.
  { pattern: /(?<!RFC \d+ )§\s*\d/, name: 'a numbered section ("§N") of a document' },
  { pattern: /product-spec\.md/, name: 'product-spec.md' },
  { pattern: /\bproviders\.md/, name: 'providers.md' },
  { pattern: /\b(?:STACK|DESIGN|STYLE)\.md/, name: 'the shared STACK/DESIGN/STYLE notes' },
]

const CITATION = /docs\/product\/([A-Za-z0-9_/.-]+?\.md)(?:#([A-Za-z0-9_-]+))?/g
/** Links inside docs/product/ itself: `[text](screens.md#landing-page)`, `(../decisions/x.md)`. */
const RELATIVE_LINK = /\]\((?!https?:|mailto:|#)([^)\s#]+\.md)?(?:#([^)\s]+))?\)/g

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')
}

/** Every anchor a Markdown file offers, numbered as GitHub numbers repeated headings. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
    if (fenced) continue
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)
    const id = /<a\s+(?:id|name)="([^"]+)"/.exec(line)
    if (id?.[1] !== undefined) anchors.add(id[1])
    if (heading?.[1] === undefined) continue
    const base = slug(heading[1])
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count === 0 ? base : `${base}-${count}`)
  }
  return anchors
}

function textFiles(root: string, dir = root): string[] {
  const files: string[] = []
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      if (!SKIPPED_DIRS.has(name)) files.push(...textFiles(root, path))
    } else if (TEXT_FILE.test(name) && name !== 'package-lock.json') {
      files.push(path)
    }
  }
  return files
}

export interface CitationReport {
  /** How many citations were followed (docs/product/ paths and links inside docs/product/). */
  citations: number
  /** Citations that lead nowhere and mentions of absent documents; empty when all is well. */
  findings: Finding[]
}

/** Checks every citation and mention in the tree at `root`. */
export function checkCitations(root: string): CitationReport {
  let citations = 0
  const anchorCache = new Map<string, Set<string> | null>()
  const anchors = (path: string): Set<string> | null => {
    if (!anchorCache.has(path)) {
      let found: Set<string> | null = null
      try {
        found = anchorsOf(readFileSync(path, 'utf8'))
      } catch {
        found = null
      }
      anchorCache.set(path, found)
    }
    return anchorCache.get(path) ?? null
  }
  const findings: Finding[] = []
  const productDir = join(root, 'docs', 'product')

  for (const path of textFiles(root)) {
    const file = relative(root, path).split(sep).join(posix.sep)
    // This module and its test name the absent documents on purpose.
    if (file === 'scripts/citations.ts' || file === 'tests/support/citations.test.ts') continue
    const lines = readFileSync(path, 'utf8').split('\n')
    const inProductDocs = path.startsWith(productDir + sep)
    lines.forEach((text, index) => {
      const at = { file, line: index + 1 }
      const absent = ABSENT_DOCUMENTS.find(({ pattern }) => pattern.test(text))
      if (absent !== undefined) {
        findings.push({ ...at, problem: `cites ${absent.name}, which is not in the repository` })
      }
      const cite = (target: string, anchor: string | undefined, shown: string) => {
        citations += 1
        const known = anchors(target)
        if (known === null) findings.push({ ...at, problem: `${shown}: no such file` })
        else if (anchor !== undefined && !known.has(anchor)) {
          findings.push({ ...at, problem: `${shown}: no heading with anchor #${anchor}` })
        }
      }
      for (const match of text.matchAll(CITATION)) {
        const [shown, target, anchor] = match
        if (target !== undefined) cite(join(productDir, target), anchor, shown)
      }
      if (inProductDocs) {
        for (const match of text.matchAll(RELATIVE_LINK)) {
          const [, target, anchor] = match
          const shown = `${target ?? ''}${anchor === undefined ? '' : `#${anchor}`}`
          cite(target === undefined ? path : join(dirname(path), target), anchor, shown)
        }
      }
    })
  }
  return { citations, findings }
}
