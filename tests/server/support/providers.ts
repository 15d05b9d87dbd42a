/** Helpers for the provider tests: the market contract checker, signed webhooks, sandbox calls. */
import { expect } from 'vitest'
import {
  webhookDigest,
  type WebhookDigestAlgorithm,
} from '../../../server/providers/sumsub/signing.ts'
import { createContractChecker } from './contract.ts'
import { RawBody, type ApiResponse, type TestServer } from './test-server.ts'

export const marketContract = createContractChecker('market.yaml')

/** What the shared suites of tests/server/suites/ get: a running sandbox server and its log. */
export interface SuiteContext {
  /** Set in beforeAll; read it inside tests only. */
  server: TestServer
  log: string[]
  /** SANDBOX_SUMSUB_TOKEN_TTL of the server. */
  sumsubTokenTtl: number
}

/** A call of the market-data API under `base` (e.g. /sandbox/market), checked against market.yaml. */
export async function marketCall(
  baseUrl: string,
  base: string,
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const init: RequestInit & { headers: Record<string, string> } = {
    method: 'POST',
    headers: { ...headers },
  }
  if (body instanceof RawBody) {
    init.body = body.data
    if (body.contentType !== undefined) init.headers['content-type'] = body.contentType
  } else {
    init.body = JSON.stringify(body)
    init.headers['content-type'] ??= 'application/json'
  }
  const response = await fetch(`${baseUrl}${base}/${method}`, init)
  const text = await response.text()
  const parsed = marketContract.checkResponse(
    'POST',
    `/${method}`,
    response.status,
    response.headers,
    text,
  )
  return { status: response.status, headers: response.headers, body: parsed, text }
}

/** POSTs a webhook body to /api/sumsub/webhook, signed (or not) as Sumsub signs it. */
export function sendWebhook(
  server: TestServer,
  body: string,
  options: {
    secret?: string
    algorithm?: WebhookDigestAlgorithm
    digest?: string
    headers?: Record<string, string>
  } = {},
): Promise<ApiResponse> {
  const algorithm = options.algorithm ?? 'HMAC_SHA256_HEX'
  const digest =
    options.digest ??
    webhookDigest(options.secret ?? server.config.sumsub.webhookSecret, algorithm, body)
  return server.api('POST', '/api/sumsub/webhook', new RawBody(body, 'application/json'), {
    'x-payload-digest': digest,
    'x-payload-digest-alg': algorithm,
    ...options.headers,
  })
}

/** What the sandbox verification page's calls answer. */
export interface SandboxSession {
  applicantId: string
  levelName: string
  applicantType: 'individual' | 'company'
  reviewStatus: string
  reviewResult: { reviewAnswer: 'GREEN' | 'RED'; reviewRejectType?: string } | null
  expiresAt: string
  webhookStatus?: number
}

/** The call the sandbox page makes for a button (load, submit, approve, reject). */
export async function sandboxPage(
  server: TestServer,
  token: string,
  action: 'load' | 'submit' | 'approve' | 'reject',
): Promise<{ status: number; body: SandboxSession & Record<string, unknown> }> {
  const response = await fetch(`${server.url}/sandbox/sumsub/websdk/api/${action}`, {
    method: 'POST',
    headers: { 'x-access-token': token },
  })
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  return {
    status: response.status,
    body: (await response.json()) as SandboxSession & Record<string, unknown>,
  }
}
