/**
 * The audit trail's filters (docs/product/screens.md#staff-console-audit-trail): what the staff
 * member types, which of it is wrong, and the query the contract takes. Dates are whole local days:
 * `from` is the start of its day, `to` the start of the day after, so both days are included.
 */
export interface AuditFilters {
  /** A person's id: whoever acted, staff or customer. */
  actor: string
  /** A customer's id: entries about them. */
  customer: string
  /** An action, or a prefix ending in '.' (`staff.`). */
  action: string
  /** YYYY-MM-DD, as a date field gives it. */
  from: string
  to: string
}

export type AuditFilterField = keyof AuditFilters

export const noFilters: AuditFilters = { actor: '', customer: '', action: '', from: '', to: '' }

/** The listAuditTrail and exportAuditTrail query: only the filters given. */
export interface AuditQuery {
  actor?: string
  customer?: string
  action?: string
  from?: string
  to?: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const ACTION = /^[A-Za-z][A-Za-z-]*(?:\.[A-Za-z][A-Za-z-]*)*\.?$/
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/

/** Midnight at the start of a local day, plus `days`; null for anything but a real date. */
function localMidnight(day: string, days = 0): Date | null {
  const match = DAY.exec(day)
  if (!match) return null
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])]
  const value = new Date(year, month, date + days)
  const real = new Date(year, month, date)
  return real.getFullYear() === year && real.getMonth() === month && real.getDate() === date
    ? value
    : null
}

/** What is wrong with each filter, by field; empty when all may be sent. */
export function filterProblems(filters: AuditFilters): Partial<Record<AuditFilterField, string>> {
  const problems: Partial<Record<AuditFilterField, string>> = {}
  if (filters.actor.trim() && !UUID.test(filters.actor.trim())) problems.actor = 'notAnId'
  if (filters.customer.trim() && !UUID.test(filters.customer.trim())) problems.customer = 'notAnId'
  if (filters.action.trim() && !ACTION.test(filters.action.trim())) problems.action = 'notAnAction'
  if (filters.from && !localMidnight(filters.from)) problems.from = 'notADate'
  if (filters.to && !localMidnight(filters.to)) problems.to = 'notADate'
  const from = localMidnight(filters.from)
  const to = localMidnight(filters.to)
  if (from && to && from > to) problems.to = 'beforeFrom'
  return problems
}

export function filtersValid(filters: AuditFilters): boolean {
  return Object.keys(filterProblems(filters)).length === 0
}

/** The query for valid filters: ids and action trimmed, days as instants. */
export function auditQuery(filters: AuditFilters): AuditQuery {
  const query: AuditQuery = {}
  if (filters.actor.trim()) query.actor = filters.actor.trim().toLowerCase()
  if (filters.customer.trim()) query.customer = filters.customer.trim().toLowerCase()
  if (filters.action.trim()) query.action = filters.action.trim()
  const from = localMidnight(filters.from)
  const to = localMidnight(filters.to, 1)
  if (from) query.from = from.toISOString()
  if (to) query.to = to.toISOString()
  return query
}
