/**
 * Card payments on the Paybis sandbox, on both engines: a widget request per call, stored with
 * the customer and known to Paybis by an opaque partnerUserId; the widget URL from configuration;
 * the local widget's calls; and the fake partner API checking the key and the RSA-PSS signature.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { paybisSignature } from '../../../server/providers/paybis/signing.ts'
import { bearer, expectProblem, verifiedUser } from '../support/accounts.ts'
import type { SuiteContext } from '../support/providers.ts'
import { testPublicUrl } from '../support/test-server.ts'

interface WidgetSession {
  requestId: string
  oneTimeToken?: string
  widgetUrl: string
}

export function paymentSuite(ctx: SuiteContext): void {
  describe('payments', () => {
    const widgetCall = async (action: string, body: unknown) => {
      const response = await fetch(`${ctx.server.url}/sandbox/paybis/widget/api/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      return { status: response.status, body: (await response.json()) as Record<string, unknown> }
    }

    it('creates a widget request per call, with the sandbox widget URL', async () => {
      const { email, tokens } = await verifiedUser(ctx.server)
      const auth = bearer(tokens.accessToken)
      const first = await ctx.server.api('POST', '/api/paybis/createRequest', undefined, auth)
      expect(first.status, first.text).toBe(200)
      const session = first.body as WidgetSession
      expect(session.requestId).toMatch(/^[0-9a-f-]{36}$/)
      expect(session.oneTimeToken).toMatch(/^ott_/)
      const url = new URL(session.widgetUrl)
      expect(`${url.origin}${url.pathname}`).toBe(`${testPublicUrl}/sandbox/paybis/widget`)
      expect(url.searchParams.get('requestId')).toBe(session.requestId)
      expect(url.searchParams.get('oneTimeToken')).toBe(session.oneTimeToken)

      const second = (await ctx.server.api('POST', '/api/paybis/createRequest', undefined, auth))
        .body as WidgetSession
      expect(second.requestId).not.toBe(session.requestId)

      const rows = await ctx.server.running.db.query<{
        request_id: string
        partner_user_id: string
      }>(
        `SELECT r.request_id, c.partner_user_id FROM paybis_requests r
       JOIN users u ON u.id = r.user_id JOIN paybis_customers c ON c.user_id = u.id
       WHERE u.email = $1 ORDER BY r.created_at`,
        [email],
      )
      expect(rows.map((r) => r.request_id).sort()).toEqual(
        [session.requestId, second.requestId].sort(),
      )
      // One stable, opaque partnerUserId: neither the e-mail nor our user id.
      expect(new Set(rows.map((r) => r.partner_user_id)).size).toBe(1)
      expect(rows[0]?.partner_user_id).not.toContain('@')

      // The widget page and its calls: load (with the one-time token), pay, confirm.
      const page = await fetch(session.widgetUrl.replace(testPublicUrl, ctx.server.url))
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<script src="/sandbox/paybis/widget.js" defer></script>')
      const loaded = await widgetCall('load', {
        requestId: session.requestId,
        oneTimeToken: session.oneTimeToken,
      })
      expect(loaded).toMatchObject({ status: 200, body: { email, status: 'created' } })
      expect(
        (await widgetCall('load', { requestId: session.requestId, oneTimeToken: 'ott_x' })).status,
      ).toBe(401)
      expect((await widgetCall('load', { requestId: 'nope' })).status).toBe(404)
      expect(
        (
          await widgetCall('pay', {
            requestId: session.requestId,
            amount: '1',
            currencyFrom: 'EUR',
            currencyTo: 'BTC',
          })
        ).status,
      ).toBe(422)
      const paid = await widgetCall('pay', {
        requestId: session.requestId,
        amount: '150.00',
        currencyFrom: 'EUR',
        currencyTo: 'BTC',
      })
      expect(paid).toMatchObject({ status: 200, body: { status: 'payment-pending' } })
      const done = await widgetCall('confirm', {
        requestId: session.requestId,
        outcome: 'completed',
      })
      expect(done).toMatchObject({ status: 200, body: { status: 'completed' } })
      expect(
        (await widgetCall('confirm', { requestId: session.requestId, outcome: 'rejected' })).status,
      ).toBe(409)

      const script = await (await fetch(`${ctx.server.url}/sandbox/paybis/widget.js`)).text()
      for (const name of ["'opened'", "'loaded'", "'payment-redirect'", 'completed', "'closed'"])
        expect(script).toContain(name)
    })

    it('has the fake partner API check the key and the signature', async () => {
      // The development key pair generated into DATA_DIR on first use (the test above made one).
      const privateKey = await readFile(
        join(ctx.server.config.dataDir, 'paybis-sandbox-private-key.pem'),
        'utf8',
      )
      const body = JSON.stringify({ partnerUserId: 'p-1', email: 'anna@example.com', locale: 'en' })
      const call = (headers: Record<string, string>, payload = body) =>
        fetch(`${ctx.server.url}/sandbox/paybis/api/v2/request`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: payload,
        })
      const key = ctx.server.config.paybis.apiKey
      const good = await call({
        authorization: key,
        'x-request-signature': paybisSignature(privateKey, body),
      })
      expect(good.status).toBe(200)
      expect(await good.json()).toMatchObject({ requestId: expect.any(String) as string })
      const tampered = await call(
        { authorization: key, 'x-request-signature': paybisSignature(privateKey, body) },
        body.replace('p-1', 'p-2'),
      )
      expect(tampered.status).toBe(403)
      expect(await tampered.json()).toMatchObject({ code: 'invalid_signature' })
      expect(
        (await call({ 'x-request-signature': paybisSignature(privateKey, body) })).status,
      ).toBe(401)
    })

    it('refuses createRequest without a bearer token', async () => {
      expectProblem(await ctx.server.api('POST', '/api/paybis/createRequest'), 401, 'INVALID_TOKEN')
    })
  })
}
