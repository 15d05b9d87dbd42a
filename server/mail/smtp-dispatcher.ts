import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/database.ts'

export interface SmtpDispatcherOptions {
  smtpUrl: string
  from: string
  /** How long a claimed message stays this node's while it is not renewed (decision 090). */
  leaseSeconds: number
  log: FastifyBaseLogger
  /** How often the outbox is looked at without a kick (messages due for a retry, expired leases). */
  intervalMs?: number
  /** Messages claimed per round trip. */
  batchSize?: number
}

export interface SmtpDispatcher {
  /** A transaction that queued e-mail has committed: look at the outbox now. */
  kick(): void
  /** Finishes the message being sent, hands the rest of its claim back, closes the transport (once). */
  stop(): Promise<void>
}

interface ClaimedMessage extends Record<string, unknown> {
  id: string
  to_address: string
  subject: string
  text_body: string
  html_body: string
  attempts: number
  created_at: Date
}

const maxAttempts = 10

/** The domain of MAIL_FROM, for Message-IDs (RFC 5322 §3.6.4 wants a unique left side @ a domain). */
function messageIdDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'exchange.localhost'
}

/**
 * Delivers outbox messages over SMTP from any number of API nodes on one database. A node claims
 * a batch with `FOR UPDATE SKIP LOCKED` and a lease (claimed_by, lease_until), commits, and sends
 * with no transaction open; it renews the lease while it works and marks each message sent. A node
 * that dies leaves leases that expire, and another node sends those messages; a node that stops
 * hands back what it has not started. Each message carries a Message-ID made from its outbox row,
 * so the one case that can deliver twice (a crash between the server's acceptance and the mark)
 * delivers the same message, which receivers may drop as a duplicate.
 */
export function startSmtpDispatcher(db: Database, options: SmtpDispatcherOptions): SmtpDispatcher {
  const { log, leaseSeconds } = options
  const intervalMs = options.intervalMs ?? 2_000
  const batchSize = options.batchSize ?? 10
  const nodeId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  const domain = messageIdDomain(options.from)
  // Each SMTP step may idle at most this long, so a hung server cannot keep a lease renewed forever.
  const stepTimeoutMs = 30_000
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: 1,
    connectionTimeout: stepTimeoutMs,
    greetingTimeout: stepTimeoutMs,
    socketTimeout: stepTimeoutMs,
  })
  let running: Promise<void> | undefined
  let kickedWhileRunning = false
  let stopped = false
  // A call, not the variable: the loops must see stop() flip it across their awaits.
  const isStopped = () => stopped

  const claim = () =>
    db.query<ClaimedMessage>(
      `UPDATE outbox SET claimed_by = $1, lease_until = now() + make_interval(secs => $2),
         attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM outbox
         WHERE sent_at IS NULL AND next_attempt_at <= now() AND attempts < $4
           AND (lease_until IS NULL OR lease_until < now())
         ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING id, to_address, subject, text_body, html_body, attempts, created_at`,
      [nodeId, leaseSeconds, batchSize, maxAttempts],
    )

  const renew = () =>
    db.query(
      `UPDATE outbox SET lease_until = now() + make_interval(secs => $2)
       WHERE claimed_by = $1 AND sent_at IS NULL`,
      [nodeId, leaseSeconds],
    )

  /** Gives back claimed messages not sent yet; the attempt they were charged is returned too. */
  const handBack = (ids: string[]) =>
    db.query(
      `UPDATE outbox SET claimed_by = NULL, lease_until = NULL, attempts = attempts - 1
       WHERE id = ANY($2::bigint[]) AND claimed_by = $1 AND sent_at IS NULL`,
      [nodeId, ids],
    )

  async function send(message: ClaimedMessage): Promise<void> {
    try {
      await transport.sendMail({
        from: options.from,
        to: message.to_address,
        subject: message.subject,
        text: message.text_body,
        html: message.html_body,
        messageId: `<outbox.${message.id}.${new Date(message.created_at).getTime()}@${domain}>`,
      })
    } catch (error) {
      const delaySeconds = Math.min(3600, 15 * 2 ** (message.attempts - 1))
      await db.query(
        `UPDATE outbox SET claimed_by = NULL, lease_until = NULL, last_error = $3,
           next_attempt_at = now() + make_interval(secs => $4)
         WHERE id = $1 AND claimed_by = $2`,
        [message.id, nodeId, String(error).slice(0, 500), delaySeconds],
      )
      log.warn({ outboxId: message.id, attempts: message.attempts }, 'e-mail delivery failed')
      return
    }
    const marked = await db.query(
      `UPDATE outbox SET sent_at = now(), claimed_by = NULL, lease_until = NULL, last_error = NULL
       WHERE id = $1 AND claimed_by = $2 RETURNING id`,
      [message.id, nodeId],
    )
    if (marked.length === 0)
      log.warn({ outboxId: message.id }, 'e-mail sent after its lease had passed to another node')
  }

  async function drain(): Promise<void> {
    while (!isStopped()) {
      const batch = (await claim()).sort((a, b) => Number(a.id) - Number(b.id))
      if (batch.length === 0) return
      const renewal = setInterval(
        () => {
          renew().catch((error: unknown) => {
            log.warn({ err: error }, 'could not renew the outbox lease')
          })
        },
        (leaseSeconds * 1000) / 3,
      )
      try {
        let next = 0
        while (next < batch.length && !isStopped()) {
          const message = batch[next++]
          if (message) await send(message)
        }
        if (next < batch.length) await handBack(batch.slice(next).map((m) => m.id))
      } finally {
        clearInterval(renewal)
      }
    }
  }

  function kick(): void {
    if (stopped) return
    if (running) {
      kickedWhileRunning = true
      return
    }
    kickedWhileRunning = false
    running = drain()
      .catch((error: unknown) => {
        log.error({ err: error }, 'e-mail dispatcher failed; it tries again shortly')
      })
      .finally(() => {
        running = undefined
        if (kickedWhileRunning) kick()
      })
  }

  const timer = setInterval(kick, intervalMs)
  timer.unref()
  kick()
  let stopping: Promise<void> | undefined
  return {
    kick,
    stop() {
      stopping ??= (async () => {
        stopped = true
        clearInterval(timer)
        await running
        transport.close()
      })()
      return stopping
    },
  }
}
