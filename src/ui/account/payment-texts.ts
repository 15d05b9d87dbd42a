/**
 * The customer's payments page's texts (docs/product/payments.md#what-the-customer-sees), shared
 * with its tests.
 */
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Locale } from '../../../domain/locale'
import type { Payment } from '../../machines/my-payments/my-payments.machine'
import { english, englishOf } from './english'
import { figureIn } from './figures'

/** The pages' messages; the views show them in the page's language. */
export const PAYMENT_MESSAGES = {
  PAYMENTS_TITLE: msg`Your payments`,
  PAYMENTS_LINK: msg`Payments`,
  NO_PAYMENTS: msg`You have no card payments yet.`,
  PAYMENTS_LOAD_FAILED: msg`Your payments could not be loaded.`,
  REFRESH_PAYMENTS: msg`Refresh`,
  PAYMENT_FOR_REQUEST: msg`For your request`,
  AMOUNT_PENDING: msg`Amount not known yet`,
  /** A request's own payments (docs/product/payments.md#paying-for-a-request). */
  REQUEST_PAYMENTS_TITLE: msg`Card payments`,
  NO_REQUEST_PAYMENTS: msg`No card payment for this request yet.`,
  PAY_BY_CARD: msg`Pay by card`,
}

// The English texts, the spec's, for the tests.
export const {
  PAYMENTS_TITLE,
  PAYMENTS_LINK,
  NO_PAYMENTS,
  PAYMENTS_LOAD_FAILED,
  REFRESH_PAYMENTS,
  PAYMENT_FOR_REQUEST,
  REQUEST_PAYMENTS_TITLE,
  NO_REQUEST_PAYMENTS,
  PAY_BY_CARD,
} = englishOf(PAYMENT_MESSAGES)

/** The statuses as people read them (docs/product/payments.md#statuses). */
export const PAYMENT_STATUS_MESSAGES: Record<Payment['status'], MessageDescriptor> = {
  processing: msg`Processing`,
  // A payment's (feminine in Polish), not a request's.
  completed: msg({ message: 'Completed', context: 'payment status' }),
  failed: msg`Failed`,
  refunded: msg`Refunded`,
}
export const PAYMENT_STATUS_LABELS = englishOf(PAYMENT_STATUS_MESSAGES)

/**
 * "150.05 EUR → 0.00243081 BTC" ("150,05 EUR → 0,00243081 BTC" in Polish): each amount the
 * decimal string received, never a JS number.
 */
export function paymentFiguresIn(
  payment: Pick<Payment, 'spent' | 'received'>,
  text: (message: MessageDescriptor) => string,
  locale: Locale,
): string {
  const { spent, received } = payment
  if (!spent) return text(PAYMENT_MESSAGES.AMOUNT_PENDING)
  const paid = `${figureIn(spent.amount, locale)} ${spent.currency}`
  return received ? `${paid} → ${figureIn(received.amount, locale)} ${received.currency}` : paid
}

/** The figures in English, for the tests. */
export const paymentFigures = (payment: Pick<Payment, 'spent' | 'received'>): string =>
  paymentFiguresIn(payment, english, 'en')
