/**
 * The live adapters against a local fake of the providers (a tiny HTTP server on 127.0.0.1 that
 * checks paths and signatures itself, never the internet): Sumsub's X-App-* signing, Paybis's
 * RSA-PSS signature, the market proxy's cache; then a whole server with PROVIDERS=live pointed
 * at the fake, on both engines.
 */
import {
  constants,
  createHash,
  createHmac,
  generateKeyPairSync,
  randomUUID,
  verify,
} from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { ProviderUnavailable } from '../../server/domain-errors.ts'
import { createMarketLive } from '../../server/providers/market/live.ts'
import { createPaybisLive } from '../../server/providers/paybis/live.ts'
import { createSumsubLive } from '../../server/providers/sumsub/live.ts'
import { bearer, expectProblem, messagesTo, uniqueEmail, verifiedUser } from './support/accounts.ts'
import { engines } from './support/databases.ts'
import { openMigratedDatabase } from './support/migrated-database.ts'
import { marketCall } from './support/providers.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

const appToken = 'prd:live-test-token'
const secretKey = 'live-test-secret'
const apiKey = 'paybis-live-key'
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
})

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

/** The fake providers: each route checks what the real provider checks, then answers its shape. */
function startFakeProviders() {
  const seen: Seen[] = []
  const state = { knownApplicants: new Set<string>(), paybisDown: false, candleCalls: 0 }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const url = req.url ?? ''
      seen.push({ method: req.method ?? '', url, headers: req.headers, body })
      const send = (status: number, json: unknown): true => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json))
        return true
      }
      if (url.startsWith('/sumsub/')) {
        const ts = String(req.headers['x-app-access-ts'])
        const expected = createHmac('sha256', secretKey)
          .update(ts + (req.method ?? '') + url + body)
          .digest('hex')
        if (
          req.headers['x-app-token'] !== appToken ||
          Math.abs(Number(ts) - Date.now() / 1000) > 60 ||
          req.headers['x-app-access-sig'] !== expected
        )
          return send(401, { code: 401, description: 'Invalid signature', correlationId: 'c' })
        if (req.method === 'POST' && url === '/sumsub/resources/accessTokens/sdk') {
          const parsed = JSON.parse(body) as { userId: string }
          return send(200, { token: `_act-live-${randomUUID()}`, userId: parsed.userId })
        }
        const applicant = /^\/sumsub\/resources\/applicants\/-;externalUserId=([^/]+)\/one$/.exec(
          url,
        )
        if (req.method === 'GET' && applicant) {
          if (!state.knownApplicants.has(applicant[1] ?? ''))
            return send(404, { code: 404, description: 'Applicant not found' })
          return send(200, {
            id: 'live-applicant-1',
            externalUserId: applicant[1],
            type: 'individual',
            review: { reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } },
          })
        }
        return send(404, { code: 404, description: 'Not found' })
      }
      if (url === '/paybis/v2/request' && req.method === 'POST') {
        const hex = createHash('sha512').update(body, 'utf8').digest('hex')
        const signature = String(req.headers['x-request-signature'])
        const valid = verify(
          'sha512',
          Buffer.from(hex),
          { key: keys.publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 64 },
          Buffer.from(signature, 'base64'),
        )
        if (req.headers.authorization !== apiKey)
          return send(401, { code: 'unauthorized', message: 'key' })
        if (!valid) return send(403, { code: 'invalid_signature', message: 'bad signature' })
        if (state.paybisDown) return send(500, { code: 'internal', message: 'down' })
        const parsed = JSON.parse(body) as { passwordless?: boolean }
        return send(200, {
          requestId: randomUUID(),
          ...(parsed.passwordless ? { oneTimeToken: 'ott_live_token' } : {}),
        })
      }
      if (url === '/market/get_candles') {
        state.candleCalls++
        const t = Date.now() - (Date.now() % (4 * 3600_000))
        return send(200, {
          ok: 'ok',
          data: [
            {
              timestamp: String(t),
              open: '49000',
              high: '51000',
              low: '48000',
              close: '50000',
              volume: '0',
              resolution: '4h',
              isClosed: false,
              timestampISO: new Date(t).toISOString(),
            },
          ],
        })
      }
      if (url === '/market/get_trade_history')
        return send(422, { error: 'pair NOPE-USD is not supported' })
      res.writeHead(500).end('upstream failure')
    })
  })
  return new Promise<{ url: string; seen: Seen[]; state: typeof state; close(): Promise<void> }>(
    (resolve) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo
        resolve({
          url: `http://127.0.0.1:${port}`,
          seen,
          state,
          close: () =>
            new Promise((done) => {
              server.close(() => {
                done()
              })
            }),
        })
      })
    },
  )
}

let fake: Awaited<ReturnType<typeof startFakeProviders>>
beforeAll(async () => {
  fake = await startFakeProviders()
})
afterAll(async () => {
  await fake.close()
})
beforeEach(() => {
  fake.seen.length = 0
  fake.state.candleCalls = 0
  fake.state.paybisDown = false
})

const now = () => new Date()

describe('live adapters against a local fake', () => {
  it('Sumsub: signs the token request and the applicant lookup', async () => {
    const sumsub = createSumsubLive({ baseUrl: `${fake.url}/sumsub`, appToken, secretKey, now })
    const token = await sumsub.createAccessToken({
      externalUserId: 'ext-1',
      levelName: 'basic-kyc-level',
      ttlSeconds: 600,
    })
    expect(token).toEqual({
      token: expect.stringMatching(/^_act-live-/) as string,
      userId: 'ext-1',
    })
    expect(fake.seen[0]).toMatchObject({
      method: 'POST',
      url: '/sumsub/resources/accessTokens/sdk',
      body: '{"userId":"ext-1","levelName":"basic-kyc-level","ttlInSecs":600}',
    })
    expect(fake.seen[0]?.headers['content-type']).toBe('application/json')
    expect(await sumsub.findApplicant('ext-unknown')).toBeUndefined()
    fake.state.knownApplicants.add('ext-1')
    expect(await sumsub.findApplicant('ext-1')).toEqual({
      applicantId: 'live-applicant-1',
      reviewStatus: 'completed',
      reviewAnswer: 'GREEN',
      reviewRejectType: undefined,
    })
    const wrong = createSumsubLive({
      baseUrl: `${fake.url}/sumsub`,
      appToken,
      secretKey: 'nope',
      now,
    })
    await expect(
      wrong.createAccessToken({ externalUserId: 'x', levelName: 'l', ttlSeconds: 60 }),
    ).rejects.toBeInstanceOf(ProviderUnavailable)
    const unreachable = createSumsubLive({
      baseUrl: 'http://127.0.0.1:1',
      appToken,
      secretKey,
      now,
    })
    await expect(unreachable.findApplicant('x')).rejects.toBeInstanceOf(ProviderUnavailable)
  })

  it('Paybis: signs /v2/request with RSA-PSS, verified with the public key', async () => {
    const paybis = createPaybisLive({
      apiUrl: `${fake.url}/paybis`,
      apiKey,
      privateKey: () => Promise.resolve(keys.privateKey as never),
    })
    const created = await paybis.createRequest({
      partnerUserId: 'partner-1',
      email: 'anna@example.com',
      locale: 'en',
      passwordless: true,
    })
    expect(created).toEqual({
      requestId: expect.any(String) as string,
      oneTimeToken: 'ott_live_token',
    })
    expect(JSON.parse(fake.seen[0]?.body ?? '')).toEqual({
      partnerUserId: 'partner-1',
      email: 'anna@example.com',
      locale: 'en',
      flow: 'buyCrypto',
      passwordless: true,
    })
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
    const forged = createPaybisLive({
      apiUrl: `${fake.url}/paybis`,
      apiKey,
      privateKey: () => Promise.resolve(other.privateKey),
    })
    await expect(
      forged.createRequest({
        partnerUserId: 'p',
        email: 'a@b.c',
        locale: 'en',
        passwordless: false,
      }),
    ).rejects.toBeInstanceOf(ProviderUnavailable)
  })

  it('market: caches per body, shares concurrent calls, maps failures to 503, keeps a budget', async () => {
    let clock = Date.now()
    const database = await openMigratedDatabase('pglite')
    onTestFinished(() => database.dispose())
    const market = createMarketLive({
      apiUrl: `${fake.url}/market`,
      db: database.db,
      now: () => new Date(clock),
      cacheSeconds: 15,
      callsPerMinute: 5,
    })
    const body = {
      pair: 'BTC-EUR',
      fromISO: '2025-01-01T00:00:00.000Z',
      limit: 1,
      dataType: 'bestAsk',
      resolution: '4h',
    }
    const [a, b] = await Promise.all([
      market.call('get_candles', body),
      market.call('get_candles', body),
    ])
    expect(a).toEqual(b)
    expect(a.status).toBe(200)
    // The same body in another property order is the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse())
    await market.call('get_candles', reordered)
    expect(fake.state.candleCalls).toBe(1)
    clock += 16_000
    await market.call('get_candles', body)
    expect(fake.state.candleCalls).toBe(2)
    expect(await market.call('get_pairs_info', {})).toMatchObject({ status: 503 })
    expect(await market.call('get_trade_history', { pair: 'NOPE-USD' })).toEqual({
      status: 422,
      body: { error: 'pair NOPE-USD is not supported' },
    })
    for (let i = 0; i < 3; i++) await market.call('get_candles', { ...body, limit: 10 + i })
    expect(await market.call('get_candles', { ...body, limit: 99 })).toEqual({
      status: 429,
      body: { error: 'API rate limit reached' },
    })
  })
})

describe.each(engines)('a server with PROVIDERS=live on %s', (engine) => {
  let server: TestServer
  const log: string[] = []

  beforeAll(async () => {
    server = await startTestServer(engine, {
      logStream: {
        write(line) {
          log.push(line)
        },
      },
      env: {
        PROVIDERS: 'live',
        SUMSUB_BASE_URL: `${fake.url}/sumsub`,
        SUMSUB_APP_TOKEN: appToken,
        SUMSUB_SECRET_KEY: secretKey,
        SUMSUB_WEBHOOK_SECRET: 'live-webhook-secret',
        PAYBIS_API_URL: `${fake.url}/paybis`,
        PAYBIS_WIDGET_URL: 'https://widget.sandbox.paybis.com/',
        PAYBIS_API_KEY: apiKey,
        PAYBIS_PRIVATE_KEY: keys.privateKey,
        PAYBIS_WEBHOOK_PUBLIC_KEY: keys.publicKey,
        MARKET_API_URL: `${fake.url}/market`,
      },
    })
  })
  afterAll(async () => {
    await server.stop()
  })

  it('serves the live configuration and no sandbox', async () => {
    const config = await server.api('GET', '/api/config')
    expect(config.body).toMatchObject({ providers: 'live', marketBaseUrl: '/market' })
    expect(config.body).not.toHaveProperty('sumsubSandboxUrl')
    expect((await fetch(`${server.url}/sandbox/sumsub/websdk`)).status).toBe(404)
    expect(
      (await fetch(`${server.url}/sandbox/market/get_candles`, { method: 'POST', body: '{}' }))
        .status,
    ).toBe(404)
  })

  it('mints Sumsub tokens and reads statuses through the signed API', async () => {
    const { email, tokens } = await verifiedUser(server)
    const auth = bearer(tokens.accessToken)
    const minted = await server.api('POST', '/api/sumsub/kyc', undefined, auth)
    expect(minted.status, minted.text).toBe(200)
    expect((minted.body as { token: string }).token).toMatch(/^_act-live-/)
    const sent = JSON.parse(fake.seen.at(-1)?.body ?? '{}') as { userId: string; levelName: string }
    expect(sent.levelName).toBe('basic-kyc-level')
    expect(sent.userId).not.toContain('@')
    expect(sent.userId).not.toBe(email)
    // No applicant at Sumsub yet, then one that was approved.
    expect((await server.api('GET', '/api/sumsub/kyc-status', undefined, auth)).body).toEqual({
      kycReviewStatus: null,
      kycReviewResult: null,
    })
    fake.state.knownApplicants.add(sent.userId)
    expect((await server.api('GET', '/api/sumsub/kyc-status', undefined, auth)).body).toEqual({
      kycReviewStatus: 'completed',
      kycReviewResult: { reviewAnswer: 'GREEN' },
    })
  })

  it('creates signed Paybis requests with the configured widget host, 503 when Paybis fails', async () => {
    const { email, tokens } = await verifiedUser(server)
    const auth = bearer(tokens.accessToken)
    const created = await server.api('POST', '/api/paybis/createRequest', undefined, auth)
    expect(created.status, created.text).toBe(200)
    const { requestId, widgetUrl } = created.body as { requestId: string; widgetUrl: string }
    expect(widgetUrl).toBe(`https://widget.sandbox.paybis.com/?requestId=${requestId}`)
    const sent = JSON.parse(fake.seen.at(-1)?.body ?? '{}') as Record<string, unknown>
    expect(sent).toMatchObject({ email, locale: 'en' })
    expect(sent).not.toHaveProperty('passwordless')
    fake.state.paybisDown = true
    expectProblem(await server.api('POST', '/api/paybis/createRequest', undefined, auth), 503)
    expect(
      log.some((line) => line.includes('provider unavailable') && line.includes('paybis')),
    ).toBe(true)
  })

  it('proxies the market data with a cache, and quotes with the live rate', async () => {
    const body = {
      pair: 'BTC-EUR',
      fromISO: '2025-01-01T00:00:00.000Z',
      limit: 1,
      dataType: 'bestAsk',
      resolution: '4h',
    }
    const first = await marketCall(server.url, '/market', 'get_candles', body)
    const second = await marketCall(server.url, '/market', 'get_candles', body)
    expect(first.status).toBe(200)
    expect(second.body).toEqual(first.body)
    expect(fake.state.candleCalls).toBe(1)
    expect((await marketCall(server.url, '/market', 'get_pairs_info', {})).status).toBe(503)
    expect(
      (await marketCall(server.url, '/market', 'get_candles', { pair: 'BTC-EUR' })).status,
    ).toBe(422)
    // Header tricks of the sandbox do nothing here.
    const real = await marketCall(server.url, '/market', 'get_candles', body, {
      'x-sandbox-market-mode': 'error',
    })
    expect(real.status).toBe(200)

    const { tokens } = await verifiedUser(server)
    const contact = uniqueEmail('live-quote')
    const created = await server.api(
      'POST',
      '/api/exchange-request',
      {
        fromCurrency: 'EUR',
        toCurrency: 'BTC',
        amount: 20_000,
        name: '',
        email: contact,
        phone: '',
        country: '',
        message: '',
      },
      bearer(tokens.accessToken),
    )
    expect(created.status).toBe(201)
    const [mail] = await messagesTo(server, contact)
    // 20000 / 50000 × (1 − 1.1 %) = 0.3956
    expect(mail?.text).toContain('Rate: 1 BTC = 50000.00 EUR (market data, ')
    expect(mail?.text).toContain('You receive (estimate): 0.39560000 BTC')
  })
})
