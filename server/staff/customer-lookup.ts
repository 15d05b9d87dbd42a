/**
 * Staff reading customers' personal data: every search and every view of a customer's page is
 * recorded in the audit trail, in the transaction that reads it, one read per page view
 * (docs/product/staff.md#the-audit-trail, docs/product/staff.md#the-customer-page). Internal
 * notes on a customer are written here too, with their entry in the trail.
 */
import type { components } from '../../openapi/main.gen.ts'
import { appendAudit } from '../audit/audit-trail.ts'
import type { Database } from '../db/database.ts'
import { InvalidInput, NotFound } from '../domain-errors.ts'
import { deskPaymentsOf } from '../payments/payment-records.ts'
import { summaryOf as requestSummaryOf } from '../requests/request-records.ts'
import { verificationHistoryOf } from '../verification/verification-history.ts'
import { verificationRequestsOf } from '../verification/verification-requests.ts'
import { liveSessionsOf, requestRowsOf, verificationStatesOf } from '../users/customer-records.ts'
import { holdsOf } from './customer-holds.ts'
import type { StaffActor } from './staff-service.ts'
import { noSuchCustomer } from '../i18n/common-problems.ts'

type CustomerSummary = components['schemas']['CustomerSummary']
type CustomerDetails = components['schemas']['CustomerDetails']
type CustomerPage = components['schemas']['CustomerPage']
type CustomerNote = components['schemas']['CustomerNote']

interface CustomerRow {
  id: string
  email: string
  first_name: string
  last_name: string
  phone: string
  country: string
  verified: boolean
  created_at: Date
  [key: string]: unknown
}

const columns = `id, email, first_name, last_name, phone, country,
  email_verified_at IS NOT NULL AS verified, created_at`

function summaryOf(row: CustomerRow): CustomerSummary {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    country: row.country,
    emailVerified: row.verified,
    createdAt: new Date(row.created_at).toISOString(),
  }
}

/** `%`, `_` and `\` match themselves in the search. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface NoteRow {
  id: string
  body: string
  author_email: string
  created_at: Date
  [key: string]: unknown
}

const noteOf = (row: NoteRow): CustomerNote => ({
  id: row.id,
  text: row.body,
  authorEmail: row.author_email,
  createdAt: new Date(row.created_at).toISOString(),
})

export function createCustomerLookup(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps
  return {
    /** By part of the address or of "first last", or by the whole id. */
    async search(actor: StaffActor, query: string): Promise<CustomerSummary[]> {
      const text = query.trim()
      return db.transaction(async (tx) => {
        const rows = uuidPattern.test(text)
          ? await tx.query<CustomerRow>(
              `SELECT ${columns} FROM users WHERE kind = 'customer' AND id = $1`,
              [text.toLowerCase()],
            )
          : await tx.query<CustomerRow>(
              `SELECT ${columns} FROM users WHERE kind = 'customer'
                 AND (email_normalized LIKE $1 OR lower(first_name || ' ' || last_name) LIKE $1)
               ORDER BY created_at DESC, id LIMIT 50`,
              [likePattern(text)],
            )
        await appendAudit(
          tx,
          actor,
          {
            action: 'customers.searched',
            outcome: 'succeeded',
            after: { query, shown: rows.map((row) => row.id) },
          },
          now(),
        )
        return rows.map(summaryOf)
      })
    },

    /** The customer's page, and its one entry in the trail. */
    async view(actor: StaffActor, customerId: string): Promise<CustomerPage> {
      return db.transaction(async (tx) => {
        const [row] = await tx.query<CustomerRow>(
          `SELECT ${columns} FROM users WHERE id = $1 AND kind = 'customer'`,
          [customerId],
        )
        if (!row) throw new NotFound(noSuchCustomer)
        await appendAudit(
          tx,
          actor,
          {
            action: 'customer.viewed',
            outcome: 'succeeded',
            targetType: 'customer',
            targetId: customerId,
          },
          now(),
        )
        const customer: CustomerDetails = { ...summaryOf(row), phone: row.phone }
        // One statement after another: a transaction's connection runs one at a time.
        const verification = await verificationStatesOf(tx, customerId)
        const verificationHistory = await verificationHistoryOf(tx, customerId)
        const verificationRequests = await verificationRequestsOf(tx, customerId)
        const holds = await holdsOf(tx, customerId)
        const requests = await requestRowsOf(tx, customerId)
        const payments = await deskPaymentsOf(tx, customerId)
        const sessions = await liveSessionsOf(tx, customerId, now())
        const notes = await tx.query<NoteRow>(
          `SELECT n.id, n.body, a.email AS author_email, n.created_at
           FROM customer_notes n JOIN users a ON a.id = n.author_id
           WHERE n.customer_id = $1 ORDER BY n.created_at DESC, n.id DESC`,
          [customerId],
        )
        return {
          customer,
          verification,
          verificationHistory,
          verificationRequests,
          holds,
          requests: requests.map(requestSummaryOf),
          payments,
          sessions: sessions.map(({ id, device, createdAt, lastUsedAt }) => ({
            id,
            device,
            createdAt,
            lastUsedAt,
          })),
          notes: notes.map(noteOf),
        }
      })
    },

    /** An internal note on the customer, with the note in the trail. */
    async addNote(actor: StaffActor, customerId: string, text: string): Promise<CustomerNote> {
      const body = text.trim()
      if (body === '')
        throw new InvalidInput([{ field: 'text', message: 'must not be blank', code: 'blank' }])
      return db.transaction(async (tx) => {
        const [customer] = await tx.query<{ id: string }>(
          `SELECT id FROM users WHERE id = $1 AND kind = 'customer'`,
          [customerId],
        )
        if (!customer) throw new NotFound(noSuchCustomer)
        const at = now()
        const [row] = await tx.query<NoteRow>(
          `WITH n AS (
             INSERT INTO customer_notes (customer_id, author_id, body, created_at)
             VALUES ($1, $2, $3, $4) RETURNING id, author_id, body, created_at
           )
           SELECT n.id, n.body, a.email AS author_email, n.created_at
           FROM n JOIN users a ON a.id = n.author_id`,
          [customerId, actor.id, body, at],
        )
        if (!row) throw new Error('insert returned no row')
        await appendAudit(
          tx,
          actor,
          {
            action: 'customer.noted',
            outcome: 'succeeded',
            targetType: 'customer',
            targetId: customerId,
            after: { noteId: row.id, text: body },
          },
          at,
        )
        return noteOf(row)
      })
    },
  }
}

export type CustomerLookup = ReturnType<typeof createCustomerLookup>
