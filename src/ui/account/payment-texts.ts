/**
 * The customer's payments page's texts (docs/product/payments.md#what-the-customer-sees), shared
 * with its tests.
 */
import type { Payment } from '../../machines/my-payments/my-payments.machine'

export const PAYMENTS_TITLE = 'Your payments'
export const PAYMENTS_LINK = 'Payments'
export const NO_PAYMENTS = 'You have no card payments yet.'
export const PAYMENTS_LOAD_FAILED = 'Your payments could not be loaded.'
export const REFRESH_PAYMENTS = 'Refresh'
export const PAYMENT_FOR_REQUEST = 'For your request'
export const AMOUNT_PENDING = 'Amount not known yet'
/** A request's own payments (docs/product/payments.md#paying-for-a-request). */
export const REQUEST_PAYMENTS_TITLE = 'Card payments'
export const NO_REQUEST_PAYMENTS = 'No card payment for this request yet.'
export const PAY_BY_CARD = 'Pay by card'

/** The statuses as people read them (docs/product/payments.md#statuses). */
export const PAYMENT_STATUS_LABELS: Record<Payment['status'], string> = {
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
}

/** "150.05 EUR → 0.00243081 BTC": each amount the decimal string received, never a JS number. */
export function paymentFigures(payment: Pick<Payment, 'spent' | 'received'>): string {
  const { spent, received } = payment
  if (!spent) return AMOUNT_PENDING
  const paid = `${spent.amount} ${spent.currency}`
  return received ? `${paid} → ${received.amount} ${received.currency}` : paid
}
