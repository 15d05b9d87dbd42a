/**
 * ARCHITECTURE.md's claims about the code, checked (issue 26 item 8): every file or folder it
 * names in backticks exists, and every function, type or constant it names in backticks is
 * defined somewhere in the code. A rename or a removal that leaves the map behind fails
 * `npm run docs:check`.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { basename, join } from 'node:path'

export interface ClaimFinding {
  line: number
  claim: string
  problem: string
}

/** A path: has a slash or a file extension, and no wildcard, placeholder, space or URL part. */
const pathLike = /^(?:[\w.-]+\/)*[\w.-]+(?:\/|\.(?:ts|tsx|md|sql|json|yaml|yml|js|html|css))$/
/** A code name: camelCase or PascalCase (a lowercase word alone is prose), maybe with `()`. */
const nameLike = /^(?:[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*|[A-Z][a-z]\w*[A-Z]\w*)(?:\(\))?$/

export function checkArchitectureClaims(
  root: string,
  file = 'ARCHITECTURE.md',
): {
  claims: number
  findings: ClaimFinding[]
} {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const files = git('ls-files', '--cached', '--others', '--exclude-standard')
    .split('\n')
    .filter((f) => f !== '' && existsSync(join(root, f)))
  const paths = new Set(files)
  const folders = new Set(
    files.flatMap((f) =>
      f
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/') + '/'),
    ),
  )
  const basenames = new Set(files.map((f) => basename(f)))
  const code = files.filter((f) =>
    /^(src|server|domain|scripts|tests|openapi)\/.*\.tsx?$|^eslint\.config\.js$/.test(f),
  )
  const source = code.map((f) => readFileSync(join(root, f), 'utf8')).join('\n')
  const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string> | undefined
  >
  const packages = new Set([
    ...Object.keys(packageJson.dependencies ?? {}),
    ...Object.keys(packageJson.devDependencies ?? {}),
  ])
  const findings: ClaimFinding[] = []
  let claims = 0
  readFileSync(join(root, file), 'utf8')
    .split('\n')
    .forEach((text, index) => {
      for (const [, raw = ''] of text.matchAll(/`([^`\n]+)`/g)) {
        const claim = raw.trim()
        // A package's name, or a pattern such as NNN-title.md, is no claim about a file.
        if (packages.has(claim) || /NNN/.test(claim)) continue
        if (pathLike.test(claim)) {
          claims++
          const known = claim.endsWith('/')
            ? folders.has(claim) || [...folders].some((f) => f.endsWith(`/${claim}`))
            : paths.has(claim) ||
              basenames.has(basename(claim)) ||
              [...paths].some((p) => p.endsWith(`/${claim}`))
          if (!known) findings.push({ line: index + 1, claim, problem: 'no such file or folder' })
        } else if (nameLike.test(claim)) {
          claims++
          const name = claim.replace(/\(\)$/, '')
          const defined = new RegExp(
            `(?:function|const|let|class|interface|type|enum)\\s+${name}\\b|\\b${name}\\s*[:(=]|\\b${name}\\b,`,
          )
          if (!defined.test(source))
            findings.push({ line: index + 1, claim, problem: 'not defined in the code' })
        }
      }
    })
  return { claims, findings }
}
