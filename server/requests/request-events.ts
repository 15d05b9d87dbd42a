/**
 * The log of what happened to each request (migration 013): the desk's timeline, the customer's
 * timeline and thread, the notes and the live streams are all read from it. Appends take one
 * transaction-scoped lock, so sequence numbers are handed out in commit order and a stream that
 * resumes after number N cannot miss a change committed later with a smaller one. The NOTIFY is
 * delivered at commit, to the listeners of every API node (docs/product/requests.md#live-changes).
 */
import type { Queryable } from '../db/database.ts'
import type { components } from '../../openapi/main.gen.ts'

export type RequestEventKind = components['schemas']['RequestChangeEvent']['kind']

/** The channel every API node listens on; the payload is the change's JSON. */
export const REQUEST_EVENTS_CHANNEL = 'request_events'

/** An arbitrary constant naming the append lock among the advisory locks. */
const APPEND_LOCK = 28_028

export interface NewRequestEvent {
  requestId: string
  customerId: string
  kind: RequestEventKind
  forCustomer: boolean
  actor: { kind: 'customer' | 'staff' | 'system'; id: string | null }
  fromState?: string | null
  toState?: string | null
  body?: string | null
  at: Date
}

/** Appends events in the caller's transaction; answers their sequence numbers. */
export async function appendRequestEvents(
  tx: Queryable,
  events: readonly NewRequestEvent[],
): Promise<string[]> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK])
  const seqs: string[] = []
  for (const e of events) {
    const [row] = await tx.query<{ seq: string }>(
      `INSERT INTO request_events (request_id, customer_id, kind, for_customer, actor_kind,
         actor_id, from_state, to_state, body, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING seq::text AS seq`,
      [
        e.requestId,
        e.customerId,
        e.kind,
        e.forCustomer,
        e.actor.kind,
        e.actor.id,
        e.fromState ?? null,
        e.toState ?? null,
        e.body ?? null,
        e.at,
      ],
    )
    if (!row) throw new Error('request event not stored')
    seqs.push(row.seq)
    await tx.query('SELECT pg_notify($1, $2)', [
      REQUEST_EVENTS_CHANNEL,
      JSON.stringify({
        seq: row.seq,
        requestId: e.requestId,
        customerId: e.customerId,
        kind: e.kind,
        forCustomer: e.forCustomer,
      }),
    ])
  }
  return seqs
}
