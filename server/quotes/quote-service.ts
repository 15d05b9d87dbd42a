/**
 * Personal quote requests: stored with the customer, then the customer gets the personalised
 * calculation (the converter's rate, fee tier and rounding, from domain/) and the team a
 * notification, both queued in the same transaction as the stored request. Amounts and rates are
 * decimal strings from the request to the `numeric` columns and the e-mails, never JS numbers.
 */
import { createAttemptLimits, type Limit } from '../infra/attempt-limits.ts'
import type { Database } from '../db/database.ts'
import { AccountOnHold, InvalidInput, UnknownAccount } from '../domain-errors.ts'
import { isOnHold } from '../staff/customer-holds.ts'
import { enqueueMail } from '../mail/outbox.ts'
import type { Locale } from '../../domain/locale.ts'
import { isCurrency, isFiatCryptoPair } from '../../domain/currencies.ts'
import { fromSafeInteger, toSafeInteger } from '../../domain/decimal.ts'
import { quoteCalculation } from '../../domain/quote.ts'
import { displayedRate, displayedRateForm } from '../../domain/exchange-rules.ts'
import type { components } from '../../openapi/main.gen.ts'
import {
  quoteCalculationMessage,
  quoteRequestNotice,
  type QuoteFigures,
} from '../mail/templates.ts'
import { currencyFacts, latestRate } from '../market/market-rate.ts'
import { appendAudit, type AuditActor } from '../audit/audit-trail.ts'
import { appendRequestEvents } from '../requests/request-events.ts'
import { customerStatus } from '../../domain/request-lifecycle.machine.ts'
import type { MarketApi } from '../providers/market/types.ts'

type ExchangeRequestStatus = components['schemas']['ExchangeRequestStatus']
type RequestState = components['schemas']['RequestState']

/** The contract's ExchangeRequestCreate, its currencies not yet checked (create() does). */
export type QuoteInput = Omit<
  components['schemas']['ExchangeRequestCreate'],
  'fromCurrency' | 'toCurrency'
> & { fromCurrency: string; toCurrency: string }

export interface StoredQuote extends QuoteInput {
  id: string
  status: ExchangeRequestStatus
  createdAt: string
}

export interface QuoteDeps {
  db: Database
  market: MarketApi
  now: () => Date
  publicUrl: string
  opsEmail: string
  jobsQueued: () => void
  /** Requests a customer may make per hour (each sends e-mail to an address they choose). */
  perHour?: number
  /** Calculations one address other than the account's own may receive per day. */
  perRecipientPerDay?: number
}

interface QuoteRow {
  id: string
  from_currency: string
  to_currency: string
  /** numeric: read as a decimal string (server/db sets both engines to strings). */
  amount: string
  name: string
  email: string
  phone: string
  country: string
  message: string
  state: RequestState
  quoted_rate: string | null
  quoted_fee_percent: string | null
  quoted_amount: string | null
  created_at: Date
}

function toQuote(row: QuoteRow): StoredQuote {
  return {
    id: row.id,
    fromCurrency: row.from_currency,
    toCurrency: row.to_currency,
    amount: toSafeInteger(row.amount),
    name: row.name,
    email: row.email,
    phone: row.phone,
    country: row.country,
    message: row.message,
    status: customerStatus(row.state),
    createdAt: new Date(row.created_at).toISOString(),
  }
}

export function createQuoteService(deps: QuoteDeps) {
  const { db, now } = deps
  const attempts = createAttemptLimits(db, now)
  const perAccount: Limit = { scope: 'quote.account', max: deps.perHour ?? 20, windowSeconds: 3600 }
  // The contact address is unverified: without this, an account could mail anyone 20 times an hour.
  const perRecipient: Limit = {
    scope: 'quote.recipient',
    max: deps.perRecipientPerDay ?? 3,
    windowSeconds: 24 * 3600,
  }

  return {
    async create(
      actor: AuditActor & { id: string },
      input: QuoteInput,
    ): Promise<Pick<StoredQuote, 'id' | 'status' | 'createdAt'>> {
      const userId = actor.id
      const from = input.fromCurrency
      const to = input.toCurrency
      if (!isCurrency(from) || !isCurrency(to) || !isFiatCryptoPair(from, to))
        throw new InvalidInput([
          {
            field: '/toCurrency',
            message: 'must be of the other class than fromCurrency: one fiat and one crypto',
            code: 'currency-class',
          },
        ])
      const [account] = await db.query<{ email: string; locale: Locale }>(
        'SELECT email, locale FROM users WHERE id = $1',
        [userId],
      )
      if (!account) throw new UnknownAccount()
      // Before the attempt is counted: a customer on hold is told so, not rate-limited.
      if (await isOnHold(db, userId)) throw new AccountOnHold()
      // The contract's Email schema has made it one mailbox; case does not make it another.
      const recipient = input.email.toLowerCase()
      await attempts.reserve(
        [perAccount, userId],
        ...(recipient === account.email.toLowerCase()
          ? []
          : ([[perRecipient, recipient]] as [Limit, string][])),
      )

      const at = now()
      // The contract's integer (1 to 1e9) is exact in JSON; from here on it is a decimal string.
      const amount = fromSafeInteger(input.amount)
      const [rate, facts] = await Promise.all([
        latestRate(deps.market, from, to, at),
        currencyFacts(deps.market),
      ])
      const calculation = quoteCalculation({ amount, from, to, close: rate?.close ?? null, facts })

      const stored = await db.transaction(async (tx) => {
        // Placing a hold locks the customer's row: a hold committed before this one is seen.
        await tx.query('SELECT 1 FROM users WHERE id = $1 FOR SHARE', [userId])
        if (await isOnHold(tx, userId)) throw new AccountOnHold()
        const [row] = await tx.query<QuoteRow & Record<string, unknown>>(
          `INSERT INTO exchange_requests
             (user_id, from_currency, to_currency, amount, name, email, phone, country, message,
              quoted_rate, quoted_fee_percent, quoted_amount, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
           RETURNING *`,
          [
            userId,
            from,
            to,
            calculation.amount,
            input.name,
            input.email,
            input.phone,
            input.country,
            input.message,
            calculation.rate?.close ?? null,
            calculation.feePercent.replace('%', ''),
            calculation.received ?? null,
            at,
          ],
        )
        if (!row) throw new Error('insert returned no row')
        const quote = toQuote(row)
        // The request's history starts here, and the desk's live inbox hears of it.
        await appendAudit(
          tx,
          actor,
          {
            action: 'request.created',
            outcome: 'succeeded',
            targetType: 'request',
            targetId: row.id,
            after: { state: row.state, version: 1 },
          },
          at,
        )
        await appendRequestEvents(tx, [
          {
            requestId: row.id,
            customerId: userId,
            kind: 'created',
            forCustomer: true,
            actor: { kind: 'customer', id: userId },
            toState: row.state,
            at,
          },
        ])
        // The e-mails name the figures as stored: the same digits the row holds.
        const figures: QuoteFigures = {
          amount: row.amount,
          fromCurrency: from,
          toCurrency: to,
          feePercent: `${row.quoted_fee_percent ?? ''}%`,
          ...(row.quoted_rate !== null && row.quoted_amount !== null
            ? {
                rate: {
                  close: row.quoted_rate,
                  text: displayedRate(from, to, row.quoted_rate, facts),
                },
                received: row.quoted_amount,
                rateForm: displayedRateForm(from, to, row.quoted_rate, facts),
              }
            : {}),
          at,
        }
        // To the address entered, as the submitted view promises (docs/decisions/042).
        await enqueueMail(
          tx,
          // In the language of the account that asked: the address typed may be anyone's.
          quoteCalculationMessage(
            { address: input.email, locale: account.locale },
            figures,
            `${deps.publicUrl}/app/verification`,
            account.email,
          ),
        )
        await enqueueMail(
          tx,
          quoteRequestNotice(deps.opsEmail, { ...quote, accountEmail: account.email }, figures),
        )
        return quote
      })
      deps.jobsQueued()
      return { id: stored.id, status: stored.status, createdAt: stored.createdAt }
    },

    async list(userId: string): Promise<StoredQuote[]> {
      const rows = await db.query<QuoteRow & Record<string, unknown>>(
        `SELECT * FROM exchange_requests WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
        [userId],
      )
      return rows.map(toQuote)
    },
  }
}

export type QuoteService = ReturnType<typeof createQuoteService>
