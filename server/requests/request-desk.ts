/**
 * The request desk (docs/product/requests.md): every action on a quote request, by the desk, the
 * customer or the server's own jobs, in one transaction that locks the request, checks the version
 * it was decided on, asks the lifecycle machine whether the state allows it and where it leads,
 * and writes the new state, the request's log, the audit trail entry and any e-mail or job.
 */
import { transition } from 'xstate'
import type { Database, Queryable } from '../db/database.ts'
import {
  InvalidInput,
  NotFound,
  PermissionDenied,
  RequestConflict,
  type FieldError,
} from '../domain-errors.ts'
import { appendAudit, type AuditActor } from '../audit/audit-trail.ts'
import { enqueueJob } from '../jobs/jobs.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { requestNewsMessage, type RequestNews } from '../mail/templates.ts'
import { sourceLocale, type Locale } from '../../domain/locale.ts'
import { noSuchRequest } from '../i18n/common-problems.ts'
import type { ProblemText } from '../i18n/problem-text.ts'
import { appendRequestEvents, type NewRequestEvent } from './request-events.ts'
import { stateWords } from './state-words.ts'
import {
  customerDetails,
  deskDetails,
  lifecycleContext,
  liveOffer,
  readOffers,
  readRequest,
  type CustomerRequestDetails,
  type DeskRequestDetails,
  type OfferRow,
  type RequestRow,
} from './request-records.ts'
import {
  customerStatus,
  FINAL_STATES,
  requestLifecycleMachine,
  type LifecycleEvent,
  type RequestState,
} from '../../domain/request-lifecycle.machine.ts'
import { needsSecondManager, offerFigures, offerProblems } from '../../domain/offer.ts'
import { isCurrency, type Currency } from '../../domain/currencies.ts'
import type { StaffActor } from '../staff/staff-service.ts'

export interface RequestDeskDeps {
  db: Database
  now: () => Date
  publicUrl: string
  jobsQueued: () => void
  /** Offers whose fiat amount is at or above this need a second manager (a decimal string). */
  offerApprovalThreshold: string
}

/** The desk's actions that change a request's state (each an operation of the contract). */
export type DeskCommand =
  | { action: 'assignRequest'; assigneeId: string; note?: string }
  | { action: 'startRequestReview'; note?: string }
  | {
      action: 'holdRequest' | 'releaseRequest' | 'rejectOffer' | 'declineRequest' | 'cancelRequest'
      reason: string
    }
  | { action: 'askCustomer'; text: string }
  | {
      action: 'sendOffer'
      rate: string
      amountPaid: string
      amountReceived: string
      fee: string
      validUntil: string
      note?: string
    }
  | { action: 'approveOffer'; note?: string }
  | { action: 'completeRequest'; note?: string }

export type DeskAction = DeskCommand['action']

const DESK_ACTIONS: readonly DeskAction[] = [
  'assignRequest',
  'startRequestReview',
  'holdRequest',
  'releaseRequest',
  'askCustomer',
  'sendOffer',
  'approveOffer',
  'rejectOffer',
  'declineRequest',
  'completeRequest',
  'cancelRequest',
]

/** The signed-in customer acting on their own request, as the audit trail names them. */
export interface CustomerActor extends AuditActor {
  id: string
}

/** The server itself (an offer's expiry), as the audit trail names it. */
const SYSTEM_ACTOR: AuditActor = {
  id: null,
  email: null,
  roles: [],
  sessionId: null,
  ip: '',
  userAgent: 'request-desk job',
}

const OFFER_MIN_MS = 5 * 60_000
const OFFER_MAX_MS = 7 * 24 * 3600_000

const blank = (text: string) => text.trim() === ''

function refuseBlank(field: string, text: string): void {
  if (blank(text)) throw new InvalidInput([{ field, message: 'must not be blank', code: 'blank' }])
}

/** A 409's words: the action does not fit the request's state, named as the caller may see it. */
function notAllowedNow(state: ProblemText): ProblemText {
  return /*i18n*/ {
    id: 'problem.request.not-allowed-now',
    message: 'The request is {state}; this action is not allowed now',
    values: { state },
  }
}

function resolve(row: RequestRow, offers: readonly OfferRow[]) {
  return requestLifecycleMachine.resolveState({
    value: row.state,
    context: lifecycleContext(row, offers),
  })
}

/** The desk's actions the state allows now; `at` decides the guards that read the clock. */
export function allowedActions(
  row: RequestRow,
  offers: readonly OfferRow[],
  at: Date,
): DeskAction[] {
  const snapshot = resolve(row, offers)
  const probe = (action: DeskAction): LifecycleEvent => {
    switch (action) {
      case 'assignRequest':
        return { type: action, assigneeId: row.assignee_id ?? '' }
      case 'sendOffer':
        return { type: action, offer: { validUntil: at.toISOString(), needsApproval: false } }
      case 'approveOffer':
        return { type: action, at: at.toISOString() }
      default:
        return { type: action }
    }
  }
  return DESK_ACTIONS.filter((action) => snapshot.can(probe(action)))
}

interface Change {
  row: RequestRow
  offers: OfferRow[]
  event: LifecycleEvent
  side: 'desk' | 'customer' | 'system'
  actor: AuditActor
  /** The action's name in the audit trail and its reason (internal). */
  action: string
  reason?: string | null
  at: Date
}

export function createRequestDesk(deps: RequestDeskDeps) {
  const { db, now } = deps
  const link = (id: string) => `${deps.publicUrl}/app/requests/${id}`

  /**
   * Applies a lifecycle event to a locked request: refuses what the state does not allow, then
   * stores the new state and version and the state change in the log. Answers the new row.
   */
  async function applyEvent(tx: Queryable, change: Change): Promise<RequestRow> {
    const { row, event, at } = change
    const snapshot = resolve(row, change.offers)
    if (!snapshot.can(event))
      throw new RequestConflict(
        'REQUEST_STATE',
        notAllowedNow(stateWords(row.state, change.side === 'customer' ? 'customer' : 'desk')),
      )
    const [next] = transition(requestLifecycleMachine, snapshot, event)
    const to = next.value as RequestState
    const [updated] = await tx.query<{ version: number; updated_at: Date }>(
      `UPDATE exchange_requests SET state = $2, assignee_id = $3, version = version + 1,
         updated_at = $4 WHERE id = $1 RETURNING version, updated_at`,
      [row.id, to, next.context.assigneeId, at],
    )
    if (!updated) throw new Error('request vanished while locked')
    const actor = {
      kind: change.side === 'desk' ? 'staff' : change.side,
      id: change.actor.id,
    } as const
    const events: NewRequestEvent[] = []
    if (to !== row.state)
      events.push({
        requestId: row.id,
        customerId: row.user_id,
        kind: 'state',
        // A change the customer's status does not show (a hold while in review) is not theirs.
        forCustomer: customerStatus(to) !== customerStatus(row.state),
        actor,
        fromState: row.state,
        toState: to,
        body: change.reason ?? null,
        at,
      })
    if (next.context.assigneeId !== row.assignee_id)
      events.push({
        requestId: row.id,
        customerId: row.user_id,
        kind: 'assignment',
        forCustomer: false,
        actor,
        body: next.context.assigneeId,
        at,
      })
    if (events.length > 0) await appendRequestEvents(tx, events)
    await appendAudit(
      tx,
      change.actor,
      {
        action: change.action,
        outcome: 'succeeded',
        targetType: 'request',
        targetId: row.id,
        before: { state: row.state, version: row.version, assigneeId: row.assignee_id },
        after: { state: to, version: updated.version, assigneeId: next.context.assigneeId },
        reason: change.reason ?? null,
      },
      at,
    )
    return {
      ...row,
      state: to,
      version: updated.version,
      assignee_id: next.context.assigneeId,
      updated_at: updated.updated_at,
    }
  }

  async function lockFor(
    tx: Queryable,
    requestId: string,
    version: number | null,
    customerId?: string,
  ): Promise<{ row: RequestRow; offers: OfferRow[] }> {
    const row = await readRequest(tx, requestId, {
      lock: true,
      ...(customerId ? { customerId } : {}),
    })
    if (!row) throw new NotFound(noSuchRequest)
    if (version !== null && row.version !== version)
      throw new RequestConflict(
        'STALE_VERSION',
        /*i18n*/ {
          id: 'problem.request.stale-version',
          message: 'The request has changed since version {version}; read it again',
          values: { version },
        },
      )
    return { row, offers: await readOffers(tx, requestId) }
  }

  async function closeOffer(tx: Queryable, offer: OfferRow | undefined, state: string, at: Date) {
    if (!offer) return
    await tx.query(`UPDATE request_offers SET state = $2, closed_at = $3 WHERE id = $1`, [
      offer.id,
      state,
      at,
    ])
  }

  async function tellCustomer(tx: Queryable, row: RequestRow, news: RequestNews) {
    const [account] = await tx.query<{ locale: Locale }>('SELECT locale FROM users WHERE id = $1', [
      row.user_id,
    ])
    await enqueueMail(
      tx,
      requestNewsMessage(
        { address: row.account_email, locale: account?.locale ?? sourceLocale },
        {
          id: row.id,
          amount: row.amount,
          fromCurrency: row.from_currency,
          toCurrency: row.to_currency,
        },
        news,
        link(row.id),
      ),
    )
  }

  /** The offer goes to the customer: the e-mail, and the job that ends it when it expires. */
  async function sendToCustomer(tx: Queryable, row: RequestRow, offer: OfferRow) {
    const figures = offerFigures({
      from: row.from_currency as Currency,
      to: row.to_currency as Currency,
      amountPaid: offer.amount_paid,
      rate: offer.rate,
    })
    await tellCustomer(tx, row, {
      kind: 'offer',
      offer: {
        rate: offer.rate,
        amountPaid: offer.amount_paid,
        amountReceived: offer.amount_received,
        fee: offer.fee,
        feePercent: figures.feePercent,
        validUntil: new Date(offer.valid_until).toISOString(),
      },
    })
    await enqueueJob(
      tx,
      'request.expire-offer',
      { requestId: row.id, offerId: offer.id },
      { runAt: new Date(offer.valid_until) },
    )
  }

  function checkOffer(
    row: RequestRow,
    command: Extract<DeskCommand, { action: 'sendOffer' }>,
    at: Date,
  ): void {
    const from = row.from_currency
    const to = row.to_currency
    if (!isCurrency(from) || !isCurrency(to)) throw new Error('stored request has no currency')
    const errors: FieldError[] = offerProblems({ from, to, ...command }).map((p) => ({
      field: `/${p.field}`,
      message: p.message,
      code: p.code,
    }))
    const until = Date.parse(command.validUntil)
    if (!(until >= at.getTime() + OFFER_MIN_MS && until <= at.getTime() + OFFER_MAX_MS))
      errors.push({
        field: '/validUntil',
        message: 'must be 5 minutes to 7 days from now',
        code: 'out-of-range',
      })
    if (errors.length > 0) throw new InvalidInput(errors)
  }

  async function assigneeCheck(tx: Queryable, assigneeId: string): Promise<void> {
    const [ok] = await tx.query(
      `SELECT 1 FROM users u JOIN staff_roles r ON r.user_id = u.id AND r.role = 'manager'
       WHERE u.id = $1 AND u.kind = 'staff' AND u.deactivated_at IS NULL`,
      [assigneeId],
    )
    if (!ok)
      throw new InvalidInput([
        {
          field: '/assigneeId',
          message: 'must be an active staff member with the manager role',
          code: 'not-a-manager',
        },
      ])
  }

  /** A refusal the caller's standing decides (four-eyes) is recorded, then answered 403. */
  async function recordDenied(actor: StaffActor, action: string, requestId: string, why: string) {
    await db.transaction((tx) =>
      appendAudit(
        tx,
        actor,
        { action, outcome: 'denied', targetType: 'request', targetId: requestId, reason: why },
        now(),
      ),
    )
  }

  async function deskView(tx: Queryable, requestId: string, at: Date) {
    const row = await readRequest(tx, requestId)
    if (!row) throw new NotFound(noSuchRequest)
    const offers = await readOffers(tx, requestId)
    return deskDetails(tx, row, allowedActions(row, offers, at))
  }

  return {
    /** The request as the desk sees it; the view is recorded as a read of personal data. */
    async view(actor: StaffActor, requestId: string): Promise<DeskRequestDetails> {
      const at = now()
      return db.transaction(async (tx) => {
        const details = await deskView(tx, requestId, at)
        await appendAudit(
          tx,
          actor,
          {
            action: 'request.viewed',
            outcome: 'succeeded',
            targetType: 'request',
            targetId: requestId,
            after: { customerId: details.summary.customerId },
          },
          at,
        )
        return details
      })
    },

    /** One of the desk's actions, decided on `version`. */
    async act(
      actor: StaffActor,
      requestId: string,
      version: number,
      command: DeskCommand,
    ): Promise<DeskRequestDetails> {
      const at = now()
      const auditAction = `request.${command.action}`
      if ('reason' in command) refuseBlank('/reason', command.reason)
      if (command.action === 'askCustomer') refuseBlank('/text', command.text)
      try {
        const details = await db.transaction(async (tx) => {
          const { row, offers } = await lockFor(tx, requestId, version)
          const offer = liveOffer(offers)
          // A reason where the action needs one, otherwise the optional note: both internal.
          const reason =
            'reason' in command ? command.reason : 'note' in command ? (command.note ?? null) : null
          const base = {
            row,
            offers,
            side: 'desk' as const,
            actor,
            action: auditAction,
            at,
            reason,
          }
          switch (command.action) {
            case 'assignRequest':
              await assigneeCheck(tx, command.assigneeId)
              await applyEvent(tx, {
                ...base,
                event: { type: 'assignRequest', assigneeId: command.assigneeId },
              })
              break
            case 'startRequestReview':
            case 'releaseRequest':
            case 'completeRequest': {
              const next = await applyEvent(tx, {
                ...base,
                event: { type: command.action },
              })
              if (command.action === 'completeRequest')
                await tellCustomer(tx, next, { kind: 'completed' })
              break
            }
            case 'holdRequest':
            case 'declineRequest':
            case 'cancelRequest': {
              const next = await applyEvent(tx, {
                ...base,
                event: { type: command.action },
              })
              await closeOffer(tx, offer, 'withdrawn', at)
              if (command.action !== 'holdRequest') await tellCustomer(tx, next, { kind: 'closed' })
              break
            }
            case 'rejectOffer':
              await applyEvent(tx, {
                ...base,
                event: { type: 'rejectOffer' },
              })
              await closeOffer(tx, offer, 'rejected', at)
              break
            case 'askCustomer': {
              const next = await applyEvent(tx, { ...base, event: { type: 'askCustomer' } })
              await appendRequestEvents(tx, [
                {
                  requestId: row.id,
                  customerId: row.user_id,
                  kind: 'message',
                  forCustomer: true,
                  actor: { kind: 'staff', id: actor.id },
                  body: command.text,
                  at,
                },
              ])
              await tellCustomer(tx, next, { kind: 'question' })
              break
            }
            case 'sendOffer': {
              if (
                !resolve(row, offers).can({
                  type: 'sendOffer',
                  offer: { validUntil: at.toISOString(), needsApproval: false },
                })
              )
                throw new RequestConflict(
                  'REQUEST_STATE',
                  notAllowedNow(stateWords(row.state, 'desk')),
                )
              checkOffer(row, command, at)
              const from = row.from_currency as Currency
              const needsApproval = needsSecondManager(command, from, deps.offerApprovalThreshold)
              const validUntil = new Date(command.validUntil)
              const next = await applyEvent(tx, {
                ...base,
                event: {
                  type: 'sendOffer',
                  offer: { validUntil: validUntil.toISOString(), needsApproval },
                },
              })
              const [stored] = await tx.query<{ id: string }>(
                `INSERT INTO request_offers (request_id, rate, amount_paid, amount_received, fee,
                   fee_percent, valid_until, needs_approval, state, proposed_by, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
                [
                  row.id,
                  command.rate,
                  command.amountPaid,
                  command.amountReceived,
                  command.fee,
                  offerFigures({
                    from,
                    to: row.to_currency as Currency,
                    amountPaid: command.amountPaid,
                    rate: command.rate,
                  }).feePercent.replace('%', ''),
                  validUntil,
                  needsApproval,
                  needsApproval ? 'pending_approval' : 'open',
                  actor.id,
                  at,
                ],
              )
              if (!stored) throw new Error('offer not stored')
              await appendRequestEvents(tx, [
                {
                  requestId: row.id,
                  customerId: row.user_id,
                  kind: 'offer',
                  forCustomer: !needsApproval,
                  actor: { kind: 'staff', id: actor.id },
                  at,
                },
              ])
              if (!needsApproval) {
                const [sent] = (await readOffers(tx, row.id)).filter((o) => o.id === stored.id)
                if (sent) await sendToCustomer(tx, next, sent)
              } else {
                // One waiting for approval ends at its validity too (back to in_review); once
                // approved, sendToCustomer queues the same job again and the later run finds
                // nothing live.
                await enqueueJob(
                  tx,
                  'request.expire-offer',
                  { requestId: row.id, offerId: stored.id },
                  { runAt: validUntil },
                )
              }
              break
            }
            case 'approveOffer': {
              if (row.state !== 'offer_pending_approval' || !offer)
                throw new RequestConflict(
                  'REQUEST_STATE',
                  notAllowedNow(stateWords(row.state, 'desk')),
                )
              if (offer.proposed_by === actor.id)
                throw new PermissionDenied(
                  /*i18n*/ {
                    id: 'problem.offer.own-approval',
                    message: 'The manager who recorded an offer cannot approve it',
                  },
                )
              if (at.getTime() >= new Date(offer.valid_until).getTime())
                throw new RequestConflict(
                  'OFFER_EXPIRED',
                  /*i18n*/ { id: 'problem.offer.expired', message: 'The offer has expired' },
                )
              const next = await applyEvent(tx, {
                ...base,
                event: { type: 'approveOffer', at: at.toISOString() },
              })
              await tx.query(
                `UPDATE request_offers SET state = 'open', approved_by = $2 WHERE id = $1`,
                [offer.id, actor.id],
              )
              await appendRequestEvents(tx, [
                {
                  requestId: row.id,
                  customerId: row.user_id,
                  kind: 'offer',
                  forCustomer: true,
                  actor: { kind: 'staff', id: actor.id },
                  at,
                },
              ])
              await sendToCustomer(tx, next, offer)
              break
            }
          }
          return deskView(tx, requestId, at)
        })
        deps.jobsQueued()
        return details
      } catch (error) {
        if (error instanceof PermissionDenied)
          await recordDenied(actor, auditAction, requestId, error.message)
        throw error
      }
    },

    /** An internal note, in any state. */
    async addNote(actor: StaffActor, requestId: string, text: string): Promise<DeskRequestDetails> {
      refuseBlank('/text', text)
      const at = now()
      return db.transaction(async (tx) => {
        const { row } = await lockFor(tx, requestId, null)
        await appendRequestEvents(tx, [
          {
            requestId,
            customerId: row.user_id,
            kind: 'note',
            forCustomer: false,
            actor: { kind: 'staff', id: actor.id },
            body: text,
            at,
          },
        ])
        await appendAudit(
          tx,
          actor,
          {
            action: 'request.addRequestNote',
            outcome: 'succeeded',
            targetType: 'request',
            targetId: requestId,
            after: { note: text },
          },
          at,
        )
        return deskView(tx, requestId, at)
      })
    },

    /** The customer's own request, or 404 for anyone else's. */
    async customerView(customerId: string, requestId: string): Promise<CustomerRequestDetails> {
      const row = await readRequest(db, requestId, { customerId })
      if (!row) throw new NotFound(noSuchRequest)
      return customerDetails(db, row)
    },

    /** The customer writes to the desk; an answer to a question puts the request back in review. */
    async reply(
      actor: CustomerActor,
      requestId: string,
      text: string,
    ): Promise<CustomerRequestDetails> {
      refuseBlank('/text', text)
      const at = now()
      return db.transaction(async (tx) => {
        const { row, offers } = await lockFor(tx, requestId, null, actor.id)
        if (FINAL_STATES.includes(row.state))
          throw new RequestConflict(
            'REQUEST_STATE',
            /*i18n*/ {
              id: 'problem.request.no-more-messages',
              message: 'The request is {state}; it takes no more messages',
              values: { state: stateWords(row.state, 'customer') },
            },
          )
        const next = await applyEvent(tx, {
          row,
          offers,
          side: 'customer',
          actor,
          action: 'request.replyToExchangeRequest',
          event: { type: 'replyToExchangeRequest' },
          at,
        })
        await appendRequestEvents(tx, [
          {
            requestId,
            customerId: row.user_id,
            kind: 'message',
            forCustomer: true,
            actor: { kind: 'customer', id: actor.id },
            body: text,
            at,
          },
        ])
        return customerDetails(tx, next)
      })
    },

    /** The customer accepts or declines the offer they were shown at `version`. */
    async answerOffer(
      actor: CustomerActor,
      requestId: string,
      version: number,
      answer: 'acceptOffer' | 'declineOffer',
    ): Promise<CustomerRequestDetails> {
      const at = now()
      const details = await db.transaction(async (tx) => {
        const { row, offers } = await lockFor(tx, requestId, version, actor.id)
        const offer = liveOffer(offers)
        if (
          answer === 'acceptOffer' &&
          row.state === 'offer_sent' &&
          offer &&
          at.getTime() >= new Date(offer.valid_until).getTime()
        )
          throw new RequestConflict(
            'OFFER_EXPIRED',
            /*i18n*/ { id: 'problem.offer.this-expired', message: 'This offer has expired' },
          )
        const next = await applyEvent(tx, {
          row,
          offers,
          side: 'customer',
          actor,
          action: `request.${answer}`,
          event:
            answer === 'acceptOffer' ? { type: answer, at: at.toISOString() } : { type: answer },
          at,
        })
        await closeOffer(tx, offer, answer === 'acceptOffer' ? 'accepted' : 'declined', at)
        return customerDetails(tx, next)
      })
      deps.jobsQueued()
      return details
    },

    /**
     * The expiry job: an offer still live at its `validUntil` (by the server's clock) ends. A
     * job that runs early (another node's clock) is queued again for the right moment.
     */
    async expireOffer(tx: Queryable, requestId: string, offerId: string): Promise<void> {
      const at = now()
      const row = await readRequest(tx, requestId, { lock: true })
      if (!row) return
      const offers = await readOffers(tx, requestId)
      const offer = liveOffer(offers)
      if (offer?.id !== offerId) return
      if (at.getTime() < new Date(offer.valid_until).getTime()) {
        await enqueueJob(
          tx,
          'request.expire-offer',
          { requestId, offerId },
          { runAt: new Date(offer.valid_until) },
        )
        return
      }
      const next = await applyEvent(tx, {
        row,
        offers,
        side: 'system',
        actor: SYSTEM_ACTOR,
        action: 'request.expireOffer',
        event: { type: 'expireOffer', at: at.toISOString() },
        at,
      })
      await closeOffer(tx, offer, 'expired', at)
      if (next.state === 'expired') await tellCustomer(tx, next, { kind: 'expired' })
    },
  }
}

export type RequestDesk = ReturnType<typeof createRequestDesk>
