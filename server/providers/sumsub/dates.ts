/** Sumsub's date strings (not ISO-8601): "YYYY-MM-DD HH:mm:ss", "…+0000" and "….SSS", all UTC. */

const iso = (date: Date) => date.toISOString()

export const sumsubDate = (date: Date) => iso(date).slice(0, 19).replace('T', ' ')
export const sumsubDateTz = (date: Date) => `${sumsubDate(date)}+0000`
export const sumsubDateMs = (date: Date) => iso(date).slice(0, 23).replace('T', ' ')

/** Parses any of the three forms (and ISO-8601 as a courtesy); undefined when it is none. */
export function parseSumsubDate(value: unknown): Date | undefined {
  if (typeof value !== 'string') return undefined
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d{1,6})?(Z|\+0000|\+00:00)?$/.exec(
    value,
  )
  if (!match) return undefined
  const fraction = (match[3] ?? '').slice(0, 4)
  const date = new Date(`${match[1] ?? ''}T${match[2] ?? ''}${fraction}Z`)
  return Number.isNaN(date.getTime()) ? undefined : date
}
