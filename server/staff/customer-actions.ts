/**
 * The desk's actions on a customer (issue 29, docs/product/staff.md#verification-requests and
 * #customer-holds): asking for KYC or KYB, withdrawing that request, and placing or lifting a
 * compliance hold. Each runs in one transaction that locks the customer, checks what they are now
 * and writes the change, any e-mail and the audit trail entry together.
 */
import type { components } from '../../openapi/main.gen.ts'
import { appendAudit } from '../audit/audit-trail.ts'
import type { Database, Queryable } from '../db/database.ts'
import { CustomerConflict, InvalidInput, NotFound } from '../domain-errors.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { verificationRequestedMessage } from '../mail/templates.ts'
import type { Locale } from '../../domain/locale.ts'
import {
  requestOf,
  storedKind,
  verificationRequestColumns,
  verificationRequestJoins,
  type VerificationRequestRow,
} from '../verification/verification-requests.ts'
import { holdColumns, holdJoins, holdOf, type HoldRow } from './customer-holds.ts'
import type { StaffActor } from './staff-service.ts'
import { noSuchCustomer } from '../i18n/common-problems.ts'
import type { ProblemText } from '../i18n/problem-text.ts'

type VerificationRequest = components['schemas']['VerificationRequest']
type CustomerHold = components['schemas']['CustomerHold']
type VerificationKind = components['schemas']['VerificationKind']

export interface CustomerActionsDeps {
  db: Database
  now: () => Date
  publicUrl: string
  jobsQueued: () => void
}

function refuseBlank(field: string, text: string): string {
  const trimmed = text.trim()
  if (trimmed === '')
    throw new InvalidInput([{ field, message: 'must not be blank', code: 'blank' }])
  return trimmed
}

/** Locks the customer's row: their actions are decided one at a time. */
async function lockCustomer(
  tx: Queryable,
  customerId: string,
): Promise<{ email: string; locale: Locale }> {
  const [row] = await tx.query<{ email: string; locale: Locale }>(
    `SELECT email, locale FROM users WHERE id = $1 AND kind = 'customer' FOR UPDATE`,
    [customerId],
  )
  if (!row) throw new NotFound(noSuchCustomer)
  return row
}

/** A verification request's state in the words of a refusal. */
const verificationStateWords: Record<VerificationRequestRow['state'], ProblemText> = {
  open: /*i18n*/ { id: 'problem.verification-request.open', message: 'open' },
  fulfilled: /*i18n*/ { id: 'problem.verification-request.fulfilled', message: 'fulfilled' },
  withdrawn: /*i18n*/ { id: 'problem.verification-request.withdrawn', message: 'withdrawn' },
}

export function createCustomerActions(deps: CustomerActionsDeps) {
  const { db, now } = deps

  async function readRequest(tx: Queryable, id: string) {
    const [row] = await tx.query<VerificationRequestRow>(
      `SELECT ${verificationRequestColumns} FROM verification_requests r ${verificationRequestJoins}
       WHERE r.id = $1`,
      [id],
    )
    return row
  }

  async function readHold(tx: Queryable, id: string) {
    const [row] = await tx.query<HoldRow>(
      `SELECT ${holdColumns} FROM customer_holds h ${holdJoins} WHERE h.id = $1`,
      [id],
    )
    if (!row) throw new Error('hold missing after write')
    return holdOf(row)
  }

  return {
    async requestVerification(
      actor: StaffActor,
      customerId: string,
      kind: VerificationKind,
      note: string,
    ): Promise<VerificationRequest> {
      const text = refuseBlank('note', note)
      const stored = storedKind(kind)
      const request = await db.transaction(async (tx) => {
        const customer = await lockCustomer(tx, customerId)
        const [approved] = await tx.query(
          `SELECT 1 FROM verifications WHERE user_id = $1 AND kind = $2
             AND review_status = 'completed' AND review_answer = 'GREEN'`,
          [customerId, stored],
        )
        if (approved)
          throw new CustomerConflict(
            /*i18n*/ {
              id: 'problem.customer.approved-already',
              message: "The customer's {kind} is already approved.",
              values: { kind },
            },
          )
        const [open] = await tx.query(
          `SELECT 1 FROM verification_requests WHERE customer_id = $1 AND kind = $2 AND state = 'open'`,
          [customerId, stored],
        )
        if (open)
          throw new CustomerConflict(
            /*i18n*/ {
              id: 'problem.customer.request-open',
              message: 'A {kind} request is already open for this customer.',
              values: { kind },
            },
          )
        const at = now()
        const [inserted] = await tx.query<{ id: string }>(
          `INSERT INTO verification_requests (customer_id, kind, note, requested_by, requested_at)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [customerId, stored, text, actor.id, at],
        )
        if (!inserted) throw new Error('insert returned no row')
        await enqueueMail(
          tx,
          verificationRequestedMessage(
            { address: customer.email, locale: customer.locale },
            stored,
            text,
            `${deps.publicUrl}/app/verification`,
          ),
        )
        await appendAudit(
          tx,
          actor,
          {
            action: 'customer.verification-requested',
            outcome: 'succeeded',
            targetType: 'customer',
            targetId: customerId,
            after: { verificationRequestId: inserted.id, kind, note: text },
          },
          at,
        )
        const row = await readRequest(tx, inserted.id)
        if (!row) throw new Error('request missing after insert')
        return requestOf(row)
      })
      deps.jobsQueued()
      return request
    },

    async withdrawVerificationRequest(
      actor: StaffActor,
      customerId: string,
      requestId: string,
    ): Promise<VerificationRequest> {
      return db.transaction(async (tx) => {
        await lockCustomer(tx, customerId)
        const row = await readRequest(tx, requestId)
        if (row?.customer_id !== customerId)
          throw new NotFound(
            /*i18n*/ {
              id: 'problem.customer.no-such-verification-request',
              message: 'No such verification request',
            },
          )
        if (row.state !== 'open')
          throw new CustomerConflict(
            /*i18n*/ {
              id: 'problem.customer.request-closed',
              message: 'The request is {state}, no longer open.',
              values: { state: verificationStateWords[row.state] },
            },
          )
        const at = now()
        await tx.query(
          `UPDATE verification_requests SET state = 'withdrawn', withdrawn_by = $2, withdrawn_at = $3
           WHERE id = $1`,
          [requestId, actor.id, at],
        )
        await appendAudit(
          tx,
          actor,
          {
            action: 'customer.verification-request-withdrawn',
            outcome: 'succeeded',
            targetType: 'customer',
            targetId: customerId,
            before: { verificationRequestId: requestId, state: 'open' },
            after: { verificationRequestId: requestId, state: 'withdrawn' },
          },
          at,
        )
        const after = await readRequest(tx, requestId)
        if (!after) throw new Error('request missing after update')
        return requestOf(after)
      })
    },

    async placeHold(actor: StaffActor, customerId: string, reason: string): Promise<CustomerHold> {
      const why = refuseBlank('reason', reason)
      return db.transaction(async (tx) => {
        await lockCustomer(tx, customerId)
        const [active] = await tx.query(
          'SELECT 1 FROM customer_holds WHERE customer_id = $1 AND lifted_at IS NULL',
          [customerId],
        )
        if (active)
          throw new CustomerConflict(
            /*i18n*/ {
              id: 'problem.customer.on-hold-already',
              message: 'The customer is already on hold.',
            },
          )
        const at = now()
        const [inserted] = await tx.query<{ id: string }>(
          `INSERT INTO customer_holds (customer_id, reason, placed_by, placed_at)
           VALUES ($1, $2, $3, $4) RETURNING id`,
          [customerId, why, actor.id, at],
        )
        if (!inserted) throw new Error('insert returned no row')
        await appendAudit(
          tx,
          actor,
          {
            action: 'customer.hold-placed',
            outcome: 'succeeded',
            targetType: 'customer',
            targetId: customerId,
            after: { holdId: inserted.id, active: true },
            reason: why,
          },
          at,
        )
        return readHold(tx, inserted.id)
      })
    },

    async liftHold(actor: StaffActor, customerId: string, reason: string): Promise<CustomerHold> {
      const why = refuseBlank('reason', reason)
      return db.transaction(async (tx) => {
        await lockCustomer(tx, customerId)
        const [active] = await tx.query<{ id: string }>(
          'SELECT id FROM customer_holds WHERE customer_id = $1 AND lifted_at IS NULL',
          [customerId],
        )
        if (!active)
          throw new CustomerConflict(
            /*i18n*/ {
              id: 'problem.customer.not-on-hold',
              message: 'The customer is not on hold.',
            },
          )
        const at = now()
        await tx.query(
          `UPDATE customer_holds SET lifted_by = $2, lifted_at = $3, lift_reason = $4 WHERE id = $1`,
          [active.id, actor.id, at, why],
        )
        await appendAudit(
          tx,
          actor,
          {
            action: 'customer.hold-lifted',
            outcome: 'succeeded',
            targetType: 'customer',
            targetId: customerId,
            before: { holdId: active.id, active: true },
            after: { holdId: active.id, active: false },
            reason: why,
          },
          at,
        )
        return readHold(tx, active.id)
      })
    },
  }
}

export type CustomerActions = ReturnType<typeof createCustomerActions>
