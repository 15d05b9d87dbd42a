/**
 * `npm run i18n:check` (decision 116, docs/product/languages.md): fails when a catalog is stale
 * (`npm run i18n:extract` would change it), when a message has no translation in a language, or
 * when a translation breaks its message: a placeholder, a plural or a markup tag that is not the
 * source's, or text that does not compile.
 *
 * `--locales <dir>` checks another copy of src/locales (tests); the staleness check always
 * extracts from the sources into a scratch copy, never into the working tree.
 */
import { execFileSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import { formatter } from '@lingui/format-po'

/** The language the messages are written in (lingui.config.ts `sourceLocale`). */
const SOURCE_LOCALE = 'en'

/** The plural categories a language's plurals must all name (CLDR). */
const PLURAL_CATEGORIES: Record<string, readonly string[]> = {
  en: ['one', 'other'],
  pl: ['one', 'few', 'many', 'other'],
}

interface Shape {
  /** Every argument's name with its kind ('' for a plain placeholder, 'plural', 'select'…). */
  arguments: string[]
  /** Every markup tag (`<0>`, `</0>`, `<1/>`), sorted. */
  tags: string[]
  /** The plural categories each plural argument names. */
  plurals: { name: string; categories: string[] }[]
}

function shapeOf(text: string): Shape {
  const shape: Shape = { arguments: [], tags: [], plurals: [] }
  // A compiled message is a list of tokens: text, or an argument [name, kind?, cases?] whose cases
  // are lists of tokens again.
  const tokens = (list: unknown): void => {
    if (typeof list === 'string') {
      for (const [tag] of list.matchAll(/<\/?\d+\s*\/?>/g)) shape.tags.push(tag.replace(/\s/g, ''))
      return
    }
    if (Array.isArray(list)) for (const token of list) argumentOrText(token)
  }
  const argumentOrText = (token: unknown): void => {
    if (!Array.isArray(token)) {
      tokens(token)
      return
    }
    const [name, kind, cases] = token as [string, string | undefined, unknown]
    shape.arguments.push(kind ? `${name}:${kind}` : name)
    if (!cases || typeof cases !== 'object') return
    if (kind === 'plural' || kind === 'selectordinal')
      shape.plurals.push({
        name,
        categories: Object.keys(cases).filter((key) => !key.startsWith('=')),
      })
    for (const value of Object.values(cases)) tokens(value)
  }
  tokens(compileMessageOrThrow(text))
  shape.arguments = [...new Set(shape.arguments)].sort()
  shape.tags.sort()
  return shape
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i])

/** A catalog file's messages: id → source text (`message`, or the id itself) and translation. */
async function parseCatalog(file: string, content: string, locale: string, sourceLocale: string) {
  const catalog = await formatter().parse(content, { locale, sourceLocale, filename: file })
  return Object.entries(catalog).filter(([, entry]) => !entry.obsolete)
}

/**
 * What is wrong with one catalog file of one language, each problem a line. `sourceTexts` holds
 * the source language's texts of messages with explicit ids (the e-mails'), whose source text is
 * the source catalog's translation rather than the id.
 */
export async function catalogProblems(
  file: string,
  content: string,
  locale: string,
  sourceTexts: ReadonlyMap<string, string> = new Map(),
  sourceLocale = 'en',
): Promise<string[]> {
  const problems: string[] = []
  for (const [id, entry] of await parseCatalog(file, content, locale, sourceLocale)) {
    const translation = entry.translation
    // An explicit id's source text is the source catalog's translation (for the source language,
    // this very entry's).
    const source =
      entry.message ?? (locale === sourceLocale ? translation : sourceTexts.get(id)) ?? id
    const where = `${file}: "${source}"`
    if (locale !== sourceLocale && translation.trim() === '') {
      problems.push(`${where} has no ${locale} translation`)
      continue
    }
    if (translation === '') continue
    let from: Shape
    let to: Shape
    try {
      from = shapeOf(source)
      to = shapeOf(translation)
    } catch (error) {
      problems.push(`${where}: the ${locale} text does not compile (${String(error)})`)
      continue
    }
    if (!same(from.arguments, to.arguments))
      problems.push(
        `${where}: the ${locale} text has the placeholders {${to.arguments.join('}, {')}} instead of {${from.arguments.join('}, {')}}`,
      )
    if (!same(from.tags, to.tags))
      problems.push(
        `${where}: the ${locale} text has the markup ${to.tags.join(' ') || 'none'} instead of ${from.tags.join(' ') || 'none'}`,
      )
    const required = PLURAL_CATEGORIES[locale] ?? ['other']
    for (const plural of to.plurals) {
      const lacking = required.filter((category) => !plural.categories.includes(category))
      if (lacking.length > 0)
        problems.push(`${where}: the ${locale} plural {${plural.name}} lacks ${lacking.join(', ')}`)
    }
  }
  return problems
}

const poFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.po'))
    .sort()

/** A catalog without its header (the creation date every extraction rewrites, empty fields). */
const comparable = (text: string) => text.slice(text.indexOf('\n\n'))

/** The catalogs an extraction from the current sources would write, compared with `localesDir`'s. */
function staleCatalogs(root: string, localesDir: string): string[] {
  const scratch = mkdtempSync(join(tmpdir(), 'i18n-check-'))
  try {
    cpSync(localesDir, join(scratch, 'locales'), { recursive: true })
    // The source language's catalogs are written afresh: an extraction keeps an existing entry's
    // text, so an English message changed under its explicit id would otherwise go unnoticed.
    rmSync(join(scratch, 'locales', SOURCE_LOCALE), { recursive: true, force: true })
    const config = join(scratch, 'lingui.config.ts')
    writeFileSync(
      config,
      [
        `import base from ${JSON.stringify(pathToFileURL(join(root, 'lingui.config.ts')).href)}`,
        'export default {',
        '  ...base,',
        `  rootDir: ${JSON.stringify(root)},`,
        '  catalogs: base.catalogs.map((catalog) => ({',
        '    ...catalog,',
        `    path: catalog.path.replace('<rootDir>/src/locales', ${JSON.stringify(join(scratch, 'locales'))}),`,
        '  })),',
        '}',
        '',
      ].join('\n'),
    )
    execFileSync(
      process.execPath,
      [
        join(root, 'node_modules/@lingui/cli/dist/lingui.js'),
        'extract',
        '--clean',
        '--config',
        config,
      ],
      { cwd: root, stdio: 'pipe' },
    )
    const extracted = join(scratch, 'locales')
    const names = new Set([...poFiles(localesDir), ...poFiles(extracted)])
    return [...names].filter((name) => {
      const mine = join(localesDir, name)
      const theirs = join(extracted, name)
      return (
        !existsSync(mine) ||
        !existsSync(theirs) ||
        comparable(readFileSync(mine, 'utf8')) !== comparable(readFileSync(theirs, 'utf8'))
      )
    })
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const flag = process.argv.indexOf('--locales')
  const localesDir = flag >= 0 ? (process.argv[flag + 1] ?? '') : join(root, 'src/locales')
  const problems: string[] = []
  for (const name of staleCatalogs(root, localesDir))
    problems.push(`${name} is stale: run npm run i18n:extract and commit the catalogs`)
  for (const name of poFiles(localesDir)) {
    const [locale = '', catalogName = ''] = name.split(/[\\/]/)
    const sourceFile = join(localesDir, 'en', catalogName)
    const sourceTexts = new Map<string, string>()
    if (locale !== 'en' && existsSync(sourceFile))
      for (const [id, entry] of await parseCatalog(
        sourceFile,
        readFileSync(sourceFile, 'utf8'),
        'en',
        'en',
      ))
        if (entry.message === undefined && entry.translation) sourceTexts.set(id, entry.translation)
    const file = relative(root, join(localesDir, name))
    const content = readFileSync(join(localesDir, name), 'utf8')
    problems.push(...(await catalogProblems(file, content, locale, sourceTexts)))
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'))
    console.error(`i18n:check: ${String(problems.length)} problem(s)`)
    process.exitCode = 1
    return
  }
  console.log(`i18n:check: ${String(poFiles(localesDir).length)} catalogs complete and current`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
