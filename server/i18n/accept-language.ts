/**
 * The language an API answer's texts are written in (docs/product/languages.md#the-apis-answers):
 * the first of the caller's `Accept-Language` ranges, by weight, that the product speaks. `pl`,
 * `pl-PL` and `PL` name Polish; `*`, a language it does not speak, a broken header or none leave
 * English. Never throws: the header is the caller's.
 */
import { isLocale, sourceLocale, type Locale } from '../../domain/locale.ts'

/** Longer than any honest header; a longer one is not read. */
const maxHeaderLength = 1024

export function answerLocale(header: string | string[] | undefined): Locale {
  const value = Array.isArray(header) ? header.join(',') : header
  if (!value || value.length > maxHeaderLength) return sourceLocale
  const ranges: { locale: Locale | null; weight: number; order: number }[] = []
  value.split(',').forEach((part, order) => {
    const [range = '', ...params] = part.trim().split(';')
    let weight = 1
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param)
      if (match) weight = Number(match[1])
    }
    const primary = range.trim().split('-')[0]?.toLowerCase()
    ranges.push({ locale: isLocale(primary) ? primary : null, weight, order })
  })
  ranges.sort((a, b) => b.weight - a.weight || a.order - b.order)
  const first = ranges.find((r) => r.weight > 0 && r.locale !== null)
  return first?.locale ?? sourceLocale
}
