/** The staff console's texts (docs/product/screens.md#staff-console), shared with its tests. */
import type { StaffRole } from '../../machines/ops-staff/ops-staff.machine'
import type { OpsStaffFailure, OpsStaffNotice } from '../../machines/ops-staff/ops-staff.machine'

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
export const SEARCH_LABEL = 'E-mail address contains'
export const SEARCH_HINT =
  'At least 3 characters. Every search and every customer opened is recorded in the audit trail.'
export const SEARCH = 'Search'
export const SEARCHING = 'Searching…'
export const NO_CUSTOMERS = 'No customer’s address contains this.'
export const SEARCH_FAILED = 'The search failed. Please try again.'
export const SEARCH_DENIED = 'Your roles do not allow looking customers up.'
export const OPEN_FAILED = 'This customer could not be opened. Please try again.'
export const BACK_TO_RESULTS = 'Back to results'
export const openCustomerLabel = (email: string) => `Open ${email}`
export const customerName = (c: { firstName: string; lastName: string }) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ') || 'No name given'
export const verifiedText = (verified: boolean) => (verified ? 'Confirmed' : 'Not confirmed')
export const customersFound = (count: number, query: string) =>
  `${String(count)} ${count === 1 ? 'customer' : 'customers'} for “${query}”`
