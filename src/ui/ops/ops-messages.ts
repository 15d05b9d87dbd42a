/**
 * The staff console's texts (docs/product/screens.md#staff-console, docs/product/languages.md#the-staff-console):
 * messages of the `ops` catalog, in the staff member's language. `opsTexts` gives them for one
 * i18n instance; the views read them with `useOpsTexts`, which also gives the language that the
 * console's amounts and dates are written in. The machines keep ids and codes; these are their
 * words.
 */
import type { I18n } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { formatDateTime as dateTimeIn } from '../../../domain/format-date'
import { formatDecimal, isPlainDecimal } from '../../../domain/format-number'
import { isLocale, sourceLocale, type Locale } from '../../../domain/locale'
import type { CustomerStatus } from '../../../domain/request-lifecycle.machine'
import { useLingui } from '../../i18n/runtime'
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
import type {
  CustomerActionDone,
  VerificationKind,
} from '../../machines/ops-customer-actions/ops-customer-actions.machine'

export const allRoles: readonly StaffRole[] = [
  'support',
  'manager',
  'compliance',
  'admin',
  'auditor',
]

/** Every text of the console in `i18n`'s language, and that language's number and date writing. */
export function opsTexts(i18n: I18n) {
  const _ = i18n._.bind(i18n)
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : sourceLocale
  // The server writes a problem's detail in the console's language (Accept-Language), so the
  // console shows it beside its own words; a field's rule (the contract validator's words) is
  // English only, so another language shows its own (docs/product/languages.md#the-apis-answers).
  const fieldWords = locale === sourceLocale
  const named = (names: Record<string, string>, key: string) => names[key] ?? key

  const roleNames: Record<StaffRole, string> = {
    support: _(msg`Support`),
    manager: _(msg`Manager`),
    compliance: _(msg`Compliance`),
    admin: _(msg`Admin`),
    auditor: _(msg`Auditor`),
  }
  const NO_ROLES = _(msg`No roles`)
  const rolesInWords = (roles: readonly StaffRole[]) =>
    roles.length > 0 ? roles.map((r) => roleNames[r]).join(', ') : NO_ROLES

  const TAKEN = _(msg`This address already has an account.`)
  const DENIED = _(msg`You cannot do this.`)
  const CHANGE_FAILED = _(msg`The change could not be made. Please try again.`)
  const STALE_TEXT = _(
    msg`This request changed while you were looking at it. It has been reloaded.`,
  )
  const READ_AGAIN_FAILED = _(msg`The request could not be read again. Please try again.`)
  const REQUEST_STATE_TEXT = _(msg`The request’s state does not allow this now.`)
  const OFFER_EXPIRED_TEXT = _(msg`The offer has expired: it can no longer be approved.`)
  const INVALID_VALUE = _(msg`This value is not accepted.`)
  const denied = (detail: string | null) => (detail ? `${DENIED} ${detail}` : DENIED)

  const operationLabels: Record<DeskOperation, string> = {
    assignRequest: _(msg`Assign to me`),
    startRequestReview: _(msg`Start the review`),
    holdRequest: _(msg`Put on hold`),
    releaseRequest: _(msg`Release the hold`),
    askCustomer: _(msg`Ask the customer`),
    sendOffer: _(msg`Make an offer`),
    approveOffer: _(msg`Approve the offer`),
    rejectOffer: _(msg`Send the offer back`),
    declineRequest: _(msg`Decline`),
    completeRequest: _(msg`Mark as paid and completed`),
    cancelRequest: _(msg`Cancel the request`),
    addRequestNote: _(msg`Add a note`),
  }

  /** A decimal string in this language ('1250.50' / '1250,50'), or as it came when it is not one. */
  const decimal = (value: string) =>
    isPlainDecimal(value) ? formatDecimal(value, locale, { decimals: 'as-written' }) : value

  return {
    locale,
    /** A time as people read it, in Warsaw, in this language. */
    dateTime: (iso: string) => dateTimeIn(iso, locale),
    /** A time, or a dash. */
    when: (iso: string | null) => (iso ? dateTimeIn(iso, locale) : '—'),
    decimal,
    /** A percentage as the server writes it, in this language: '1.1%' / '1,1%'. */
    percent: (value: string) => (value.endsWith('%') ? `${decimal(value.slice(0, -1))}%` : value),
    /** A figure with its currency, its decimals kept: '0.00162 BTC' / '0,00162 BTC'; or a dash. */
    money: (m: { amount: string; currency: string } | null | undefined) =>
      m ? `${decimal(m.amount)} ${m.currency}` : '—',

    CONSOLE_TITLE: _(msg`Staff console`),
    HOME: _(msg`Vistula Exchange — home`),
    TRY_AGAIN: _(msg`Try again`),
    LOADING: _(msg`Loading…`),
    SECOND_FACTOR_TITLE: _(msg`Set up a second factor first`),
    SECOND_FACTOR_TEXT: _(
      msg`Staff need a passkey or an authenticator app to use the console. Set one up in your account’s security, then try again.`,
    ),
    SECOND_FACTOR_LINK: _(msg`Go to account security`),
    CONSOLE_DENIED: _(msg`Your account has no access to the staff console.`),
    CONSOLE_FAILED: _(msg`The console could not be opened. Please try again.`),
    NOT_ALLOWED_PAGE: _(msg`Your roles do not open this page.`),
    LOG_OUT: _(msg`Log out`),
    STAFF_TITLE: _(msg`Staff`),
    AUDIT_TITLE: _(msg`Audit trail`),
    OVERVIEW_TITLE: _(msg`Overview`),
    SECTIONS: _(msg`Sections`),
    signedInAs: _(msg`Signed in as`),
    rolesLine: (roles: readonly StaffRole[]) => {
      const names = rolesInWords(roles)
      return _(msg`Roles: ${names}`)
    },
    overviewNotes: {
      requests: _(msg`The request desk: open requests, offers, holds and the customer’s thread.`),
      customers: _(msg`Find a customer by address, name or id and open their page.`),
      staff: _(msg`Staff members, their roles and admin approvals.`),
      audit: _(msg`Who did what, filtered and exported as CSV.`),
      none: _(msg`Your roles open no section of the console yet.`),
    },

    roleNames,
    rolesInWords,

    // Staff management
    STAFF_LOAD_FAILED: _(msg`The staff list could not be loaded.`),
    INVITE: _(msg`Invite a staff member`),
    REFRESH: _(msg`Refresh`),
    INVITE_TITLE: _(msg`Invite a staff member`),
    EMAIL_LABEL: _(msg`E-mail address`),
    ROLES_LEGEND: _(msg`Roles`),
    SEND_INVITE: _(msg`Send invitation`),
    CANCEL: _(msg`Cancel`),
    SAVE_ROLES: _(msg`Save roles`),
    REASON_LABEL: _(msg`Reason`),
    DEACTIVATE: _(msg`Deactivate`),
    APPROVE: _(msg`Approve`),
    PENDING_TITLE: _(msg`Waiting for a second admin`),
    NO_PENDING: _(msg`No admin role change is waiting.`),
    ADMIN_NOTE: _(msg`Giving or taking the Admin role waits for a second admin’s approval.`),
    YOU: _(msg`you`),
    TAKEN,
    staffColumns: {
      status: _(msg`Status`),
      added: _(msg`Added`),
      actions: _(msg`Actions`),
    },
    ROLES_BUTTON: _(msg`Roles`),
    askedBy: (by: string, at: string) => _(msg`Asked by ${by}, ${at}`),
    rolesTitle: (email: string) => _(msg`Roles of ${email}`),
    deactivateTitle: (email: string) => _(msg`Deactivate ${email}`),
    editRolesLabel: (email: string) => _(msg`Change the roles of ${email}`),
    deactivateLabel: (email: string) => _(msg`Deactivate ${email}`),
    approveLabel: (email: string) => _(msg`Approve the change for ${email}`),
    memberStatus: (member: {
      active: boolean
      passwordSet: boolean
      secondFactor: boolean
    }): string => {
      if (!member.active) return _(msg({ message: 'Deactivated', context: 'staff member' }))
      if (!member.passwordSet) return _(msg({ message: 'Invited', context: 'staff member' }))
      return member.secondFactor
        ? _(msg({ message: 'Active', context: 'staff member' }))
        : _(msg({ message: 'Active, no second factor', context: 'staff member' }))
    },
    grantInWords: (grant: { change: 'grant' | 'revoke'; role: StaffRole }): string => {
      const role = roleNames[grant.role]
      return grant.change === 'grant'
        ? _(msg`Give the ${role} role`)
        : _(msg`Take the ${role} role away`)
    },
    staffNoticeText: (notice: OpsStaffNotice): string => {
      const email = notice.email
      switch (notice.kind) {
        case 'invited':
          return _(msg`An invitation was sent to ${email}.`)
        case 'rolesChanged':
          return notice.pending
            ? _(msg`The roles of ${email} were saved; the Admin change waits for a second admin.`)
            : _(msg`The roles of ${email} were saved.`)
        case 'deactivated':
          return _(msg`${email} was deactivated.`)
        case 'approved':
          return _(msg`The change for ${email} was approved.`)
      }
    },
    /** A refusal in our words, with the server's detail after it where it gave one. */
    staffFailureText: (failure: OpsStaffFailure, form: 'invite' | 'other'): string => {
      if (form === 'invite' && failure.status === 409) return TAKEN
      if (failure.errorType === 'PERMISSION_DENIED') return denied(failure.detail)
      return CHANGE_FAILED
    },

    // Audit trail
    AUDIT_LOAD_FAILED: _(msg`The audit trail could not be loaded.`),
    FILTERS_TITLE: _(msg`Filters`),
    filterLabels: {
      actor: _(msg`Person id`),
      customer: _(msg`Customer id`),
      action: _(msg`Action`),
      from: _(msg`From`),
      to: _(msg`To`),
    },
    APPLY_FILTERS: _(msg`Show entries`),
    OLDER: _(msg`Older entries`),
    EXPORT: _(msg`Export CSV`),
    NO_ENTRIES: _(msg`No entries match these filters.`),
    MORE_FAILED: _(msg`The older entries could not be loaded. Please try again.`),
    EXPORT_FAILED: _(msg`The export failed. Please try again.`),
    EXPORTED: _(msg`The CSV file has been downloaded.`),
    SYSTEM: _(msg`not signed in`),
    auditColumns: {
      when: _(msg`When`),
      who: _(msg`Who`),
      action: _(msg`Action`),
      about: _(msg`About`),
      outcome: _(msg`Outcome`),
      reason: _(msg`Reason`),
    },
    filterProblemTexts: {
      notAnId: _(msg`Enter an id like 3f2b6c1e-…, as the console shows it.`),
      notAnAction: _(
        msg`Enter an action such as customer.viewed or getStaffSelf, or a prefix such as staff.`,
      ),
      notADate: _(msg`Enter a date.`),
      beforeFrom: _(msg`The end date is before the start date.`),
    } as Record<string, string>,
    outcomeNames: {
      succeeded: _(msg`Succeeded`),
      denied: _(msg`Denied`),
      failed: _(msg`Failed`),
    },

    // Customer lookup
    CUSTOMERS_TITLE: _(msg`Customers`),
    SEARCH_LABEL: _(msg`E-mail address, name or customer id`),
    SEARCH_HINT: _(
      msg`At least 3 characters of an address or name, or a whole id. Every search and every customer page opened is recorded in the audit trail.`,
    ),
    SEARCH: _(msg`Search`),
    SEARCHING: _(msg`Searching…`),
    NO_CUSTOMERS: _(msg`No customer’s address or name contains this.`),
    SEARCH_FAILED: _(msg`The search failed. Please try again.`),
    SEARCH_DENIED: _(msg`Your roles do not allow looking customers up.`),
    customerColumns: {
      email: _(msg`E-mail address`),
      name: _(msg`Name`),
      country: _(msg`Country`),
      registered: _(msg`Registered`),
    },
    customersFound: (count: number, query: string) =>
      _(msg`${plural(count, { one: '# customer', other: '# customers' })} for “${query}”`),

    // A customer's page
    ALL_CUSTOMERS: _(msg`All customers`),
    CUSTOMER_NOT_FOUND: _(msg`There is no customer with this id.`),
    CUSTOMER_LOAD_FAILED: _(msg`This customer could not be loaded.`),
    CUSTOMER: _(msg`Customer`),
    customerTitle: (email: string) => _(msg`Customer ${email}`),
    CUSTOMER_SECTIONS: {
      profile: _(msg`Profile`),
      verification: _(msg`Verification`),
      history: _(msg`Verification history`),
      verificationRequests: _(msg`Verification requests`),
      holds: _(msg`Holds`),
      requests: _(msg`Requests`),
      payments: _(msg`Payments`),
      sessions: _(msg`Active sessions`),
      notes: _(msg`Internal notes`),
    },
    profileLabels: {
      name: _(msg`Name`),
      phone: _(msg`Phone`),
      country: _(msg`Country`),
      email: _(msg`E-mail address`),
      registered: _(msg`Registered`),
      id: _(msg`Customer id`),
    },
    historyColumns: [
      _(msg`Event`),
      _(msg`Kind`),
      _(msg`Status`),
      _(msg`Answer`),
      _(msg`At Sumsub`),
      _(msg`Received`),
      _(msg`Outcome`),
    ],
    verificationRequestColumns: [
      _(msg`Kind`),
      _(msg`Note for the customer`),
      _(msg`State`),
      _(msg`Asked`),
      _(msg`By`),
    ],
    holdColumns: [_(msg`Reason`), _(msg`Placed`), _(msg`By`), _(msg`State`)],
    customerRequestColumns: [
      _(msg`Request`),
      _(msg`Pair`),
      _(msg`Amount`),
      _(msg`State`),
      _(msg`Created`),
    ],
    sessionColumns: [_(msg`Device`), _(msg`Signed in`), _(msg`Last used`)],
    // The records' own states, named in English as the records write them (the console has
    // always shown them so), and in Polish words; a state not named shows as it came.
    /** Sumsub's review statuses. */
    reviewStatusName: (status: string): string =>
      named(
        {
          init: _(msg({ message: 'init', context: 'Sumsub review status' })),
          pending: _(msg({ message: 'pending', context: 'Sumsub review status' })),
          prechecked: _(msg({ message: 'prechecked', context: 'Sumsub review status' })),
          queued: _(msg({ message: 'queued', context: 'Sumsub review status' })),
          completed: _(msg({ message: 'completed', context: 'Sumsub review status' })),
          onHold: _(msg({ message: 'onHold', context: 'Sumsub review status' })),
        },
        status,
      ),
    /** What became of a Sumsub event on our side. */
    historyOutcomeName: (outcome: string): string =>
      named(
        {
          applied: _(msg({ message: 'applied', context: 'Sumsub event outcome' })),
          stale: _(msg({ message: 'stale', context: 'Sumsub event outcome' })),
          ignored: _(msg({ message: 'ignored', context: 'Sumsub event outcome' })),
        },
        outcome,
      ),
    verificationRequestStateName: (state: string): string =>
      named(
        {
          open: _(msg({ message: 'open', context: 'verification request state' })),
          fulfilled: _(msg({ message: 'fulfilled', context: 'verification request state' })),
          withdrawn: _(msg({ message: 'withdrawn', context: 'verification request state' })),
        },
        state,
      ),
    REQUEST_PAYMENTS: _(msg`Card payments`),
    VIEW_RECORDED: _(msg`This view is recorded in the audit trail.`),
    NOTHING_YET: _(msg`None.`),
    NOT_STARTED: _(msg`Not started`),
    CUSTOMER_NOTE_LABEL: _(msg`New note (only staff see it)`),
    ADD_NOTE: _(msg`Add note`),
    NOTE_ADDED: _(msg`The note was added.`),
    NOTE_FAILED: _(msg`The note could not be added. Please try again.`),
    HOLD_ACTIVE: _(msg`Active`),
    holdLifted: (at: string) => _(msg`Lifted ${at}`),
    customerName: (c: { firstName: string; lastName: string }) =>
      [c.firstName, c.lastName].filter(Boolean).join(' ') || _(msg`No name given`),
    verifiedText: (verified: boolean) => (verified ? _(msg`Confirmed`) : _(msg`Not confirmed`)),

    // Card payments
    paymentColumns: [
      _(msg`Paid`),
      _(msg`Received`),
      _(msg`Status`),
      'Paybis',
      _(msg`Created`),
      _(msg`Last change`),
    ],
    paymentStatusName: (status: string): string =>
      named(
        {
          processing: _(msg({ message: 'processing', context: 'card payment' })),
          completed: _(msg({ message: 'completed', context: 'card payment' })),
          failed: _(msg({ message: 'failed', context: 'card payment' })),
          refunded: _(msg({ message: 'refunded', context: 'card payment' })),
        },
        status,
      ),
    paymentSourceName: (source: string): string =>
      named(
        {
          webhook: _(msg({ message: 'webhook', context: 'card payment' })),
          reconciliation: _(msg({ message: 'reconciliation', context: 'card payment' })),
        },
        source,
      ),

    // The verification and hold panel (docs/product/staff.md#verification-requests, #customer-holds)
    ACTIONS_TITLE: _(msg`Verification and hold`),
    KIND_LABEL: _(msg`Verification to ask for`),
    KIND_NAMES: {
      KYC: _(msg`KYC (identity)`),
      KYB: _(msg`KYB (business)`),
    } as Record<VerificationKind, string>,
    ACTION_NOTE_LABEL: _(msg`Note for the customer`),
    ACTION_NOTE_HINT: _(
      msg`The customer reads this note on their verification page and in the e-mail.`,
    ),
    REQUEST_VERIFICATION: _(msg`Request verification`),
    WITHDRAW: _(msg`Withdraw`),
    withdrawLabel: (kind: VerificationKind) => _(msg`Withdraw the ${kind} request`),
    HOLD_REASON_LABEL: _(msg`Reason (internal, never shown to the customer)`),
    HOLD_FORM: _(msg`Hold`),
    PLACE_HOLD: _(msg`Place hold`),
    LIFT_HOLD: _(msg`Lift hold`),
    DONE_TEXTS: {
      requested: _(msg`Verification requested; the customer was e-mailed.`),
      withdrawn: _(msg`Request withdrawn.`),
      placed: _(msg`Hold placed.`),
      lifted: _(msg`Hold lifted.`),
    } as Record<CustomerActionDone, string>,
    /** What a refusal says: the server's reason for a conflict, else a short message. */
    actionFailureText: (failure: { errorType: string; detail: string | null }): string => {
      if (failure.errorType === 'PERMISSION_DENIED') return _(msg`Your roles do not allow this.`)
      if (failure.errorType === 'CUSTOMER_STATE' && failure.detail) return failure.detail
      return _(msg`The action failed. Please try again.`)
    },

    // The request desk
    REQUESTS_TITLE: _(msg`Requests`),
    INBOX_LOAD_FAILED: _(msg`The requests could not be loaded.`),
    SHOW_REQUESTS: _(msg`Show requests`),
    NEXT_PAGE: _(msg`Next page`),
    FIRST_PAGE: _(msg`First page`),
    ASSIGN_TO_ME: _(msg`Assign to me`),
    NO_REQUESTS: _(msg`No request matches these filters.`),
    INBOX_KEYS: _(
      msg`Keys: j or ↓ next, k or ↑ previous, Enter opens the request, a assigns it to you.`,
    ),
    NOBODY: _(msg`Nobody`),
    STALE_TEXT,
    REQUEST_NOT_FOUND: _(msg`There is no request with this id.`),
    REQUEST_LOAD_FAILED: _(msg`The request could not be loaded.`),
    ALL_REQUESTS: _(msg`All requests`),
    REQUEST: _(msg`Request`),
    inboxColumns: {
      customer: _(msg`Customer`),
      pair: _(msg`Pair`),
      amount: _(msg`Amount`),
      state: _(msg`State`),
      assignee: _(msg`Assigned to`),
      submitted: _(msg`Submitted`),
      actions: _(msg`Actions`),
    },
    pageOf: (page: number) => {
      const number = String(page)
      return _(msg`Page ${number}`)
    },
    assignToMeLabel: (email: string) => _(msg`Assign the request of ${email} to me`),
    assignedNotice: (email: string) => _(msg`The request of ${email} is assigned to you.`),
    requestTitle: (email: string) => _(msg`Request of ${email}`),

    stateNames: {
      submitted: _(msg({ message: 'Submitted', context: 'request state' })),
      assigned: _(msg({ message: 'Assigned', context: 'request state' })),
      in_review: _(msg({ message: 'In review', context: 'request state' })),
      on_hold: _(msg({ message: 'On hold', context: 'request state' })),
      awaiting_customer: _(msg({ message: 'Waiting for the customer', context: 'request state' })),
      offer_pending_approval: _(
        msg({ message: 'Offer waiting for approval', context: 'request state' }),
      ),
      offer_sent: _(msg({ message: 'Offer sent', context: 'request state' })),
      awaiting_payment: _(msg({ message: 'Waiting for payment', context: 'request state' })),
      completed: _(msg({ message: 'Completed', context: 'request state' })),
      declined: _(msg({ message: 'Declined', context: 'request state' })),
      expired: _(msg({ message: 'Expired', context: 'request state' })),
      cancelled: _(msg({ message: 'Cancelled', context: 'request state' })),
    } as Record<RequestState, string>,
    /** The status the customer reads for a request, as the desk sees it named. */
    customerStatusNames: {
      submitted: _(msg({ message: 'Submitted', context: 'customer status' })),
      in_review: _(msg({ message: 'In review', context: 'customer status' })),
      action_needed: _(msg({ message: 'Action needed', context: 'customer status' })),
      offer_ready: _(msg({ message: 'Offer ready', context: 'customer status' })),
      awaiting_payment: _(msg({ message: 'Waiting for payment', context: 'customer status' })),
      completed: _(msg({ message: 'Completed', context: 'customer status' })),
      closed: _(msg({ message: 'Closed', context: 'customer status' })),
    } as Record<CustomerStatus, string>,

    inboxFilterLabels: {
      state: _(msg`State`),
      assignee: _(msg`Assigned to`),
      pair: _(msg`Pair`),
      amountMin: _(msg`Amount from`),
      amountMax: _(msg`Amount to`),
      olderThanHours: _(msg`Waiting at least (hours)`),
      q: _(msg`Search`),
      sort: _(msg`Sort`),
    } as Record<InboxFilterField, string>,
    SEARCH_REQUESTS_HINT: _(msg`A request id, or the start of an e-mail address or name.`),
    stateFilterNames: { open: _(msg`Open`), all: _(msg`All`) },
    assigneeNames: {
      anyone: _(msg`Anyone`),
      me: _(msg`Me`),
      none: _(msg`Nobody`),
    } as Record<InboxAssignee, string>,
    sortNames: {
      oldest: _(msg`Oldest first`),
      newest: _(msg`Newest first`),
      'amount-desc': _(msg`Largest amount first`),
      'amount-asc': _(msg`Smallest amount first`),
    } as Record<InboxSort, string>,
    inboxProblemTexts: {
      notAPair: _(msg`Enter a pair such as EUR-BTC.`),
      notAnAmount: _(msg`Enter a whole amount, at most 1000000000.`),
      maxBelowMin: _(msg`The upper amount is below the lower one.`),
      notHours: _(msg`Enter whole hours, 1 to 8760.`),
      tooShort: _(msg`Enter at least 2 characters.`),
      notAChoice: _(msg`Pick one of the choices.`),
    } as Record<InboxFilterProblem, string>,

    /** Each action's button. */
    operationLabels,
    /** Each form's send button. */
    submitLabels: {
      ...operationLabels,
      askCustomer: _(msg`Send the question`),
      sendOffer: _(msg`Send the offer`),
      addRequestNote: _(msg`Add the note`),
    } as Record<DeskOperation, string>,
    /** What the page says once an action went through. */
    doneTexts: {
      assignRequest: _(msg`The request is assigned to you.`),
      startRequestReview: _(msg`The review has started.`),
      holdRequest: _(msg`The request is on hold.`),
      releaseRequest: _(msg`The hold is lifted.`),
      askCustomer: _(msg`The question was sent to the customer.`),
      sendOffer: _(msg`The offer was recorded.`),
      approveOffer: _(msg`The offer was approved and sent.`),
      rejectOffer: _(msg`The offer was sent back.`),
      declineRequest: _(msg`The request was declined.`),
      completeRequest: _(msg`The request is completed.`),
      cancelRequest: _(msg`The request was cancelled.`),
      addRequestNote: _(msg`The note was added.`),
    } as Record<DeskOperation, string>,
    ACTIONS: _(msg`Actions`),
    requestLabels: {
      customer: _(msg`Customer`),
      contactName: _(msg`Contact name`),
      contactEmail: _(msg`Contact e-mail`),
      phone: _(msg`Phone`),
      country: _(msg`Country`),
      amount: _(msg`Amount`),
      promoCode: _(msg`Promo code`),
      state: _(msg`State`),
      customerSees: _(msg`Customer sees`),
      assignee: _(msg`Assigned to`),
      version: _(msg`Version`),
      submitted: _(msg`Submitted`),
      id: _(msg`Request id`),
      message: _(msg`Message`),
    },
    TIMELINE: _(msg`Timeline`),
    timelineColumns: [_(msg`Change`), _(msg`By`), _(msg`Reason`), _(msg`When`)],
    THE_SYSTEM: _(msg`The system`),
    /** Who changed a request's state: a staff member's address, or the customer. */
    changedBy: (by: string) =>
      by === 'customer' ? _(msg({ message: 'customer', context: 'who changed a request' })) : by,
    OFFERS: _(msg`Offers`),
    NO_OFFER: _(msg`No offer yet.`),
    offerColumns: [
      _(msg`State`),
      _(msg`Rate`),
      _(msg`Paid`),
      _(msg`Received`),
      _(msg`Fee`),
      _(msg`Valid until`),
      _(msg`Proposed by`),
      _(msg`Approved by`),
    ],
    NOT_YET: _(msg`Not yet`),
    NOT_NEEDED: _(msg`Not needed`),
    offerStateNames: {
      pending_approval: _(msg({ message: 'Waiting for a second manager', context: 'offer state' })),
      open: _(msg({ message: 'Open', context: 'offer state' })),
      accepted: _(msg({ message: 'Accepted', context: 'offer state' })),
      declined: _(msg({ message: 'Declined', context: 'offer state' })),
      expired: _(msg({ message: 'Expired', context: 'offer state' })),
      withdrawn: _(msg({ message: 'Withdrawn', context: 'offer state' })),
      rejected: _(msg({ message: 'Sent back', context: 'offer state' })),
    } as Record<string, string>,
    MESSAGES: _(msg`Messages`),
    NO_MESSAGE: _(msg`No message yet.`),
    FROM_CUSTOMER: _(msg`Customer`),
    FROM_DESK: _(msg`Desk`),
    INTERNAL_NOTES: _(msg`Internal notes`),
    NO_NOTE: _(msg`No note yet.`),
    QUESTION_LABEL: _(msg`Question to the customer`),
    NOTE_LABEL: _(msg`Note (only staff see it)`),
    REASON_HINT: _(msg`Staff only: the customer never sees it.`),
    offerLabels: {
      rate: (from: string, to: string) => _(msg`Rate (price of 1 ${to} in ${from})`),
      amountPaid: (from: string) => _(msg`Amount paid (${from})`),
      validUntil: _(msg`Valid until`),
      amountReceived: _(msg`Amount received`),
      fee: _(msg`Fee`),
    },
    offerProblemTexts: {
      notANumber: _(msg`Enter a number such as 1250.50, with a point and no spaces.`),
      notPositive: _(msg`Enter more than 0.`),
      tooManyDecimals: _(msg`Too many decimals for this currency.`),
      notATime: _(msg`Enter a date and time.`),
    } as Record<OfferDraftProblem, string>,

    /** A refusal of a desk action or read, in our words, with the server's where it gave them. */
    requestFailureText: (failure: RequestFailure): string => {
      if (failure.errorType === 'STALE_VERSION') return STALE_TEXT
      if (failure.reading) return READ_AGAIN_FAILED
      if (failure.errorType === 'REQUEST_STATE') return failure.detail ?? REQUEST_STATE_TEXT
      if (failure.errorType === 'OFFER_EXPIRED') return failure.detail ?? OFFER_EXPIRED_TEXT
      if (failure.errorType === 'VALIDATION_ERROR') {
        const fields = failure.fields.map(
          (f) => `${f.field.replace(/^\//, '')}: ${fieldWords ? f.message : INVALID_VALUE}`,
        )
        return fields.length > 0 ? fields.join(' ') : (failure.detail ?? CHANGE_FAILED)
      }
      if (failure.errorType === 'PERMISSION_DENIED') return denied(failure.detail)
      return CHANGE_FAILED
    },
  }
}

export type OpsTexts = ReturnType<typeof opsTexts>

/** Each i18n instance's texts, per language it was active in. */
const made = new WeakMap<I18n, Map<string, OpsTexts>>()

/** The console's texts in the language its catalog was provided in (English without one). */
export function useOpsTexts(): OpsTexts {
  const { i18n } = useLingui()
  let byLocale = made.get(i18n)
  if (!byLocale) {
    byLocale = new Map()
    made.set(i18n, byLocale)
  }
  let texts = byLocale.get(i18n.locale)
  if (!texts) {
    texts = opsTexts(i18n)
    byLocale.set(i18n.locale, texts)
  }
  return texts
}
