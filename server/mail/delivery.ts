/**
 * Delivers outbox messages: the handler of 'mail.send' jobs (server/jobs/, decision 106), which
 * any node runs with a lease. With SMTP_URL a message goes out over SMTP; without it, messages
 * stay in the outbox for the local mailbox and their links are printed, so a developer can follow
 * them from the console.
 */
import nodemailer from 'nodemailer'
import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import type { JobHandler, JobLog } from '../jobs/job-runner.ts'

export interface MailDelivery {
  handler: JobHandler<'mail.send'>
  /** Closes the SMTP connection; call after the job runner has stopped. */
  close(): void
}

interface OutboxRow extends Record<string, unknown> {
  id: string
  to_address: string
  subject: string
  text_body: string
  html_body: string
  created_at: Date
  sent_at: Date | null
}

/** The domain of MAIL_FROM, for Message-IDs (RFC 5322 §3.6.4 wants a unique left side @ a domain). */
function messageIdDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'exchange.localhost'
}

export function createMailDelivery(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'nodeEnv'>,
  db: Database,
  now: () => Date,
  log: JobLog,
): MailDelivery {
  const load = async (outboxId: string) => {
    const [row] = await db.query<OutboxRow>(
      `SELECT id::text AS id, to_address, subject, text_body, html_body, created_at, sent_at
       FROM outbox WHERE id = $1`,
      [outboxId],
    )
    if (!row) log.warn({ outboxId }, 'e-mail job for a message that is not in the outbox')
    return row
  }

  const smtpUrl = config.smtpUrl
  if (!smtpUrl) {
    return {
      handler: {
        inTransaction: false,
        async run(job) {
          const row = await load(job.payload.outboxId)
          if (!row || config.nodeEnv === 'test') return
          const links = row.text_body.match(/https?:\/\/\S+/g) ?? []
          console.log(
            `✉  ${row.to_address}: ${row.subject}${links.map((l) => `\n   ${l}`).join('')}\n   (local mailbox: ${config.publicUrl}/dev/mailbox)`,
          )
        },
      },
      close: () => undefined,
    }
  }

  const domain = messageIdDomain(config.mailFrom)
  // Each SMTP step may idle at most this long, so a hung server cannot keep a lease renewed forever.
  const stepTimeoutMs = 30_000
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 1,
    connectionTimeout: stepTimeoutMs,
    greetingTimeout: stepTimeoutMs,
    socketTimeout: stepTimeoutMs,
  })
  return {
    handler: {
      // SMTP cannot commit with the database: sent with no transaction open (decision 090).
      inTransaction: false,
      async run(job) {
        const row = await load(job.payload.outboxId)
        // Sent by a node that stopped before it could record the job done.
        if (!row || row.sent_at !== null) return
        // Made from the outbox row: the one case that can deliver twice (the server accepted,
        // the node died before the mark) delivers the same message, which receivers may drop.
        await transport.sendMail({
          from: config.mailFrom,
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          messageId: `<outbox.${row.id}.${new Date(row.created_at).getTime()}@${domain}>`,
        })
        await db.query('UPDATE outbox SET sent_at = $2 WHERE id = $1 AND sent_at IS NULL', [
          row.id,
          now(),
        ])
      },
    },
    close() {
      transport.close()
    },
  }
}
