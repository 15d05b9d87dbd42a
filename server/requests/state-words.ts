/**
 * A request's state in the words of the problems it is named in (server/i18n/problem-text.ts): the
 * desk reads its internal state, a customer only the status they see (docs/product/requests.md).
 * Both are the labels the pages show (the console's states, the customer's statuses).
 */
import {
  customerStatus,
  type CustomerStatus,
  type RequestState,
} from '../../domain/request-lifecycle.machine.ts'
import type { ProblemText } from '../i18n/problem-text.ts'

const customerWords: Record<CustomerStatus, ProblemText> = {
  submitted: /*i18n*/ { id: 'problem.status.submitted', message: 'Submitted' },
  in_review: /*i18n*/ { id: 'problem.status.in-review', message: 'In review' },
  action_needed: /*i18n*/ { id: 'problem.status.action-needed', message: 'Action needed' },
  offer_ready: /*i18n*/ { id: 'problem.status.offer-ready', message: 'Offer ready' },
  awaiting_payment: /*i18n*/ {
    id: 'problem.status.awaiting-payment',
    message: 'Waiting for payment',
  },
  completed: /*i18n*/ { id: 'problem.status.completed', message: 'Completed' },
  closed: /*i18n*/ { id: 'problem.status.closed', message: 'Closed' },
}

const deskWords: Record<RequestState, ProblemText> = {
  submitted: /*i18n*/ { id: 'problem.state.submitted', message: 'Submitted' },
  assigned: /*i18n*/ { id: 'problem.state.assigned', message: 'Assigned' },
  in_review: /*i18n*/ { id: 'problem.state.in-review', message: 'In review' },
  on_hold: /*i18n*/ { id: 'problem.state.on-hold', message: 'On hold' },
  awaiting_customer: /*i18n*/ {
    id: 'problem.state.awaiting-customer',
    message: 'Waiting for the customer',
  },
  offer_pending_approval: /*i18n*/ {
    id: 'problem.state.offer-pending-approval',
    message: 'Offer waiting for approval',
  },
  offer_sent: /*i18n*/ { id: 'problem.state.offer-sent', message: 'Offer sent' },
  awaiting_payment: /*i18n*/ {
    id: 'problem.state.awaiting-payment',
    message: 'Waiting for payment',
  },
  completed: /*i18n*/ { id: 'problem.state.completed', message: 'Completed' },
  declined: /*i18n*/ { id: 'problem.state.declined', message: 'Declined' },
  expired: /*i18n*/ { id: 'problem.state.expired', message: 'Expired' },
  cancelled: /*i18n*/ { id: 'problem.state.cancelled', message: 'Cancelled' },
}

/** The status a customer sees, in words. */
export function customerStatusWords(status: CustomerStatus): ProblemText {
  return customerWords[status]
}

/** The state as the caller may see it: a customer never reads an internal state's name. */
export function stateWords(state: RequestState, side: 'desk' | 'customer'): ProblemText {
  return side === 'desk' ? deskWords[state] : customerWords[customerStatus(state)]
}
