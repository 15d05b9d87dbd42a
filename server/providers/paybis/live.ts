/** The Paybis adapter: RSA-PSS-signed partner API calls to PAYBIS_API_URL (or the sandbox fake). */
import type { KeyObject } from 'node:crypto'
import { ProviderUnavailable } from '../../domain-errors.ts'
import { isRecord, readJson, type Fetch } from '../in-process-fetch.ts'
import { paybisSignature } from './signing.ts'
import { readTransaction } from './transactions.ts'
import type { PaybisApi, PaybisTransaction } from './types.ts'

export interface PaybisLiveOptions {
  apiUrl: string
  apiKey: string
  /** The partner's RSA private key; a promise when it is generated or read lazily. */
  privateKey: () => Promise<KeyObject>
  fetch?: Fetch
  timeoutMs?: number
}

export function createPaybisLive(options: PaybisLiveOptions): PaybisApi {
  const fetchFn = options.fetch ?? fetch
  const timeoutMs = options.timeoutMs ?? 10_000

  return {
    async createRequest({ partnerUserId, email, locale, passwordless }) {
      const body = JSON.stringify({
        partnerUserId,
        email,
        locale,
        flow: 'buyCrypto',
        ...(passwordless ? { passwordless: true } : {}),
      })
      const url = `${options.apiUrl}/v2/request`
      let response: Response
      try {
        response = await fetchFn(url, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            // The raw key, as Paybis's current public clients send it
            // (docs/product/providers/paybis.md#api-key,
            // docs/product/providers/unconfirmed.md#paybis-authorization-header).
            authorization: options.apiKey,
            'x-request-signature': paybisSignature(await options.privateKey(), body),
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        throw new ProviderUnavailable('paybis', `POST /v2/request: ${(error as Error).message}`)
      }
      const json = await readJson(response)
      // The v2 answer is top-level; a `data` wrapper (seen on v3) is tolerated.
      const answer = isRecord(json) && isRecord(json.data) ? json.data : json
      const usable =
        isRecord(answer) &&
        typeof answer.requestId === 'string' &&
        /^[\w.:-]{1,128}$/.test(answer.requestId) &&
        (answer.oneTimeToken === undefined ||
          (typeof answer.oneTimeToken === 'string' && answer.oneTimeToken.length <= 512))
      if (response.status !== 200 || !usable) {
        const message =
          isRecord(json) && typeof json.message === 'string' ? `: ${json.message}` : ''
        throw new ProviderUnavailable(
          'paybis',
          `POST /v2/request answered ${response.status}${message}`,
        )
      }
      return {
        requestId: answer.requestId as string,
        ...(typeof answer.oneTimeToken === 'string' && answer.oneTimeToken !== ''
          ? { oneTimeToken: answer.oneTimeToken }
          : {}),
      }
    },

    async listTransactions({ from, to, limit, cursor }) {
      const query = new URLSearchParams({
        from: from.toISOString(),
        to: to.toISOString(),
        limit: String(limit),
        ...(cursor !== undefined ? { cursor } : {}),
      })
      // A GET has no body, so it is not signed (docs/product/providers/paybis.md#signature-recipe).
      let response: Response
      try {
        response = await fetchFn(`${options.apiUrl}/v2/transactions?${query.toString()}`, {
          method: 'GET',
          headers: { accept: 'application/json', authorization: options.apiKey },
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        throw new ProviderUnavailable('paybis', `GET /v2/transactions: ${(error as Error).message}`)
      }
      const json = await readJson(response)
      if (response.status !== 200 || !isRecord(json) || !Array.isArray(json.data))
        throw new ProviderUnavailable('paybis', `GET /v2/transactions answered ${response.status}`)
      // An item that cannot be read (no id, request id or status) is skipped, not fatal.
      const items: PaybisTransaction[] = []
      for (const raw of json.data) {
        const read = readTransaction(raw)
        if (read.ok) items.push(read.transaction)
      }
      const next = isRecord(json.meta) ? json.meta.nextCursor : undefined
      return {
        items,
        nextCursor:
          typeof next === 'string' && next !== '' && next.length <= 512 ? next : undefined,
      }
    },
  }
}
