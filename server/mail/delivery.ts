import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import { startSmtpDispatcher } from './smtp-dispatcher.ts'

export interface MailDelivery {
  /** Called after a transaction that queued e-mail has committed. */
  queued(): void
  stop(): Promise<void>
}

/**
 * With SMTP_URL the outbox is delivered over SMTP; without it the messages stay in the outbox for
 * the local mailbox, and their links are printed so a developer can follow them from the console.
 */
export function startMailDelivery(
  config: Config,
  db: Database,
  log: FastifyBaseLogger,
): MailDelivery {
  if (config.smtpUrl) {
    const dispatcher = startSmtpDispatcher(db, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      leaseSeconds: config.outboxLeaseSeconds,
      log,
    })
    return {
      queued: () => {
        dispatcher.kick()
      },
      stop: () => dispatcher.stop(),
    }
  }
  let lastPrinted = 0
  let printing = Promise.resolve()
  const print = async () => {
    const rows = await db.query<{
      id: string
      to_address: string
      subject: string
      text_body: string
    }>('SELECT id, to_address, subject, text_body FROM outbox WHERE id > $1 ORDER BY id', [
      lastPrinted,
    ])
    for (const row of rows) {
      lastPrinted = Math.max(lastPrinted, Number(row.id))
      const links = row.text_body.match(/https?:\/\/\S+/g) ?? []
      console.log(
        `✉  ${row.to_address}: ${row.subject}${links.map((l) => `\n   ${l}`).join('')}\n   (local mailbox: ${config.publicUrl}/dev/mailbox)`,
      )
    }
  }
  return {
    queued() {
      if (config.nodeEnv === 'test') return
      printing = printing.then(print).catch((error: unknown) => {
        log.warn({ err: error }, 'could not print the outbox')
      })
    },
    stop: () => printing,
  }
}
