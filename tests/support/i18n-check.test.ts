import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { catalogProblems } from '../../scripts/i18n-check.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** A Polish catalog with one message and its translation. */
const polish = (msgid: string, msgstr: string) =>
  `msgid ""\nmsgstr ""\n"Language: pl\\n"\n\n#: src/ui/x.tsx\nmsgid "${msgid}"\nmsgstr "${msgstr}"\n`

const problemsOf = (msgid: string, msgstr: string) =>
  catalogProblems('pl/public.po', polish(msgid, msgstr), 'pl')

describe('i18n:check (decision 116, docs/product/languages.md#the-check)', () => {
  it('passes a complete translation that keeps its placeholders, markup and plurals', async () => {
    expect(await problemsOf('Step {0}', 'Krok {0}')).toEqual([])
    expect(await problemsOf('Read <0>the terms</0>', 'Przeczytaj <0>regulamin</0>')).toEqual([])
    expect(
      await problemsOf(
        '{n, plural, one {# coin} other {# coins}}',
        '{n, plural, one {# moneta} few {# monety} many {# monet} other {# monety}}',
      ),
    ).toEqual([])
  })

  it('fails a message without its Polish translation', async () => {
    expect(await problemsOf('Log in', '')).toEqual(['pl/public.po: "Log in" has no pl translation'])
  })

  it('fails a translation that renames, drops or breaks a placeholder', async () => {
    expect(await problemsOf('{label}: currency', '{etykieta}: waluta')).toEqual([
      'pl/public.po: "{label}: currency": the pl text has the placeholders {etykieta} instead of {label}',
    ])
    expect(await problemsOf('Step {0}', 'Krok')).toEqual([
      'pl/public.po: "Step {0}": the pl text has the placeholders {} instead of {0}',
    ])
    const [broken] = await problemsOf('Step {0}', 'Krok {0')
    expect(broken).toMatch(/^pl\/public\.po: "Step \{0\}": the pl text does not compile/)
  })

  it('fails a translation that breaks markup or lacks a Polish plural form', async () => {
    expect(await problemsOf('Read <0>the terms</0>', 'Przeczytaj regulamin</0>')).toEqual([
      'pl/public.po: "Read <0>the terms</0>": the pl text has the markup </0> instead of </0> <0>',
    ])
    expect(
      await problemsOf(
        '{n, plural, one {# coin} other {# coins}}',
        '{n, plural, one {# moneta} other {# monety}}',
      ),
    ).toEqual([
      'pl/public.po: "{n, plural, one {# coin} other {# coins}}": the pl plural {n} lacks few, many',
    ])
  })

  describe('the command', () => {
    const copies: string[] = []
    afterEach(() => {
      for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true })
    })
    /** `npm run i18n:check` on a copy of src/locales changed by `change`. */
    const checkCopy = (change: (dir: string) => void) => {
      const dir = mkdtempSync(join(tmpdir(), 'i18n-check-test-'))
      copies.push(dir)
      cpSync(join(root, 'src/locales'), dir, { recursive: true })
      change(dir)
      return spawnSync(
        process.execPath,
        ['node_modules/tsx/dist/cli.mjs', 'scripts/i18n-check.ts', '--locales', dir],
        { cwd: root, encoding: 'utf8' },
      )
    }
    const edit = (file: string, from: string, to: string) => {
      const text = readFileSync(file, 'utf8')
      expect(text).toContain(from)
      writeFileSync(file, text.replace(from, to))
    }

    it('passes the catalogs as committed, and fails one missing a translation or stale', () => {
      expect(checkCopy(() => undefined).status).toBe(0)
      const missing = checkCopy((dir) => {
        edit(join(dir, 'pl/public.po'), 'msgstr "Zaloguj się"', 'msgstr ""')
      })
      expect(missing.status).toBe(1)
      expect(missing.stderr).toContain('pl/public.po: "Log in" has no pl translation')
      const stale = checkCopy((dir) => {
        edit(join(dir, 'en/public.po'), 'msgid "Log in"', 'msgid "Log on"')
      })
      expect(stale.status).toBe(1)
      expect(stale.stderr).toContain('en/public.po is stale')
      // An English text under an explicit id that is not the code's: an extraction keeps it.
      const oldEnglish = checkCopy((dir) => {
        edit(
          join(dir, 'en/mail.po'),
          'msgstr "Valid until: {at}"',
          'msgstr "Valid until: {at} UTC"',
        )
      })
      expect(oldEnglish.status).toBe(1)
      expect(oldEnglish.stderr).toContain('en/mail.po is stale')
    }, 180_000)
  })
})
