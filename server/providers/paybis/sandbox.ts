/**
 * The Paybis sandbox: an in-process fake of the partner API (POST /v2/request with the
 * Authorization key and the RSA-PSS X-Request-Signature verified against the partner's public
 * key; 403 on a bad signature) and the state its local widget page reads and changes.
 * Requests live in memory: after a restart the SPA simply creates a new one.
 */
import { randomBytes, randomUUID, type KeyObject } from 'node:crypto'
import type { FakeHandler } from '../in-process-fetch.ts'
import { isRecord } from '../in-process-fetch.ts'
import { safeEqual } from '../sumsub/signing.ts'
import { verifyPaybisSignature } from './signing.ts'

export interface PaybisSandboxOptions {
  apiKey: string
  publicKey: () => Promise<KeyObject>
  now: () => Date
}

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

const oneTimeTokenTtlMs = 15 * 60_000
const maxRequests = 10_000

const error = (status: number, code: string, message: string) => ({
  status,
  body: { code, message },
})

export function createPaybisSandbox(options: PaybisSandboxOptions) {
  const requests = new Map<
    string,
    SandboxWidgetRequest & { oneTimeToken?: string; tokenExpires?: number }
  >()

  const api: FakeHandler = async (request) => {
    const path = new URL(request.path, 'http://sandbox').pathname.replace(/^.*(?=\/v2\/)/, '')
    if (request.method !== 'POST' || path !== '/v2/request')
      return error(404, 'not_found', 'No such endpoint in the Paybis sandbox')
    const key = request.headers.authorization?.replace(/^Bearer /, '')
    if (!key || !safeEqual(key, options.apiKey))
      return error(401, 'unauthorized', 'Invalid API key')
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
    { ok: true; request: SandboxWidgetRequest } | { ok: false; status: number; message: string }

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

  function transition(
    requestId: unknown,
    from: SandboxTransactionStatus[],
    to: SandboxTransactionStatus,
    order?: SandboxWidgetRequest['order'],
  ): WidgetAnswer {
    const found = typeof requestId === 'string' ? requests.get(requestId) : undefined
    if (!found) return { ok: false, status: 404, message: 'Unknown request: create a new one.' }
    if (!from.includes(found.status))
      return { ok: false, status: 409, message: `The transaction is already ${found.status}.` }
    found.status = to
    if (order) found.order = order
    return { ok: true, request: view(found) }
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
  }
}

export type PaybisSandbox = ReturnType<typeof createPaybisSandbox>
