/**
 * Personal quote requests: stored with the customer, then the customer gets the personalised
 * calculation (the converter's rate, fee tier and rounding) and the team a notification, both
 * queued in the same transaction as the stored request.
 */
import { AttemptLimiter } from '../auth/attempt-limiter.ts'
import type { Database } from '../db/database.ts'
import { InvalidInput, NotFound, TooManyAttempts } from '../domain-errors.ts'
import { enqueueMail } from '../mail/outbox.ts'
import {
  quoteCalculationMessage,
  quoteRequestNotice,
  type QuoteFigures,
} from '../mail/templates.ts'
import { latestRate } from '../market/market-rate.ts'
import type { MarketApi } from '../providers/market/types.ts'
import { convert, feePercent, isFiatCryptoPair } from './quote-math.ts'

export interface QuoteInput {
  fromCurrency: string
  toCurrency: string
  amount: number
  name: string
  email: string
  phone: string
  country: string
  message: string
}

export interface StoredQuote extends QuoteInput {
  id: string
  status: 'new'
  createdAt: string
}

export interface QuoteDeps {
  db: Database
  market: MarketApi
  now: () => Date
  publicUrl: string
  opsEmail: string
  mailQueued: () => void
  /** Requests a customer may make per hour (each sends e-mail to an address they choose). */
  perHour?: number
}

const looksLikeEmail = (value: string) => /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/.test(value)

interface QuoteRow {
  id: string
  from_currency: string
  to_currency: string
  amount: number
  name: string
  email: string
  phone: string
  country: string
  message: string
  status: 'new'
  created_at: Date
}

function toQuote(row: QuoteRow): StoredQuote {
  return {
    id: row.id,
    fromCurrency: row.from_currency,
    toCurrency: row.to_currency,
    amount: row.amount,
    name: row.name,
    email: row.email,
    phone: row.phone,
    country: row.country,
    message: row.message,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
  }
}

export function createQuoteService(deps: QuoteDeps) {
  const { db, now } = deps
  const limiter = new AttemptLimiter(deps.perHour ?? 20, 3600_000, () => now().getTime())

  return {
    async create(
      userId: string,
      input: QuoteInput,
    ): Promise<Pick<StoredQuote, 'id' | 'status' | 'createdAt'>> {
      if (!isFiatCryptoPair(input.fromCurrency, input.toCurrency))
        throw new InvalidInput([
          {
            field: '/toCurrency',
            message: 'must be of the other class than fromCurrency: one fiat and one crypto',
            code: 'currency-class',
          },
        ])
      const wait = limiter.retryAfter(userId)
      if (wait > 0) throw new TooManyAttempts(wait)
      limiter.record(userId)

      const at = now()
      const rate = await latestRate(deps.market, input.fromCurrency, input.toCurrency, at)
      const figures: QuoteFigures = {
        amount: input.amount,
        fromCurrency: input.fromCurrency,
        toCurrency: input.toCurrency,
        feePercent: feePercent(input.amount),
        ...(rate
          ? {
              rate: {
                close: rate.close,
                at: `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
              },
              received: convert(input.amount, rate.rate, input.toCurrency).text,
            }
          : {}),
      }

      const stored = await db.transaction(async (tx) => {
        const [account] = await tx.query<{ email: string }>(
          'SELECT email FROM users WHERE id = $1',
          [userId],
        )
        if (!account) throw new NotFound('No such user')
        const [row] = await tx.query<QuoteRow & Record<string, unknown>>(
          `INSERT INTO exchange_requests
             (user_id, from_currency, to_currency, amount, name, email, phone, country, message,
              quoted_rate, quoted_fee_percent, quoted_amount, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
           RETURNING *`,
          [
            userId,
            input.fromCurrency,
            input.toCurrency,
            input.amount,
            input.name,
            input.email,
            input.phone,
            input.country,
            input.message,
            rate?.close ?? null,
            figures.feePercent,
            figures.received ?? null,
            at,
          ],
        )
        if (!row) throw new Error('insert returned no row')
        const quote = toQuote(row)
        // The form's contact e-mail is free text: a usable one gets the calculation, else the account's.
        const contact = input.email.trim()
        await enqueueMail(
          tx,
          quoteCalculationMessage(
            looksLikeEmail(contact) ? contact : account.email,
            figures,
            `${deps.publicUrl}/app/verification`,
          ),
        )
        await enqueueMail(
          tx,
          quoteRequestNotice(deps.opsEmail, { ...quote, accountEmail: account.email }, figures),
        )
        return quote
      })
      deps.mailQueued()
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
