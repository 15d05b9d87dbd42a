/**
 * Reading payments as each side sees them (docs/product/payments.md): the customer gets the
 * contract's Payment (the status grouped for people, amounts as the exact decimal strings
 * stored); the desk also gets Paybis's own ids, raw status and times. Rows to contract shapes.
 */
import type { Queryable } from '../db/database.ts'
import type { components } from '../../openapi/main.gen.ts'

type Schemas = components['schemas']
export type Payment = Schemas['Payment']
export type DeskPayment = Schemas['DeskPayment']
export type PaymentStatus = Schemas['PaymentStatus']

interface PaymentRow extends Record<string, unknown> {
  id: string
  request_id: string
  transaction_id: string
  exchange_request_id: string | null
  status: PaymentStatus
  provider_status: string
  spent_amount: string | null
  spent_currency: string | null
  received_amount: string | null
  received_currency: string | null
  provider_created_at: Date | null
  provider_event_at: Date | null
  created_at: Date
  updated_at: Date
  updated_by: DeskPayment['updatedBy']
}

// numeric is read as text so the driver never turns an amount into a JS number.
const columns = `id, request_id, transaction_id, exchange_request_id, status, provider_status,
  spent_amount::text AS spent_amount, spent_currency, received_amount::text AS received_amount,
  received_currency, provider_created_at, provider_event_at, created_at, updated_at, updated_by`

const iso = (at: Date) => new Date(at).toISOString()

const money = (amount: string | null, currency: string | null) =>
  amount !== null && currency !== null ? { amount, currency } : null

function paymentOf(row: PaymentRow): Payment {
  return {
    id: row.id,
    status: row.status,
    spent: money(row.spent_amount, row.spent_currency),
    received: money(row.received_amount, row.received_currency),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    ...(row.exchange_request_id !== null ? { requestId: row.exchange_request_id } : {}),
  }
}

function deskPaymentOf(row: PaymentRow): DeskPayment {
  return {
    payment: paymentOf(row),
    paybisRequestId: row.request_id,
    paybisTransactionId: row.transaction_id,
    paybisStatus: row.provider_status,
    paybisCreatedAt: row.provider_created_at ? iso(row.provider_created_at) : null,
    paybisEventAt: row.provider_event_at ? iso(row.provider_event_at) : null,
    updatedBy: row.updated_by,
  }
}

/** A customer's payments, newest first (the contract caps a list at 1000). */
export async function paymentsOf(q: Queryable, userId: string): Promise<Payment[]> {
  const rows = await q.query<PaymentRow>(
    `SELECT ${columns} FROM payments WHERE user_id = $1
     ORDER BY created_at DESC, id DESC LIMIT 1000`,
    [userId],
  )
  return rows.map(paymentOf)
}

/** A customer's payments as the desk sees them, newest first. */
export async function deskPaymentsOf(q: Queryable, userId: string): Promise<DeskPayment[]> {
  const rows = await q.query<PaymentRow>(
    `SELECT ${columns} FROM payments WHERE user_id = $1
     ORDER BY created_at DESC, id DESC LIMIT 1000`,
    [userId],
  )
  return rows.map(deskPaymentOf)
}

/** The payments made for one exchange request, as its customer sees them, newest first. */
export async function paymentsOfRequest(
  q: Queryable,
  exchangeRequestId: string,
): Promise<Payment[]> {
  const rows = await q.query<PaymentRow>(
    `SELECT ${columns} FROM payments WHERE exchange_request_id = $1
     ORDER BY created_at DESC, id DESC LIMIT 100`,
    [exchangeRequestId],
  )
  return rows.map(paymentOf)
}

/** The payments made for one exchange request, as the desk sees them, newest first. */
export async function deskPaymentsOfRequest(
  q: Queryable,
  exchangeRequestId: string,
): Promise<DeskPayment[]> {
  const rows = await q.query<PaymentRow>(
    `SELECT ${columns} FROM payments WHERE exchange_request_id = $1
     ORDER BY created_at DESC, id DESC LIMIT 100`,
    [exchangeRequestId],
  )
  return rows.map(deskPaymentOf)
}
