/**
 * Reading a request as each side sees it (docs/product/requests.md): the desk gets everything; the
 * customer gets what one map (customerStatus) and the `for_customer` flag allow, and the columns
 * read for them never include a reason or a note. Rows to contract shapes, nothing else.
 */
import type { Queryable } from '../db/database.ts'
import { toSafeInteger } from '../../domain/decimal.ts'
import {
  customerStatus,
  type CustomerStatus,
  type LifecycleContext,
  type RequestState,
} from '../../domain/request-lifecycle.machine.ts'
import type { components } from '../../openapi/main.gen.ts'
import { deskPaymentsOfRequest, paymentsOfRequest } from '../payments/payment-records.ts'

type Schemas = components['schemas']
export type ExchangeRequest = Schemas['ExchangeRequest']
export type CustomerRequestDetails = Schemas['CustomerRequestDetails']
export type DeskRequestDetails = Schemas['DeskRequestDetails']
export type DeskRequestSummary = Schemas['DeskRequestSummary']
type Currency = Schemas['CurrencyCode']

export interface RequestRow {
  id: string
  user_id: string
  account_email: string
  from_currency: string
  to_currency: string
  amount: string
  name: string
  email: string
  phone: string
  country: string
  message: string
  state: RequestState
  version: number
  assignee_id: string | null
  assignee_email: string | null
  created_at: Date
  updated_at: Date
  /** The actor kind of the thread's newest message, if any. */
  last_message_from: 'customer' | 'staff' | null
  [key: string]: unknown
}

export interface OfferRow {
  id: string
  request_id: string
  rate: string
  amount_paid: string
  amount_received: string
  fee: string
  fee_percent: string
  valid_until: Date
  needs_approval: boolean
  state: Schemas['DeskOffer']['state']
  proposed_by: string
  proposed_by_email: string
  approved_by: string | null
  approved_by_email: string | null
  created_at: Date
  [key: string]: unknown
}

const iso = (at: Date | string) => new Date(at).toISOString()

export const requestColumns = `r.id, r.user_id, u.email AS account_email, r.from_currency, r.to_currency,
  r.amount, r.name, r.email, r.phone, r.country, r.message, r.state, r.version, r.assignee_id,
  a.email AS assignee_email, r.created_at, r.updated_at,
  (SELECT e.actor_kind FROM request_events e WHERE e.request_id = r.id AND e.kind = 'message'
   ORDER BY e.seq DESC LIMIT 1) AS last_message_from`

/** The request, its account and its assignee; with `lock`, held until the transaction ends. */
export async function readRequest(
  q: Queryable,
  id: string,
  options: { lock?: boolean; customerId?: string } = {},
): Promise<RequestRow | undefined> {
  const [row] = await q.query<RequestRow>(
    `SELECT ${requestColumns}
     FROM exchange_requests r JOIN users u ON u.id = r.user_id
     LEFT JOIN users a ON a.id = r.assignee_id
     WHERE r.id = $1 ${options.customerId ? 'AND r.user_id = $2' : ''}
     ${options.lock ? 'FOR UPDATE OF r' : ''}`,
    options.customerId ? [id, options.customerId] : [id],
  )
  return row
}

const offerColumns = `o.id, o.request_id, o.rate, o.amount_paid, o.amount_received, o.fee,
  o.fee_percent, o.valid_until, o.needs_approval, o.state, o.proposed_by,
  p.email AS proposed_by_email, o.approved_by, a.email AS approved_by_email, o.created_at`

/** Every offer of a request, newest first. */
export function readOffers(q: Queryable, requestId: string): Promise<OfferRow[]> {
  return q.query<OfferRow>(
    `SELECT ${offerColumns} FROM request_offers o JOIN users p ON p.id = o.proposed_by
     LEFT JOIN users a ON a.id = o.approved_by
     WHERE o.request_id = $1 ORDER BY o.created_at DESC, o.id DESC`,
    [requestId],
  )
}

/** The offer waiting for approval or for the customer, if any. */
export function liveOffer(offers: readonly OfferRow[]): OfferRow | undefined {
  return offers.find((o) => o.state === 'pending_approval' || o.state === 'open')
}

/** What the lifecycle machine knows of a stored request. */
export function lifecycleContext(row: RequestRow, offers: readonly OfferRow[]): LifecycleContext {
  const offer = liveOffer(offers)
  return {
    assigneeId: row.assignee_id,
    offer: offer
      ? { validUntil: iso(offer.valid_until), needsApproval: offer.needs_approval }
      : null,
    lastMessageFrom: row.last_message_from === 'staff' ? 'desk' : row.last_message_from,
  }
}

export function exchangeRequestOf(row: RequestRow): ExchangeRequest {
  return {
    id: row.id,
    // Stored rows passed the contract's currency enum when they were created.
    fromCurrency: row.from_currency as Currency,
    toCurrency: row.to_currency as Currency,
    amount: toSafeInteger(row.amount),
    name: row.name,
    email: row.email,
    phone: row.phone,
    country: row.country,
    message: row.message,
    status: customerStatus(row.state),
    createdAt: iso(row.created_at),
  }
}

export function summaryOf(row: RequestRow): DeskRequestSummary {
  return {
    id: row.id,
    state: row.state,
    version: row.version,
    customerId: row.user_id,
    customerEmail: row.account_email,
    name: row.name,
    fromCurrency: row.from_currency as Currency,
    toCurrency: row.to_currency as Currency,
    amount: toSafeInteger(row.amount),
    assignee:
      row.assignee_id && row.assignee_email
        ? { id: row.assignee_id, email: row.assignee_email }
        : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  }
}

const offerFiguresOf = (o: OfferRow) => ({
  rate: o.rate,
  amountPaid: o.amount_paid,
  amountReceived: o.amount_received,
  fee: o.fee,
  feePercent: `${o.fee_percent}%`,
  validUntil: iso(o.valid_until),
  createdAt: iso(o.created_at),
})

/** The offer states a customer may see; one pending approval, rejected or withdrawn never shows. */
const customerOfferStates = new Set(['open', 'accepted', 'declined', 'expired'])

interface CustomerEventRow {
  seq: string
  kind: string
  actor_kind: string
  to_state: string | null
  message: string | null
  at: Date
  [key: string]: unknown
}

/** The request as its customer sees it: statuses, the offer sent, the thread. */
export async function customerDetails(
  q: Queryable,
  row: RequestRow,
): Promise<CustomerRequestDetails> {
  // `message` is the body of messages only: a state change's reason is never read for a customer.
  const events = await q.query<CustomerEventRow>(
    `SELECT seq::text AS seq, kind, actor_kind, to_state,
       CASE WHEN kind = 'message' THEN body END AS message, at
     FROM request_events e WHERE request_id = $1 AND for_customer ORDER BY e.seq`,
    [row.id],
  )
  const timeline: { status: CustomerStatus; at: string }[] = []
  for (const e of events) {
    if ((e.kind !== 'created' && e.kind !== 'state') || e.to_state === null) continue
    const status = customerStatus(e.to_state)
    if (timeline.at(-1)?.status !== status) timeline.push({ status, at: iso(e.at) })
  }
  const offer = (await readOffers(q, row.id)).find((o) => customerOfferStates.has(o.state))
  return {
    request: exchangeRequestOf(row),
    version: row.version,
    timeline,
    offer: offer
      ? {
          ...offerFiguresOf(offer),
          state: offer.state as 'open' | 'accepted' | 'declined' | 'expired',
        }
      : null,
    messages: events
      .filter((e) => e.kind === 'message' && e.message !== null)
      .map((e) => ({
        id: e.seq,
        from: e.actor_kind === 'customer' ? ('customer' as const) : ('desk' as const),
        text: e.message ?? '',
        at: iso(e.at),
      })),
    payments: await paymentsOfRequest(q, row.id),
  }
}

interface DeskEventRow {
  seq: string
  kind: string
  actor_kind: string
  actor_email: string | null
  from_state: string | null
  to_state: string | null
  body: string | null
  at: Date
  [key: string]: unknown
}

/** The promo code the quote dialog writes as the message's `Promo code:` line. */
export function promoCodeOf(message: string): string | null {
  const line = message.split(/\r\n|\n/).find((l) => l.startsWith('Promo code: '))
  const code = line?.slice('Promo code: '.length).trim()
  return code ? code : null
}

/** The request as the desk sees it; `allowed` comes from the lifecycle machine. */
export async function deskDetails(
  q: Queryable,
  row: RequestRow,
  allowed: string[],
): Promise<DeskRequestDetails> {
  const events = await q.query<DeskEventRow>(
    `SELECT e.seq::text AS seq, e.kind, e.actor_kind, u.email AS actor_email, e.from_state,
       e.to_state, e.body, e.at
     FROM request_events e LEFT JOIN users u ON u.id = e.actor_id
     WHERE e.request_id = $1 ORDER BY e.seq`,
    [row.id],
  )
  const by = (e: DeskEventRow) =>
    e.actor_kind === 'customer' ? 'customer' : e.actor_kind === 'system' ? null : e.actor_email
  const offers = await readOffers(q, row.id)
  return {
    summary: summaryOf(row),
    request: exchangeRequestOf(row),
    promoCode: promoCodeOf(row.message),
    allowed,
    timeline: events
      .filter((e) => (e.kind === 'created' || e.kind === 'state') && e.to_state !== null)
      .map((e) => ({
        from: (e.from_state as RequestState | null) ?? null,
        to: e.to_state as RequestState,
        by: by(e),
        reason: e.kind === 'state' ? e.body : null,
        at: iso(e.at),
      })),
    offers: offers.map((o) => ({
      id: o.id,
      ...offerFiguresOf(o),
      state: o.state,
      proposedBy: o.proposed_by_email,
      approvedBy: o.approved_by_email,
      needsApproval: o.needs_approval,
    })),
    messages: events
      .filter((e) => e.kind === 'message')
      .map((e) => ({
        id: e.seq,
        from: e.actor_kind === 'customer' ? ('customer' as const) : ('desk' as const),
        text: e.body ?? '',
        at: iso(e.at),
      })),
    notes: events
      .filter((e) => e.kind === 'note')
      .map((e) => ({ id: e.seq, by: e.actor_email ?? '', text: e.body ?? '', at: iso(e.at) })),
    payments: await deskPaymentsOfRequest(q, row.id),
  }
}
