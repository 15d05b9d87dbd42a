/**
 * KYC and KYB on the Sumsub sandbox, on both engines: tokens, statuses, the sandbox page's
 * buttons sending signed webhooks, and the webhook's guarantees (forgery refused with 401, a
 * replay processed once, older events ignored, an unknown applicant logged and acknowledged).
 */
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { webhookDigest } from '../../../server/providers/sumsub/signing.ts'
import { bearer, expectProblem, verifiedUser } from '../support/accounts.ts'
import { sandboxPage, sendWebhook, type SuiteContext } from '../support/providers.ts'

export function verificationSuite(ctx: SuiteContext): void {
  describe('verification', () => {
    const tokenTtl = ctx.sumsubTokenTtl
    const log = ctx.log
    afterEach(() => {
      ctx.server.clock.offsetMs = 0
    })

    async function customer() {
      const { email, tokens } = await verifiedUser(ctx.server)
      const auth = bearer(tokens.accessToken)
      return {
        email,
        auth,
        token: async (kind: 'kyc' | 'kyb') => {
          const response = await ctx.server.api('POST', `/api/sumsub/${kind}`, undefined, auth)
          expect(response.status, response.text).toBe(200)
          return response.body as { token: string; expiresAt: string }
        },
        status: async (kind: 'kyc' | 'kyb') => {
          const response = await ctx.server.api(
            'GET',
            `/api/sumsub/${kind}-status`,
            undefined,
            auth,
          )
          expect(response.status, response.text).toBe(200)
          return response.body
        },
      }
    }

    const externalId = async (email: string, kind: 'kyc' | 'kyb') => {
      const [row] = await ctx.server.running.db.query<{ external_user_id: string }>(
        `SELECT v.external_user_id FROM verifications v JOIN users u ON u.id = v.user_id
       WHERE u.email = $1 AND v.kind = $2`,
        [email, kind],
      )
      return row?.external_user_id ?? ''
    }

    it('runs KYC from token to approval through the sandbox page', async () => {
      const c = await customer()
      expect(await c.status('kyc')).toEqual({ kycReviewStatus: null, kycReviewResult: null })

      const before = Date.now()
      const { token, expiresAt } = await c.token('kyc')
      expect(Date.parse(expiresAt) - before).toBeGreaterThan((tokenTtl - 2) * 1000)
      expect(Date.parse(expiresAt) - before).toBeLessThan((tokenTtl + 2) * 1000)
      // A token alone creates no applicant at Sumsub yet: still never started.
      expect(await c.status('kyc')).toEqual({ kycReviewStatus: null, kycReviewResult: null })

      const loaded = await sandboxPage(ctx.server, token, 'load')
      expect(loaded.status).toBe(200)
      expect(loaded.body).toMatchObject({
        levelName: 'basic-kyc-level',
        applicantType: 'individual',
        reviewStatus: 'init',
        reviewResult: null,
        webhookStatus: 200,
      })
      expect(await c.status('kyc')).toEqual({ kycReviewStatus: 'init', kycReviewResult: null })

      const submitted = await sandboxPage(ctx.server, token, 'submit')
      expect(submitted.body).toMatchObject({ reviewStatus: 'pending', webhookStatus: 200 })
      expect(await c.status('kyc')).toEqual({ kycReviewStatus: 'pending', kycReviewResult: null })

      const approved = await sandboxPage(ctx.server, token, 'approve')
      expect(approved.body).toMatchObject({
        reviewStatus: 'completed',
        reviewResult: { reviewAnswer: 'GREEN' },
        webhookStatus: 200,
      })
      expect(await c.status('kyc')).toEqual({
        kycReviewStatus: 'completed',
        kycReviewResult: { reviewAnswer: 'GREEN' },
      })
      // KYB is separate and never started.
      expect(await c.status('kyb')).toEqual({ kybReviewStatus: null, kybReviewResult: null })
    })

    it('runs KYB to a rejection, with an opaque applicant id of its own', async () => {
      const c = await customer()
      const kyc = await c.token('kyc')
      const { token } = await c.token('kyb')
      expect(token).not.toBe(kyc.token)
      const rejected = await sandboxPage(ctx.server, token, 'reject')
      expect(rejected.body).toMatchObject({
        levelName: 'basic-kyb-level',
        applicantType: 'company',
        reviewStatus: 'completed',
        reviewResult: { reviewAnswer: 'RED' },
      })
      expect(await c.status('kyb')).toEqual({
        kybReviewStatus: 'completed',
        kybReviewResult: { reviewAnswer: 'RED' },
      })
      const kycId = await externalId(c.email, 'kyc')
      const kybId = await externalId(c.email, 'kyb')
      expect(kycId).toMatch(/^[0-9a-f-]{36}$/)
      expect(kybId).toMatch(/^[0-9a-f-]{36}$/)
      expect(kycId).not.toBe(kybId)
      expect(kycId.toLowerCase()).not.toContain(c.email.toLowerCase().split('@')[0])

      // A renewed token is for the same applicant.
      const again = await c.token('kyb')
      const reloaded = await sandboxPage(ctx.server, again.token, 'load')
      expect(reloaded.body.applicantId).toBe(rejected.body.applicantId)
    })

    it('reads the status from Sumsub while nothing is stored', async () => {
      const c = await customer()
      const { token } = await c.token('kyc')
      await sandboxPage(ctx.server, token, 'submit')
      // Forget what the webhooks stored: the server asks Sumsub (the sandbox API, signed).
      await ctx.server.running.db.query(
        `UPDATE verifications SET review_status = NULL, review_answer = NULL, event_at = NULL
       WHERE external_user_id = $1`,
        [await externalId(c.email, 'kyc')],
      )
      expect(await c.status('kyc')).toEqual({ kycReviewStatus: 'pending', kycReviewResult: null })
    })

    it('refuses an expired token on the sandbox page, and a renewed one works', async () => {
      const c = await customer()
      const { token } = await c.token('kyc')
      ctx.server.clock.offsetMs = (tokenTtl + 1) * 1000
      const expired = await sandboxPage(ctx.server, token, 'load')
      expect(expired.status).toBe(401)
      expect(expired.body).toMatchObject({ code: 401, errorName: 'invalid-token' })
      const renewed = await c.token('kyc')
      expect((await sandboxPage(ctx.server, renewed.token, 'load')).status).toBe(200)
      expect((await sandboxPage(ctx.server, 'not-a-token', 'load')).status).toBe(401)
    })

    it('refuses forged webhooks with 401', async () => {
      const body = JSON.stringify({
        applicantId: 'a-forged',
        type: 'applicantReviewed',
        reviewStatus: 'completed',
        reviewResult: { reviewAnswer: 'GREEN' },
      })
      expectProblem(await sendWebhook(ctx.server, body, { secret: 'not-the-secret' }), 401)
      expectProblem(await sendWebhook(ctx.server, body, { digest: 'ab'.repeat(32) }), 401)
      expectProblem(
        await sendWebhook(ctx.server, body, {
          headers: { 'x-payload-digest-alg': 'HMAC_MD5_HEX' },
        }),
        401,
      )
      expectProblem(await ctx.server.api('POST', '/api/sumsub/webhook', JSON.parse(body)), 401)
      // The digest covers the raw bytes: the same JSON re-serialised differently does not match.
      const digestOfCompact = webhookDigest(
        ctx.server.config.sumsub.webhookSecret,
        'HMAC_SHA256_HEX',
        body,
      )
      expectProblem(
        await sendWebhook(ctx.server, JSON.stringify(JSON.parse(body), null, 2), {
          digest: digestOfCompact,
        }),
        401,
      )
    })

    it('accepts each digest algorithm, processes a delivery once and ignores older events', async () => {
      const c = await customer()
      await c.token('kyc')
      const externalUserId = await externalId(c.email, 'kyc')
      const event = (type: string, status: string, at: string, answer?: 'GREEN' | 'RED') =>
        JSON.stringify({
          applicantId: `app-${externalUserId.slice(0, 8)}`,
          inspectionId: 'insp-1',
          applicantType: 'individual',
          correlationId: `req-${type}-${at}`,
          levelName: 'basic-kyc-level',
          sandboxMode: true,
          externalUserId,
          type,
          ...(answer ? { reviewResult: { reviewAnswer: answer } } : {}),
          reviewStatus: status,
          createdAtMs: at,
          clientId: 'test',
        })
      const pending = event('applicantPending', 'pending', '2030-01-01 10:00:00.000')
      const ok = { status: 'ok' }

      expect((await sendWebhook(ctx.server, pending, { algorithm: 'HMAC_SHA1_HEX' })).body).toEqual(
        ok,
      )
      expect(await c.status('kyc')).toEqual({ kycReviewStatus: 'pending', kycReviewResult: null })
      // The same delivery again (a retry) changes nothing and is recorded once.
      expect(
        (await sendWebhook(ctx.server, pending, { algorithm: 'HMAC_SHA512_HEX' })).body,
      ).toEqual(ok)
      const rows = await ctx.server.running.db.query<{ outcome: string }>(
        `SELECT outcome FROM sumsub_webhook_events WHERE applicant_id = $1`,
        [`app-${externalUserId.slice(0, 8)}`],
      )
      expect(rows).toEqual([{ outcome: 'applied' }])

      const reviewed = event('applicantReviewed', 'completed', '2030-01-01 10:05:00.000', 'RED')
      expect((await sendWebhook(ctx.server, reviewed)).status).toBe(200)
      expect(await c.status('kyc')).toEqual({
        kycReviewStatus: 'completed',
        kycReviewResult: { reviewAnswer: 'RED' },
      })
      // A replay of the older pending delivery, and an older event delivered late: no change.
      expect((await sendWebhook(ctx.server, pending)).status).toBe(200)
      const late = event('applicantOnHold', 'onHold', '2030-01-01 09:00:00.000')
      expect((await sendWebhook(ctx.server, late)).status).toBe(200)
      expect(await c.status('kyc')).toEqual({
        kycReviewStatus: 'completed',
        kycReviewResult: { reviewAnswer: 'RED' },
      })
      // Unknown review statuses and event types are acknowledged and ignored.
      const odd = event('applicantTagsChanged', 'somethingNew', '2030-01-01 11:00:00.000')
      expect((await sendWebhook(ctx.server, odd)).status).toBe(200)
      expect((await c.status('kyc')) as object).toMatchObject({ kycReviewStatus: 'completed' })
    })

    it('logs and acknowledges a webhook for an unknown applicant', async () => {
      const body = JSON.stringify({
        applicantId: 'unknown-applicant-1',
        externalUserId: 'nobody-we-know',
        type: 'applicantReviewed',
        reviewStatus: 'completed',
        reviewResult: { reviewAnswer: 'GREEN' },
        createdAtMs: '2030-01-01 00:00:00.000',
      })
      const response = await sendWebhook(ctx.server, body)
      expect(response.status).toBe(200)
      expect(response.body).toEqual({ status: 'ok' })
      expect(
        log.some(
          (line) => line.includes('unknown applicant') && line.includes('unknown-applicant-1'),
        ),
      ).toBe(true)
      // Signed but not a webhook's shape: 400, never a 500.
      const bad = await sendWebhook(ctx.server, JSON.stringify({ type: 'applicantReviewed' }))
      expectProblem(bad, 400, 'VALIDATION_ERROR')
      expectProblem(await sendWebhook(ctx.server, '[1,2]'), 400)
    })

    it('answers generated webhook bodies, signed or not, with 200, 400 or 401: never a 500', async () => {
      const field = fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.integer(),
        fc.constant(null),
        fc.boolean(),
      )
      const body = fc.oneof(
        fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
        fc
          .record(
            {
              type: field,
              applicantId: field,
              externalUserId: field,
              reviewStatus: field,
              createdAtMs: field,
              reviewResult: fc.oneof(field, fc.record({ reviewAnswer: field })),
            },
            { requiredKeys: [] },
          )
          .map((v) => JSON.stringify(v)),
        fc.string({ maxLength: 60 }),
      )
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (text, signed) => {
          const response = await sendWebhook(ctx.server, text, signed ? {} : { secret: 'wrong' })
          if (!signed) expect(response.status).toBe(401)
          else expect([200, 400]).toContain(response.status)
        }),
        { numRuns: 25 },
      )
    })

    it("checks the fake Sumsub API's signature like Sumsub", async () => {
      const response = await fetch(
        `${ctx.server.url}/sandbox/sumsub/api/resources/accessTokens/sdk`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-app-token': ctx.server.config.sumsub.appToken,
            'x-app-access-ts': String(Math.floor(Date.now() / 1000)),
            'x-app-access-sig': '00'.repeat(32),
          },
          body: JSON.stringify({ userId: 'u-1', levelName: 'basic-kyc-level', ttlInSecs: 600 }),
        },
      )
      expect(response.status).toBe(401)
      expect(await response.json()).toMatchObject({ code: 401, description: 'Invalid signature' })
    })

    it('serves the sandbox page under our CSP, framable by our own origin only', async () => {
      const page = await fetch(`${ctx.server.url}/sandbox/sumsub/websdk?accessToken=x`)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toMatch(/^text\/html/)
      const html = await page.text()
      expect(html).toContain('<script src="/sandbox/sumsub/websdk.js" defer></script>')
      expect(html).not.toMatch(/<script>(?!<)/)
      expect(html).toMatch(/>Approve</)
      expect(html).toMatch(/>Reject</)
      const csp = page.headers.get('content-security-policy') ?? ''
      expect(csp).toMatch(/frame-ancestors 'self'/)
      expect(csp).toMatch(/script-src 'self'/)
      expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN')
      const script = await fetch(`${ctx.server.url}/sandbox/sumsub/websdk.js`)
      expect(script.headers.get('content-type')).toMatch(/^text\/javascript/)
      const code = await script.text()
      for (const method of [
        'idCheck.onReady',
        'idCheck.onApplicantStatusChanged',
        'idCheck.onError',
        'invalid-token',
        'idCheck.updateAccessToken',
      ])
        expect(code).toContain(method)
    })

    it('refuses the operations without a bearer token', async () => {
      for (const [method, path] of [
        ['POST', '/api/sumsub/kyc'],
        ['POST', '/api/sumsub/kyb'],
        ['GET', '/api/sumsub/kyc-status'],
        ['GET', '/api/sumsub/kyb-status'],
      ] as const)
        expectProblem(await ctx.server.api(method, path), 401, 'INVALID_TOKEN')
    })
  })
}
