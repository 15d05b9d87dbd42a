/**
 * The Paybis sandbox: an in-process fake of the partner API (POST /v2/request with the
 * Authorization key and the RSA-PSS X-Request-Signature verified against the partner's public
 * key, 403 on a bad signature; GET /v2/transactions) and the state its local widget page reads and
 * changes. When the widget starts or ends a payment it sends the provisional transaction-status
 * webhook (docs/decisions/113), signed with the sandbox's own key, to our webhook endpoint; a
 * test may have it drop the next deliveries, so the reconciliation job must recover them.
 * Requests live in memory: after a restart the SPA simply creates a new one.
 */
import { createPrivateKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto'
import { decimal, fixed } from '../../../domain/decimal.ts'
import type { FakeHandler } from '../in-process-fetch.ts'
import { isRecord } from '../in-process-fetch.ts'
import { safeEqual } from '../sumsub/signing.ts'
import { sandboxWebhookPrivateKeyPem } from './sandbox-webhook-key.ts'
import { paybisSignature, verifyPaybisSignature } from './signing.ts'

export interface PaybisSandboxOptions {
  apiKey: string
  publicKey: () => Promise<KeyObject>
  now: () => Date
  /** Posts a webhook to our endpoint; answers its HTTP status. */
  deliverWebhook: (rawBody: string, headers: Record<string, string>) => Promise<number>
}

/** A made-up rate for the sandbox's received amounts (crypto units per fiat unit). */
const sandboxRate = '0.0000162'

export type SandboxTransactionStatus =
  'created' | 'payment-pending' | 'completed' | 'rejected' | 'cancelled'

export interface SandboxWidgetRequest {
  requestId: string
  partnerUserId: string
  email: string | undefined
  status: SandboxTransactionStatus
  createdAt: string
  /** What the customer chose in the widget. */
  order?: { amount: string; currencyFrom: string; currencyTo: string }
}

/** What became of the webhook a widget step sent: its HTTP status, or dropped on purpose. */
export type SandboxWebhookResult = number | 'dropped'

interface SandboxTransaction {
  id: string
  createdAt: string
}

const oneTimeTokenTtlMs = 15 * 60_000
const maxRequests = 10_000

const error = (status: number, code: string, message: string) => ({
  status,
  body: { code, message },
})

export function createPaybisSandbox(options: PaybisSandboxOptions) {
  const requests = new Map<
    string,
    SandboxWidgetRequest & {
      oneTimeToken?: string
      tokenExpires?: number
      transaction?: SandboxTransaction
    }
  >()
  const webhookKey = createPrivateKey(sandboxWebhookPrivateKeyPem)
  let dropWebhooks = 0

  type Stored = typeof requests extends Map<string, infer V> ? V : never

  /** Paybis's status for a request's transaction. */
  const paybisStatus = (status: SandboxTransactionStatus) =>
    status === 'payment-pending' ? 'created' : status

  /** The request's transaction as an item of GET /v2/transactions (and the webhook's data). */
  function item(r: Stored, tx: SandboxTransaction) {
    const order = r.order
    return {
      id: tx.id,
      requestId: r.requestId,
      partnerUserId: r.partnerUserId,
      gateway: 'fiat_to_crypto',
      status: paybisStatus(r.status),
      createdAt: tx.createdAt,
      ...(order
        ? {
            amounts: {
              spentOriginal: { amount: order.amount, currency: order.currencyFrom },
              receivedOriginal: {
                amount: fixed(decimal(order.amount).times(sandboxRate), 8),
                currency: order.currencyTo,
              },
            },
          }
        : {}),
    }
  }

  async function sendWebhook(r: Stored): Promise<SandboxWebhookResult> {
    if (!r.transaction) return 'dropped'
    if (dropWebhooks > 0) {
      dropWebhooks -= 1
      return 'dropped'
    }
    const raw = JSON.stringify({
      event: 'TRANSACTION_STATUS_UPDATED',
      timestamp: Math.floor(options.now().getTime() / 1000),
      data: item(r, r.transaction),
    })
    return options
      .deliverWebhook(raw, {
        'content-type': 'application/json',
        'x-request-signature': paybisSignature(webhookKey, raw),
      })
      .catch(() => 0)
  }

  function listTransactions(url: URL) {
    const from = new Date(url.searchParams.get('from') ?? '')
    const to = new Date(url.searchParams.get('to') ?? '')
    const limit = Number(url.searchParams.get('limit') ?? '100')
    const offset = Number(url.searchParams.get('cursor') ?? '0')
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()))
      return error(422, 'validation_error', 'from and to are required ISO dates')
    if (!Number.isInteger(limit) || limit < 1 || limit > 100)
      return error(422, 'validation_error', 'limit is 1 to 100')
    if (!Number.isInteger(offset) || offset < 0)
      return error(422, 'validation_error', 'cursor is not valid')
    const all = [...requests.values()]
      .filter((r) => {
        if (!r.transaction) return false
        const at = new Date(r.transaction.createdAt).getTime()
        return at >= from.getTime() && at <= to.getTime()
      })
      .sort((a, b) =>
        (a.transaction?.createdAt ?? '').localeCompare(b.transaction?.createdAt ?? ''),
      )
    const page = all.slice(offset, offset + limit)
    return {
      status: 200,
      body: {
        data: page.map((r) => item(r, r.transaction as SandboxTransaction)),
        meta: offset + limit < all.length ? { nextCursor: String(offset + limit) } : {},
      },
    }
  }

  const api: FakeHandler = async (request) => {
    const url = new URL(request.path, 'http://sandbox')
    const path = url.pathname.replace(/^.*(?=\/v2\/)/, '')
    const known =
      (request.method === 'POST' && path === '/v2/request') ||
      (request.method === 'GET' && path === '/v2/transactions')
    if (!known) return error(404, 'not_found', 'No such endpoint in the Paybis sandbox')
    const key = request.headers.authorization?.replace(/^Bearer /, '')
    if (!key || !safeEqual(key, options.apiKey))
      return error(401, 'unauthorized', 'Invalid API key')
    if (path === '/v2/transactions') return listTransactions(url)
    if (
      !verifyPaybisSignature(
        await options.publicKey(),
        request.body,
        request.headers['x-request-signature'],
      )
    )
      return error(403, 'invalid_signature', 'Request signature verification failed')
    let body: unknown
    try {
      body = JSON.parse(request.body.toString('utf8'))
    } catch {
      return error(400, 'bad_request', 'Body is not valid JSON')
    }
    if (!isRecord(body) || typeof body.partnerUserId !== 'string' || body.partnerUserId === '')
      return error(422, 'validation_error', 'partnerUserId is required')
    if (body.email !== undefined && (typeof body.email !== 'string' || !body.email.includes('@')))
      return error(422, 'validation_error', 'email is not valid')
    if (requests.size >= maxRequests) requests.delete(requests.keys().next().value ?? '')
    const requestId = randomUUID()
    const passwordless = body.passwordless === true
    const oneTimeToken = passwordless ? `ott_${randomBytes(16).toString('hex')}` : undefined
    requests.set(requestId, {
      requestId,
      partnerUserId: body.partnerUserId,
      email: typeof body.email === 'string' ? body.email : undefined,
      status: 'created',
      createdAt: options.now().toISOString(),
      ...(oneTimeToken
        ? { oneTimeToken, tokenExpires: options.now().getTime() + oneTimeTokenTtlMs }
        : {}),
    })
    return { status: 200, body: { requestId, ...(oneTimeToken ? { oneTimeToken } : {}) } }
  }

  function view(r: SandboxWidgetRequest): SandboxWidgetRequest {
    return {
      requestId: r.requestId,
      partnerUserId: r.partnerUserId,
      email: r.email,
      status: r.status,
      createdAt: r.createdAt,
      ...(r.order ? { order: r.order } : {}),
    }
  }

  type WidgetAnswer =
    | { ok: true; request: SandboxWidgetRequest; webhook?: SandboxWebhookResult }
    | { ok: false; status: number; message: string }

  function find(requestId: unknown, oneTimeToken?: unknown): WidgetAnswer {
    const found = typeof requestId === 'string' ? requests.get(requestId) : undefined
    if (!found) return { ok: false, status: 404, message: 'Unknown request: create a new one.' }
    if (oneTimeToken !== undefined && oneTimeToken !== '') {
      if (found.oneTimeToken === undefined || oneTimeToken !== found.oneTimeToken)
        return { ok: false, status: 401, message: 'The one-time token is not valid.' }
      if ((found.tokenExpires ?? 0) < options.now().getTime())
        return { ok: false, status: 401, message: 'The one-time token has expired.' }
    }
    return { ok: true, request: view(found) }
  }

  /** Moves a request's transaction on and sends its webhook (a transaction starts with its order). */
  async function transition(
    requestId: unknown,
    from: SandboxTransactionStatus[],
    to: SandboxTransactionStatus,
    order?: SandboxWidgetRequest['order'],
  ): Promise<WidgetAnswer> {
    const found = typeof requestId === 'string' ? requests.get(requestId) : undefined
    if (!found) return { ok: false, status: 404, message: 'Unknown request: create a new one.' }
    if (!from.includes(found.status))
      return { ok: false, status: 409, message: `The transaction is already ${found.status}.` }
    found.status = to
    if (order) found.order = order
    found.transaction ??= {
      id: `PBSBX-${randomBytes(6).toString('hex').toUpperCase()}`,
      createdAt: options.now().toISOString(),
    }
    const webhook = await sendWebhook(found)
    return { ok: true, request: view(found), webhook }
  }

  return {
    api,
    /** The calls the local widget page makes. */
    widget: {
      load: (requestId: unknown, oneTimeToken: unknown) => find(requestId, oneTimeToken),
      pay: (requestId: unknown, order: SandboxWidgetRequest['order']) =>
        transition(requestId, ['created'], 'payment-pending', order),
      confirm: (requestId: unknown, outcome: 'completed' | 'rejected' | 'cancelled') =>
        transition(requestId, ['payment-pending', 'created'], outcome),
    },
    /** Sandbox only: the next `count` webhooks are not sent, as if lost on the way. */
    dropNextWebhooks(count: number) {
      dropWebhooks = Math.max(0, Math.min(100, Math.floor(count)))
    },
  }
}

export type PaybisSandbox = ReturnType<typeof createPaybisSandbox>
