/** Problem texts (server/i18n/problem-text.ts) that more than one service answers with. */
import type { ProblemText } from './problem-text.ts'

export const noSuchRequest: ProblemText = /*i18n*/ {
  id: 'problem.no-such-request',
  message: 'No such request',
}

export const noSuchCustomer: ProblemText = /*i18n*/ {
  id: 'problem.no-such-customer',
  message: 'No such customer',
}

export const noSuchAccount: ProblemText = /*i18n*/ {
  id: 'problem.no-such-account',
  message: 'No such account.',
}

export const noSuchPasskey: ProblemText = /*i18n*/ {
  id: 'problem.no-such-passkey',
  message: 'No such passkey.',
}

export const noSuchStaffMember: ProblemText = /*i18n*/ {
  id: 'problem.no-such-staff-member',
  message: 'No such staff member',
}

export const staffMemberDeactivated: ProblemText = /*i18n*/ {
  id: 'problem.staff-member-deactivated',
  message: 'This staff member is deactivated',
}
