/**
 * One formatter for the server and the browser
 * (docs/product/limits.md#numbers-money-and-dates-per-language): both compile the same domain/
 * files, the SPA's date helper is that module, and no other file in the SPA, the server or domain/
 * builds its own `Intl` number or date format or asks the machine for its locale.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as dates from '../../domain/format-date'
import { sourceLocale } from '../../domain/locale'
import * as spaDates from '../../src/ui/account/date-time'

const formatters = new Set([
  'domain/format-number.ts',
  'domain/format-date.ts',
  'domain/intl-locales.ts',
])

/** Files another change is still moving to the module: none now. */
const pending = new Set<string>()

/** Building a number or date format, or reading the machine's locale or time zone. */
const adHoc =
  /\bIntl\.(NumberFormat|DateTimeFormat)\b|\.toLocale(String|DateString|TimeString)\(|resolvedOptions\(\)\.timeZone/

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.gen\.ts$/.test(entry.name),
    )
    .map((entry) => join(entry.parentPath, entry.name))
}

describe('the formatting module', () => {
  it('is compiled into both the SPA and the server from the same files', () => {
    for (const config of ['tsconfig.app.json', 'tsconfig.server.json']) {
      const { include } = JSON.parse(readFileSync(config, 'utf8')) as { include: string[] }
      expect(include).toContain('domain')
    }
  })

  it('is what the SPA’s date helper writes', () => {
    const instants = ['2026-11-27T20:34:00.000Z', '2026-03-29T01:00:00Z', '2026-10-24T22:30:00Z']
    for (const at of instants) {
      expect(spaDates.formatDateTime(at)).toBe(dates.formatDateTime(at, sourceLocale))
      expect(spaDates.formatDate(at)).toBe(dates.formatDate(at, sourceLocale))
      expect(spaDates.formatDateTime(at, 'pl')).toBe(dates.formatDateTime(at, 'pl'))
      expect(spaDates.formatDate(at, 'pl')).toBe(dates.formatDate(at, 'pl'))
    }
  })

  it('is the only place that builds a number or date format', () => {
    const found = ['src', 'server', 'domain']
      .flatMap(sources)
      .filter((file) => !formatters.has(file) && !pending.has(file))
      .filter((file) => adHoc.test(readFileSync(file, 'utf8')))
    expect(found).toEqual([])
  })
})
