/** The customer's request pages' texts (issue 28 parts 4 and 5), shared with their tests. */
import { CUSTOMER_STATUS_LABELS } from '../../../domain/request-lifecycle.machine'
import type { MyRequestNotice, ReplyProblem } from '../../machines/my-request/my-request.machine'
import type { ExchangeRequest } from '../../machines/my-requests/my-requests.machine'

export { CUSTOMER_STATUS_LABELS }

export const REQUESTS_TITLE = 'Your requests'
export const REQUESTS_LINK = 'Requests'
export const NO_REQUESTS = 'You have no requests yet.'
export const REQUEST_A_QUOTE = 'Request a quote'
export const REQUESTS_LOAD_FAILED = 'Your requests could not be loaded.'
export const REQUEST_LOAD_FAILED = 'This request could not be loaded.'
export const TRY_AGAIN = 'Try again'
export const LOADING = 'Loading…'

export const REQUEST_NOT_FOUND = 'Request not found'
export const BACK_TO_REQUESTS = 'Back to your requests'

export const TIMELINE_TITLE = 'Status'
export const OFFER_TITLE = 'Your offer'
export const OFFER_EXPIRED_BADGE = 'Expired'
export const ACCEPT_OFFER = 'Accept offer'
export const DECLINE_OFFER = 'Decline offer'
export const MESSAGES_TITLE = 'Messages'
export const NO_MESSAGES = 'No messages yet.'
export const REPLY_LABEL = 'Your message'
export const SEND_REPLY = 'Send'
export const FROM_CUSTOMER = 'You'
export const FROM_DESK = 'Vistula Exchange'

/** "EUR → BTC". */
export const pairOf = (request: Pick<ExchangeRequest, 'fromCurrency' | 'toCurrency'>) =>
  `${request.fromCurrency} → ${request.toCurrency}`

/** "25000 EUR": the whole amount as the server sent it. */
export const amountOf = (request: Pick<ExchangeRequest, 'amount' | 'fromCurrency'>) =>
  `${String(request.amount)} ${request.fromCurrency}`

/** The offer's figures, each the decimal string received, never a JS number. */
export const OFFER_LABELS = {
  rate: 'Rate',
  amountPaid: 'You pay',
  amountReceived: 'You receive',
  fee: 'Fee',
  validUntil: 'Valid until',
} as const

export const rateText = (rate: string, from: string, to: string) => `1 ${to} = ${rate} ${from}`
export const feeText = (fee: string, from: string, percent: string) => `${fee} ${from} (${percent})`

export const OFFER_STATE_TEXT = {
  accepted: 'You accepted this offer.',
  declined: 'You declined this offer.',
  withdrawn: 'This offer was withdrawn.',
} as const

export const NOTICE_TEXT: Record<MyRequestNotice, string> = {
  accepted: 'You accepted the offer.',
  declined: 'You declined the offer.',
  replied: 'Your message was sent.',
}

export const REPLY_PROBLEM_TEXT: Record<ReplyProblem, string> = {
  blank: 'Write a message first.',
  tooLong: 'A message can be at most 2000 characters.',
}

export const STALE_TEXT = 'This request changed. Please check the offer again.'
export const EXPIRED_TEXT = 'This offer has expired.'

/** What the page says about a failed read or action, by its error type. */
export function requestFailureText(failure: string): string {
  switch (failure) {
    case 'STALE_VERSION':
      return STALE_TEXT
    case 'OFFER_EXPIRED':
      return EXPIRED_TEXT
    case 'REQUEST_STATE':
      return 'This request has moved on. Please check it again.'
    case 'RATE_LIMITED':
      return 'Too many messages at once. Please wait a moment and try again.'
    default:
      return 'Something went wrong. Please try again.'
  }
}
