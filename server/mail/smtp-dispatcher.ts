import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/database.ts'

/**
 * Delivers outbox messages over SMTP: each row is claimed with SKIP LOCKED (several API nodes
 * can run this), sent, and marked; a failure is retried with a growing delay.
 */
export function startSmtpDispatcher(
  db: Database,
  smtpUrl: string,
  from: string,
  log: FastifyBaseLogger,
  intervalMs = 2_000,
): { kick(): void; stop(): Promise<void> } {
  const transport = nodemailer.createTransport(smtpUrl)
  let running: Promise<void> | undefined
  let stopped = false

  async function drain(): Promise<void> {
    for (;;) {
      const sent = await db.transaction(async (tx) => {
        const [row] = await tx.query<{
          id: string
          to_address: string
          subject: string
          text_body: string
          html_body: string
          attempts: number
        }>(
          `SELECT id, to_address, subject, text_body, html_body, attempts FROM outbox
           WHERE sent_at IS NULL AND next_attempt_at <= now() AND attempts < 10
           ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        )
        if (!row) return false
        try {
          await transport.sendMail({
            from,
            to: row.to_address,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body,
          })
          await tx.query(
            'UPDATE outbox SET sent_at = now(), attempts = attempts + 1 WHERE id = $1',
            [row.id],
          )
        } catch (error) {
          const delaySeconds = Math.min(3600, 15 * 2 ** row.attempts)
          await tx.query(
            `UPDATE outbox SET attempts = attempts + 1, last_error = $2,
               next_attempt_at = now() + make_interval(secs => $3) WHERE id = $1`,
            [row.id, String(error).slice(0, 500), delaySeconds],
          )
          log.warn({ outboxId: row.id }, 'e-mail delivery failed; will retry')
        }
        return true
      })
      if (!sent || stopped) return
    }
  }

  function kick(): void {
    if (running || stopped) return
    running = drain()
      .catch((error: unknown) => {
        log.error({ err: error }, 'e-mail dispatcher failed')
      })
      .finally(() => {
        running = undefined
      })
  }

  const timer = setInterval(kick, intervalMs)
  timer.unref()
  kick()
  return {
    kick,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
      transport.close()
    },
  }
}
