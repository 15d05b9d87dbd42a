/**
 * Paybis's transaction-status webhook (docs/product/payments.md#the-transaction-status-webhook,
 * docs/decisions/113): the signature is checked on the raw bytes with Paybis's public key before
 * anything is parsed (server/app.ts, payloadDigest); each delivery is then recorded by the
 * SHA-256 of its raw body and applied in the same transaction, so it counts once however often it
 * arrives, and the answer (200) leaves only after the commit.
 */
import { createHash, createPublicKey } from 'node:crypto'
import type { Database } from '../db/database.ts'
import { InvalidInput } from '../domain-errors.ts'
import { verifyPaybisSignature } from '../providers/paybis/signing.ts'
import { readTransaction } from '../providers/paybis/transactions.ts'
import type { components } from '../../openapi/main.gen.ts'
import { applyTransaction, type UpdateOutcome } from './payment-updates.ts'

export type PaybisWebhookPayload = components['schemas']['PaybisWebhook']
export type WebhookOutcome = UpdateOutcome | 'duplicate'

/** The provisional event name (docs/decisions/113); others are acknowledged and ignored. */
export const transactionStatusEvent = 'TRANSACTION_STATUS_UPDATED'

export function createPaybisWebhooks(deps: {
  db: Database
  now: () => Date
  publicKeyPem: string
}) {
  const publicKey = createPublicKey(deps.publicKeyPem)
  return {
    verifySignature(rawBody: Buffer, signature: unknown): boolean {
      return verifyPaybisSignature(publicKey, rawBody, signature)
    },

    /** Applies a verified delivery once; answers what became of it. */
    async handle(rawBody: Buffer, payload: PaybisWebhookPayload): Promise<WebhookOutcome> {
      const transactionEvent = payload.event === transactionStatusEvent
      const read = transactionEvent ? readTransaction(payload.data) : undefined
      if (read && !read.ok)
        throw new InvalidInput([
          { field: `/data/${read.field}`, code: 'required', message: read.message },
        ])
      const transaction = read?.ok ? read.transaction : undefined
      const bodySha256 = createHash('sha256').update(rawBody).digest('hex')
      const receivedAt = deps.now()
      return deps.db.transaction(async (tx) => {
        const [fresh] = await tx.query(
          `INSERT INTO paybis_webhook_deliveries (body_sha256, request_id, transaction_id,
             provider_status, outcome, received_at)
           VALUES ($1, $2, $3, $4, 'processing', $5)
           ON CONFLICT (body_sha256) DO NOTHING RETURNING body_sha256`,
          [
            bodySha256,
            transaction?.requestId ?? null,
            transaction?.id ?? null,
            transaction?.status ?? null,
            receivedAt,
          ],
        )
        if (!fresh) return 'duplicate'
        const outcome: UpdateOutcome = transaction
          ? await applyTransaction(tx, {
              transaction,
              source: 'webhook',
              eventAt:
                payload.timestamp !== undefined ? new Date(payload.timestamp * 1000) : undefined,
              receivedAt,
            })
          : 'ignored'
        await tx.query('UPDATE paybis_webhook_deliveries SET outcome = $2 WHERE body_sha256 = $1', [
          bodySha256,
          outcome,
        ])
        return outcome
      })
    },
  }
}

export type PaybisWebhooks = ReturnType<typeof createPaybisWebhooks>
