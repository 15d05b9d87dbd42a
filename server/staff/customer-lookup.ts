/**
 * Staff reading customers' personal data: every search and every view is recorded in the audit
 * trail, in the transaction that reads it (docs/product/staff.md#the-audit-trail).
 */
import type { components } from '../../openapi/main.gen.ts'
import { appendAudit } from '../audit/audit-trail.ts'
import type { Database } from '../db/database.ts'
import { NotFound } from '../domain-errors.ts'
import type { StaffActor } from './staff-service.ts'

type CustomerSummary = components['schemas']['CustomerSummary']
type CustomerDetails = components['schemas']['CustomerDetails']

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

export function createCustomerLookup(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps
  return {
    async search(actor: StaffActor, emailPart: string): Promise<CustomerSummary[]> {
      return db.transaction(async (tx) => {
        const rows = await tx.query<CustomerRow>(
          `SELECT ${columns} FROM users WHERE kind = 'customer' AND email_normalized LIKE $1
           ORDER BY created_at DESC, id LIMIT 50`,
          [likePattern(emailPart)],
        )
        await appendAudit(
          tx,
          actor,
          {
            action: 'customers.searched',
            outcome: 'succeeded',
            after: { query: emailPart, shown: rows.map((row) => row.id) },
          },
          now(),
        )
        return rows.map(summaryOf)
      })
    },

    async view(actor: StaffActor, customerId: string): Promise<CustomerDetails> {
      return db.transaction(async (tx) => {
        const [row] = await tx.query<CustomerRow>(
          `SELECT ${columns} FROM users WHERE id = $1 AND kind = 'customer'`,
          [customerId],
        )
        if (!row) throw new NotFound('No such customer')
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
        return { ...summaryOf(row), phone: row.phone }
      })
    },
  }
}

export type CustomerLookup = ReturnType<typeof createCustomerLookup>
