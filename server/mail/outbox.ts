import type { Queryable } from '../db/database.ts'

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

/** Writes a message in the caller's transaction: it exists exactly when the change that caused it does. */
export async function enqueueMail(q: Queryable, message: MailMessage): Promise<number> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO outbox (to_address, subject, text_body, html_body)
     VALUES ($1, $2, $3, $4) RETURNING id`,
    [message.to, message.subject, message.text, message.html],
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
