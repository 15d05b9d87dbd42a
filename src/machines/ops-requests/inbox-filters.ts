/**
 * The request desk's inbox filters (docs/product/requests.md#the-desk): what the staff member
 * picks and types, which of it is wrong, and the listRequests query it becomes. Amounts are whole
 * units as the contract takes them; `open` (no state sent) is the server's own default.
 */
import { requestStateValues, type components } from '../../../openapi/main.gen'

export type RequestState = components['schemas']['RequestState']
const requestStates: readonly RequestState[] = requestStateValues

const inboxSorts = ['oldest', 'newest', 'amount-desc', 'amount-asc'] as const
export type InboxSort = (typeof inboxSorts)[number]

export type InboxStateFilter = 'open' | 'all' | RequestState
export type InboxAssignee = 'anyone' | 'me' | 'none'

export interface InboxFilters {
  state: InboxStateFilter
  assignee: InboxAssignee
  /** `EUR-BTC`; typed case is forgiven. */
  pair: string
  amountMin: string
  amountMax: string
  olderThanHours: string
  /** A request id, or the start of the customer's address or contact name. */
  q: string
  sort: InboxSort
}

export type InboxFilterField = keyof InboxFilters

export const defaultInboxFilters: InboxFilters = {
  state: 'open',
  assignee: 'anyone',
  pair: '',
  amountMin: '',
  amountMax: '',
  olderThanHours: '',
  q: '',
  sort: 'oldest',
}

/** The listRequests query (without the page cursor): only the filters given. */
export interface InboxQuery {
  state?: string
  assignee?: 'me' | 'none'
  pair?: string
  amountMin?: string
  amountMax?: string
  olderThanHours?: string
  q?: string
  sort?: InboxSort
}

export type InboxFilterProblem =
  'notAPair' | 'notAnAmount' | 'maxBelowMin' | 'notHours' | 'tooShort' | 'notAChoice'

const PAIR = /^[A-Z]{3,5}-[A-Z]{3,5}$/
const WHOLE = /^(0|[1-9][0-9]{0,9})$/
const HOURS = /^[1-9][0-9]{0,3}$/
const MAX_AMOUNT = 1_000_000_000
const MAX_HOURS = 8760
/** The contract's shortest `q`. */
export const MIN_QUERY = 2

const wholeOk = (text: string) => WHOLE.test(text) && Number(text) <= MAX_AMOUNT

/** What is wrong with each filter, by field; empty when all may be sent. */
export function inboxFilterProblems(
  filters: InboxFilters,
): Partial<Record<InboxFilterField, InboxFilterProblem>> {
  const problems: Partial<Record<InboxFilterField, InboxFilterProblem>> = {}
  const pair = filters.pair.trim().toUpperCase()
  const min = filters.amountMin.trim()
  const max = filters.amountMax.trim()
  const hours = filters.olderThanHours.trim()
  const q = filters.q.trim()
  const states: readonly string[] = ['open', 'all', ...requestStates]
  if (!states.includes(filters.state)) problems.state = 'notAChoice'
  if (!['anyone', 'me', 'none'].includes(filters.assignee)) problems.assignee = 'notAChoice'
  if (!(inboxSorts as readonly string[]).includes(filters.sort)) problems.sort = 'notAChoice'
  if (pair && !PAIR.test(pair)) problems.pair = 'notAPair'
  if (min && !wholeOk(min)) problems.amountMin = 'notAnAmount'
  if (max && !wholeOk(max)) problems.amountMax = 'notAnAmount'
  // Whole numbers of at most 10 digits: a JS number holds them exactly.
  else if (min && max && wholeOk(min) && Number(max) < Number(min))
    problems.amountMax = 'maxBelowMin'
  if (hours && !(HOURS.test(hours) && Number(hours) <= MAX_HOURS))
    problems.olderThanHours = 'notHours'
  if (q && q.length < MIN_QUERY) problems.q = 'tooShort'
  return problems
}

export function inboxFiltersValid(filters: InboxFilters): boolean {
  return Object.keys(inboxFilterProblems(filters)).length === 0
}

/** The query for valid filters: text trimmed, the pair in capitals, defaults left out. */
export function inboxQuery(filters: InboxFilters): InboxQuery {
  const query: InboxQuery = {}
  if (filters.state !== 'open') query.state = filters.state
  if (filters.assignee !== 'anyone') query.assignee = filters.assignee
  if (filters.pair.trim()) query.pair = filters.pair.trim().toUpperCase()
  if (filters.amountMin.trim()) query.amountMin = filters.amountMin.trim()
  if (filters.amountMax.trim()) query.amountMax = filters.amountMax.trim()
  if (filters.olderThanHours.trim()) query.olderThanHours = filters.olderThanHours.trim()
  if (filters.q.trim()) query.q = filters.q.trim()
  if (filters.sort !== 'oldest') query.sort = filters.sort
  return query
}
