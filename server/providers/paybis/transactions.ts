/**
 * Paybis's transactions as the server reads them, from the webhook or from GET /v2/transactions
 * (docs/decisions/113), and the one place Paybis's statuses become ours
 * (docs/product/payments.md#statuses).
 */
import type { components } from '../../../openapi/main.gen.ts'
import { isRecord } from '../in-process-fetch.ts'
import type { PaybisMoney, PaybisTransaction } from './types.ts'

export type PaymentStatus = components['schemas']['PaymentStatus']

/**
 * Paybis's status → ours. `refunded` is not among the statuses observed so far and is kept in
 * case Paybis sends it; a status we do not know stays `processing` (stored raw for the desk).
 */
const statusMap: Record<string, PaymentStatus> = {
  created: 'processing',
  completed: 'completed',
  cancelled: 'failed',
  payment_error: 'failed',
  rejected: 'failed',
  refunded: 'refunded',
}

export function paymentStatusOf(paybisStatus: string): PaymentStatus {
  return Object.hasOwn(statusMap, paybisStatus)
    ? (statusMap[paybisStatus] ?? 'processing')
    : 'processing'
}

export const isFinal = (status: PaymentStatus) => status !== 'processing'

/**
 * Whether a payment may go from one status to the next: a final status never goes back; the only
 * step after one is completed → refunded.
 */
export function mayMove(from: PaymentStatus, to: PaymentStatus): boolean {
  if (!isFinal(from)) return true
  return from === 'completed' && to === 'refunded'
}

const amountSyntax = /^(0|[1-9][0-9]{0,19})(\.[0-9]{1,18})?$/
const currencySyntax = /^[A-Z0-9]{2,12}$/
const idSyntax = /^[\w.:-]{1,128}$/

function money(raw: unknown): PaybisMoney | undefined {
  if (!isRecord(raw)) return undefined
  const { amount, currency } = raw
  if (typeof amount !== 'string' || typeof currency !== 'string') return undefined
  if (!amountSyntax.test(amount) || !currencySyntax.test(currency)) return undefined
  return { amount, currency }
}

function date(raw: unknown): Date | undefined {
  if (typeof raw !== 'string' || raw.length > 40) return undefined
  const at = new Date(raw)
  return Number.isNaN(at.getTime()) ? undefined : at
}

export type TransactionReading =
  { ok: true; transaction: PaybisTransaction } | { ok: false; field: string; message: string }

/** A transaction item read strictly: ids and status required, anything malformed left out. */
export function readTransaction(raw: unknown): TransactionReading {
  if (!isRecord(raw)) return { ok: false, field: '', message: 'is not an object' }
  if (typeof raw.id !== 'string' || !idSyntax.test(raw.id))
    return { ok: false, field: 'id', message: 'is required: the transaction id' }
  if (typeof raw.requestId !== 'string' || !idSyntax.test(raw.requestId))
    return { ok: false, field: 'requestId', message: 'is required: the widget request id' }
  if (typeof raw.status !== 'string' || !/^[a-z_-]{1,40}$/.test(raw.status))
    return { ok: false, field: 'status', message: 'is required: the transaction status' }
  const amounts = isRecord(raw.amounts) ? raw.amounts : {}
  return {
    ok: true,
    transaction: {
      id: raw.id,
      requestId: raw.requestId,
      partnerUserId: typeof raw.partnerUserId === 'string' ? raw.partnerUserId : undefined,
      status: raw.status,
      createdAt: date(raw.createdAt),
      spent: money(amounts.spentOriginal),
      received: money(amounts.receivedOriginal),
    },
  }
}
