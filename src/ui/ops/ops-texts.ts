/** The staff console's texts (docs/product/screens.md#staff-console), shared with its tests. */
import type { StaffRole } from '../../machines/ops-staff/ops-staff.machine'
import type { OpsStaffFailure, OpsStaffNotice } from '../../machines/ops-staff/ops-staff.machine'
import type {
  InboxAssignee,
  InboxFilterField,
  InboxFilterProblem,
  InboxSort,
  RequestState,
} from '../../machines/ops-requests/inbox-filters'
import type { OfferDraftProblem } from '../../machines/ops-request/offer-draft'
import type { DeskOperation, RequestFailure } from '../../machines/ops-request/request-desk'

export const CONSOLE_TITLE = 'Staff console'
export const TRY_AGAIN = 'Try again'
export const LOADING = 'Loading…'
export const SECOND_FACTOR_TITLE = 'Set up a second factor first'
export const SECOND_FACTOR_TEXT =
  'Staff need a passkey or an authenticator app to use the console. Set one up in your account’s security, then try again.'
export const SECOND_FACTOR_LINK = 'Go to account security'
export const CONSOLE_DENIED = 'Your account has no access to the staff console.'
export const CONSOLE_FAILED = 'The console could not be opened. Please try again.'
export const NOT_ALLOWED_PAGE = 'Your roles do not open this page.'
export const LOG_OUT = 'Log out'

export const STAFF_TITLE = 'Staff'
export const AUDIT_TITLE = 'Audit trail'
export const OVERVIEW_TITLE = 'Overview'

export const roleNames: Record<StaffRole, string> = {
  support: 'Support',
  manager: 'Manager',
  compliance: 'Compliance',
  admin: 'Admin',
  auditor: 'Auditor',
}

export const allRoles: readonly StaffRole[] = [
  'support',
  'manager',
  'compliance',
  'admin',
  'auditor',
]

export const rolesInWords = (roles: readonly StaffRole[]) =>
  roles.length > 0 ? roles.map((r) => roleNames[r]).join(', ') : 'No roles'

// Staff management
export const STAFF_LOAD_FAILED = 'The staff list could not be loaded.'
export const INVITE = 'Invite a staff member'
export const REFRESH = 'Refresh'
export const INVITE_TITLE = 'Invite a staff member'
export const EMAIL_LABEL = 'E-mail address'
export const ROLES_LEGEND = 'Roles'
export const SEND_INVITE = 'Send invitation'
export const CANCEL = 'Cancel'
export const SAVE_ROLES = 'Save roles'
export const REASON_LABEL = 'Reason'
export const DEACTIVATE = 'Deactivate'
export const APPROVE = 'Approve'
export const PENDING_TITLE = 'Waiting for a second admin'
export const NO_PENDING = 'No admin role change is waiting.'
export const ADMIN_NOTE = 'Giving or taking the Admin role waits for a second admin’s approval.'
export const YOU = 'you'
export const TAKEN = 'This address already has an account.'
export const DENIED = 'You cannot do this.'
export const CHANGE_FAILED = 'The change could not be made. Please try again.'

export const rolesTitle = (email: string) => `Roles of ${email}`
export const deactivateTitle = (email: string) => `Deactivate ${email}`
export const editRolesLabel = (email: string) => `Change the roles of ${email}`
export const deactivateLabel = (email: string) => `Deactivate ${email}`
export const approveLabel = (email: string) => `Approve the change for ${email}`

export function memberStatus(member: {
  active: boolean
  passwordSet: boolean
  secondFactor: boolean
}): string {
  if (!member.active) return 'Deactivated'
  if (!member.passwordSet) return 'Invited'
  return member.secondFactor ? 'Active' : 'Active, no second factor'
}

export function grantInWords(grant: { change: 'grant' | 'revoke'; role: StaffRole }): string {
  return grant.change === 'grant'
    ? `Give the ${roleNames[grant.role]} role`
    : `Take the ${roleNames[grant.role]} role away`
}

export function staffNoticeText(notice: OpsStaffNotice): string {
  switch (notice.kind) {
    case 'invited':
      return `An invitation was sent to ${notice.email}.`
    case 'rolesChanged':
      return notice.pending
        ? `The roles of ${notice.email} were saved; the Admin change waits for a second admin.`
        : `The roles of ${notice.email} were saved.`
    case 'deactivated':
      return `${notice.email} was deactivated.`
    case 'approved':
      return `The change for ${notice.email} was approved.`
  }
}

/** A refusal in our words, with the server's detail after it where it gave one. */
export function staffFailureText(failure: OpsStaffFailure, form: 'invite' | 'other'): string {
  if (form === 'invite' && failure.status === 409) return TAKEN
  if (failure.errorType === 'PERMISSION_DENIED')
    return failure.detail ? `${DENIED} ${failure.detail}` : DENIED
  return CHANGE_FAILED
}

// Audit trail
export const AUDIT_LOAD_FAILED = 'The audit trail could not be loaded.'
export const FILTERS_TITLE = 'Filters'
export const filterLabels = {
  actor: 'Person id',
  customer: 'Customer id',
  action: 'Action',
  from: 'From',
  to: 'To',
} as const
export const APPLY_FILTERS = 'Show entries'
export const OLDER = 'Older entries'
export const EXPORT = 'Export CSV'
export const NO_ENTRIES = 'No entries match these filters.'
export const MORE_FAILED = 'The older entries could not be loaded. Please try again.'
export const EXPORT_FAILED = 'The export failed. Please try again.'
export const EXPORTED = 'The CSV file has been downloaded.'
export const SYSTEM = 'not signed in'

export const filterProblemTexts: Record<string, string> = {
  notAnId: 'Enter an id like 3f2b6c1e-…, as the console shows it.',
  notAnAction:
    'Enter an action such as customer.viewed or getStaffSelf, or a prefix such as staff.',
  notADate: 'Enter a date.',
  beforeFrom: 'The end date is before the start date.',
}

export const outcomeNames = { succeeded: 'Succeeded', denied: 'Denied', failed: 'Failed' } as const

// Customer lookup
export const CUSTOMERS_TITLE = 'Customers'
export const SEARCH_LABEL = 'E-mail address, name or customer id'
export const SEARCH_HINT =
  'At least 3 characters of an address or name, or a whole id. Every search and every customer page opened is recorded in the audit trail.'
export const SEARCH = 'Search'
export const SEARCHING = 'Searching…'
export const NO_CUSTOMERS = 'No customer’s address or name contains this.'
export const SEARCH_FAILED = 'The search failed. Please try again.'
export const SEARCH_DENIED = 'Your roles do not allow looking customers up.'

// A customer's page
export const ALL_CUSTOMERS = 'All customers'
export const CUSTOMER_NOT_FOUND = 'There is no customer with this id.'
export const CUSTOMER_LOAD_FAILED = 'This customer could not be loaded.'
export const customerTitle = (email: string) => `Customer ${email}`
export const CUSTOMER_SECTIONS = {
  profile: 'Profile',
  verification: 'Verification',
  history: 'Verification history',
  verificationRequests: 'Verification requests',
  holds: 'Holds',
  requests: 'Requests',
  payments: 'Payments',
  sessions: 'Active sessions',
  notes: 'Internal notes',
} as const
/** The heading of a request's card payments on the desk. */
export const REQUEST_PAYMENTS = 'Card payments'
export const VIEW_RECORDED = 'This view is recorded in the audit trail.'
export const NOTHING_YET = 'None.'
export const NOT_STARTED = 'Not started'
export const CUSTOMER_NOTE_LABEL = 'New note (only staff see it)'
export const ADD_NOTE = 'Add note'
export const NOTE_ADDED = 'The note was added.'
export const NOTE_FAILED = 'The note could not be added. Please try again.'
export const HOLD_ACTIVE = 'Active'
export const holdLifted = (at: string) => `Lifted ${at}`
export const customerName = (c: { firstName: string; lastName: string }) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ') || 'No name given'
export const verifiedText = (verified: boolean) => (verified ? 'Confirmed' : 'Not confirmed')
export const customersFound = (count: number, query: string) =>
  `${String(count)} ${count === 1 ? 'customer' : 'customers'} for “${query}”`

// The request desk
export const REQUESTS_TITLE = 'Requests'
export const INBOX_LOAD_FAILED = 'The requests could not be loaded.'
export const SHOW_REQUESTS = 'Show requests'
export const NEXT_PAGE = 'Next page'
export const FIRST_PAGE = 'First page'
export const ASSIGN_TO_ME = 'Assign to me'
export const NO_REQUESTS = 'No request matches these filters.'
export const INBOX_KEYS =
  'Keys: j or ↓ next, k or ↑ previous, Enter opens the request, a assigns it to you.'
export const NOBODY = 'Nobody'
export const STALE_TEXT = 'This request changed while you were looking at it. It has been reloaded.'
export const READ_AGAIN_FAILED = 'The request could not be read again. Please try again.'
export const REQUEST_NOT_FOUND = 'There is no request with this id.'
export const REQUEST_LOAD_FAILED = 'The request could not be loaded.'
export const ALL_REQUESTS = 'All requests'
export const pageOf = (page: number) => `Page ${String(page)}`
export const assignToMeLabel = (email: string) => `Assign the request of ${email} to me`
export const assignedNotice = (email: string) => `The request of ${email} is assigned to you.`
export const requestTitle = (email: string) => `Request of ${email}`

export const stateNames: Record<RequestState, string> = {
  submitted: 'Submitted',
  assigned: 'Assigned',
  in_review: 'In review',
  on_hold: 'On hold',
  awaiting_customer: 'Waiting for the customer',
  offer_pending_approval: 'Offer waiting for approval',
  offer_sent: 'Offer sent',
  awaiting_payment: 'Waiting for payment',
  completed: 'Completed',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
}

export const inboxFilterLabels: Record<InboxFilterField, string> = {
  state: 'State',
  assignee: 'Assigned to',
  pair: 'Pair',
  amountMin: 'Amount from',
  amountMax: 'Amount to',
  olderThanHours: 'Waiting at least (hours)',
  q: 'Search',
  sort: 'Sort',
}
export const SEARCH_REQUESTS_HINT = 'A request id, or the start of an e-mail address or name.'
export const stateFilterNames = { open: 'Open', all: 'All' } as const
export const assigneeNames: Record<InboxAssignee, string> = {
  anyone: 'Anyone',
  me: 'Me',
  none: 'Nobody',
}
export const sortNames: Record<InboxSort, string> = {
  oldest: 'Oldest first',
  newest: 'Newest first',
  'amount-desc': 'Largest amount first',
  'amount-asc': 'Smallest amount first',
}
export const inboxProblemTexts: Record<InboxFilterProblem, string> = {
  notAPair: 'Enter a pair such as EUR-BTC.',
  notAnAmount: 'Enter a whole amount, at most 1000000000.',
  maxBelowMin: 'The upper amount is below the lower one.',
  notHours: 'Enter whole hours, 1 to 8760.',
  tooShort: 'Enter at least 2 characters.',
  notAChoice: 'Pick one of the choices.',
}

/** Each action's button. */
export const operationLabels: Record<DeskOperation, string> = {
  assignRequest: 'Assign to me',
  startRequestReview: 'Start the review',
  holdRequest: 'Put on hold',
  releaseRequest: 'Release the hold',
  askCustomer: 'Ask the customer',
  sendOffer: 'Make an offer',
  approveOffer: 'Approve the offer',
  rejectOffer: 'Send the offer back',
  declineRequest: 'Decline',
  completeRequest: 'Mark as paid and completed',
  cancelRequest: 'Cancel the request',
  addRequestNote: 'Add a note',
}

/** Each form's send button. */
export const submitLabels: Record<DeskOperation, string> = {
  ...operationLabels,
  askCustomer: 'Send the question',
  sendOffer: 'Send the offer',
  addRequestNote: 'Add the note',
}

/** What the page says once an action went through. */
export const doneTexts: Record<DeskOperation, string> = {
  assignRequest: 'The request is assigned to you.',
  startRequestReview: 'The review has started.',
  holdRequest: 'The request is on hold.',
  releaseRequest: 'The hold is lifted.',
  askCustomer: 'The question was sent to the customer.',
  sendOffer: 'The offer was recorded.',
  approveOffer: 'The offer was approved and sent.',
  rejectOffer: 'The offer was sent back.',
  declineRequest: 'The request was declined.',
  completeRequest: 'The request is completed.',
  cancelRequest: 'The request was cancelled.',
  addRequestNote: 'The note was added.',
}

export const QUESTION_LABEL = 'Question to the customer'
export const NOTE_LABEL = 'Note (only staff see it)'
export const REASON_HINT = 'Staff only: the customer never sees it.'
export const offerLabels = {
  rate: (from: string, to: string) => `Rate (price of 1 ${to} in ${from})`,
  amountPaid: (from: string) => `Amount paid (${from})`,
  validUntil: 'Valid until',
  amountReceived: 'Amount received',
  fee: 'Fee',
} as const
export const offerProblemTexts: Record<OfferDraftProblem, string> = {
  notANumber: 'Enter a number such as 1250.50, with a point and no spaces.',
  notPositive: 'Enter more than 0.',
  tooManyDecimals: 'Too many decimals for this currency.',
  notATime: 'Enter a date and time.',
}

/** A refusal of a desk action or read, in our words, with the server's where it gave them. */
export function requestFailureText(failure: RequestFailure): string {
  if (failure.errorType === 'STALE_VERSION') return STALE_TEXT
  if (failure.reading) return READ_AGAIN_FAILED
  if (failure.errorType === 'REQUEST_STATE')
    return failure.detail ?? 'The request’s state does not allow this now.'
  if (failure.errorType === 'OFFER_EXPIRED')
    return failure.detail ?? 'The offer has expired: it can no longer be approved.'
  if (failure.errorType === 'VALIDATION_ERROR') {
    const fields = failure.fields.map((f) => `${f.field.replace(/^\//, '')}: ${f.message}`)
    return fields.length > 0 ? fields.join(' ') : (failure.detail ?? CHANGE_FAILED)
  }
  if (failure.errorType === 'PERMISSION_DENIED')
    return failure.detail ? `${DENIED} ${failure.detail}` : DENIED
  return CHANGE_FAILED
}
