import type { Queryable } from '../db/database.ts'
import type { JobKind } from '../jobs/job-kinds.ts'

const mailJobKind: JobKind = 'mail.send'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
}

export interface StoredMessage extends MailMessage {
  id: number
  createdAt: string
}

/**
 * Writes a message and the job that delivers it (server/mail/delivery.ts) in the caller's
 * transaction, in one statement: both exist exactly when the change that caused them does.
 */
export async function enqueueMail(q: Queryable, message: MailMessage): Promise<number> {
  const [row] = await q.query<{ id: string }>(
    `WITH message AS (
       INSERT INTO outbox (to_address, subject, text_body, html_body)
       VALUES ($1, $2, $3, $4) RETURNING id
     )
     INSERT INTO jobs (kind, payload)
     SELECT $5, jsonb_build_object('outboxId', id::text) FROM message
     RETURNING payload->>'outboxId' AS id`,
    [message.to, message.subject, message.text, message.html, mailJobKind],
  )
  return Number(row?.id)
}

export async function listMessages(q: Queryable, limit = 200): Promise<StoredMessage[]> {
  const rows = await q.query<{
    id: string
    to_address: string
    subject: string
    text_body: string
    html_body: string
    created_at: Date
  }>(
    `SELECT id, to_address, subject, text_body, html_body, created_at
     FROM outbox ORDER BY id DESC LIMIT $1`,
    [limit],
  )
  return rows.map((r) => ({
    id: Number(r.id),
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    createdAt: new Date(r.created_at).toISOString(),
  }))
}
