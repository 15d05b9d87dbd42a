/** The customer's request pages' texts (issue 28 parts 4 and 5), shared with their tests. */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CustomerStatus } from '../../../domain/request-lifecycle.machine'
import type { Locale } from '../../../domain/locale'
import type { MyRequestNotice, ReplyProblem } from '../../machines/my-request/my-request.machine'
import type { ExchangeRequest } from '../../machines/my-requests/my-requests.machine'
import { english, englishOf } from './english'
import { figureIn } from './figures'

/** The pages' messages; the views show them in the page's language. */
export const REQUEST_MESSAGES = {
  REQUESTS_TITLE: msg`Your requests`,
  REQUESTS_LINK: msg`Requests`,
  NO_REQUESTS: msg`You have no requests yet.`,
  REQUEST_A_QUOTE: msg`Request a quote`,
  REQUESTS_LOAD_FAILED: msg`Your requests could not be loaded.`,
  REQUEST_LOAD_FAILED: msg`This request could not be loaded.`,
  TRY_AGAIN: msg`Try again`,
  LOADING: msg`Loading…`,
  REQUEST_NOT_FOUND: msg`Request not found`,
  BACK_TO_REQUESTS: msg`Back to your requests`,
  TIMELINE_TITLE: msg`Status`,
  OFFER_TITLE: msg`Your offer`,
  OFFER_EXPIRED_BADGE: msg`Expired`,
  ACCEPT_OFFER: msg`Accept offer`,
  DECLINE_OFFER: msg`Decline offer`,
  MESSAGES_TITLE: msg`Messages`,
  NO_MESSAGES: msg`No messages yet.`,
  REPLY_LABEL: msg`Your message`,
  SEND_REPLY: msg`Send`,
  FROM_CUSTOMER: msg`You`,
  STALE_TEXT: msg`This request changed. Please check the offer again.`,
  EXPIRED_TEXT: msg`This offer has expired.`,
}

// The English texts, the spec's, for the tests.
export const {
  REQUESTS_TITLE,
  REQUESTS_LINK,
  NO_REQUESTS,
  REQUEST_A_QUOTE,
  REQUESTS_LOAD_FAILED,
  REQUEST_LOAD_FAILED,
  TRY_AGAIN,
  LOADING,
  REQUEST_NOT_FOUND,
  BACK_TO_REQUESTS,
  TIMELINE_TITLE,
  OFFER_TITLE,
  OFFER_EXPIRED_BADGE,
  ACCEPT_OFFER,
  DECLINE_OFFER,
  MESSAGES_TITLE,
  NO_MESSAGES,
  REPLY_LABEL,
  SEND_REPLY,
  FROM_CUSTOMER,
  STALE_TEXT,
  EXPIRED_TEXT,
} = englishOf(REQUEST_MESSAGES)

/** The desk's name, the brand's. */
export const FROM_DESK = 'Vistula Exchange'

/** The statuses as the customer reads them (domain/request-lifecycle.machine.ts). */
export const CUSTOMER_STATUS_MESSAGES: Record<CustomerStatus, MessageDescriptor> = {
  submitted: msg`Submitted`,
  in_review: msg`In review`,
  action_needed: msg`Action needed`,
  offer_ready: msg`Offer ready`,
  awaiting_payment: msg`Waiting for payment`,
  completed: msg`Completed`,
  closed: msg`Closed`,
}
export const CUSTOMER_STATUS_LABELS = englishOf(CUSTOMER_STATUS_MESSAGES)

/** "EUR → BTC". */
export const pairOf = (request: Pick<ExchangeRequest, 'fromCurrency' | 'toCurrency'>) =>
  `${request.fromCurrency} → ${request.toCurrency}`

/** "25000 EUR": the whole amount as the server sent it ("25 000 EUR" in Polish). */
export const amountOf = (
  request: Pick<ExchangeRequest, 'amount' | 'fromCurrency'>,
  locale: Locale = 'en',
) => `${figureIn(request.amount, locale)} ${request.fromCurrency}`

/** The offer's figures, each the decimal string received, never a JS number. */
export const OFFER_LABEL_MESSAGES = {
  rate: msg`Rate`,
  amountPaid: msg`You pay`,
  amountReceived: msg`You receive`,
  fee: msg`Fee`,
  validUntil: msg`Valid until`,
}

export const rateText = (rate: string, from: string, to: string, locale: Locale = 'en') =>
  `1 ${to} = ${figureIn(rate, locale)} ${from}`
export const feeText = (fee: string, from: string, percent: string, locale: Locale = 'en') =>
  `${figureIn(fee, locale)} ${from} (${percent})`

export const OFFER_STATE_MESSAGES = {
  accepted: msg`You accepted this offer.`,
  declined: msg`You declined this offer.`,
  withdrawn: msg`This offer was withdrawn.`,
}

export const NOTICE_MESSAGES: Record<MyRequestNotice, MessageDescriptor> = {
  accepted: msg`You accepted the offer.`,
  declined: msg`You declined the offer.`,
  replied: msg`Your message was sent.`,
}
export const NOTICE_TEXT = englishOf(NOTICE_MESSAGES)

export const REPLY_PROBLEM_MESSAGES: Record<ReplyProblem, MessageDescriptor> = {
  blank: msg`Write a message first.`,
  tooLong: msg`A message can be at most 2000 characters.`,
}
export const REPLY_PROBLEM_TEXT = englishOf(REPLY_PROBLEM_MESSAGES)

/** What the page says about a failed read or action, by its error type. */
export function requestFailureMessage(failure: string): MessageDescriptor {
  switch (failure) {
    case 'STALE_VERSION':
      return REQUEST_MESSAGES.STALE_TEXT
    case 'OFFER_EXPIRED':
      return REQUEST_MESSAGES.EXPIRED_TEXT
    case 'REQUEST_STATE':
      return msg`This request has moved on. Please check it again.`
    case 'RATE_LIMITED':
      return msg`Too many messages at once. Please wait a moment and try again.`
    default:
      return msg`Something went wrong. Please try again.`
  }
}

export const requestFailureText = (failure: string): string =>
  english(requestFailureMessage(failure))
