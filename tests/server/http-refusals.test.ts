/**
 * Issue 12's findings, each on both engines: what the HTTP layer refuses is a 4xx problem+json
 * the contract declares (a missing body, a NUL or an unpaired surrogate in a string, a signed empty
 * webhook), what Node's parser and the router refuse is problem+json that echoes nothing (431, a
 * malformed Content-Length, a path that does not percent-decode), a token of a deleted account is
 * 401 on every bearer operation, the Bearer scheme is case-insensitive, and a slow client is cut
 * off. Every /api answer of `api()` also goes through the contract checker.
 */
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { problemTypes } from '../../server/http/problem.ts'
import { webhookDigest } from '../../server/providers/sumsub/signing.ts'
import { bearer, expectProblem, verifiedUser, type Problem } from './support/accounts.ts'
import { engines } from './support/databases.ts'
import { sendWebhook } from './support/providers.ts'
import { RawBody, startTestServer, type TestServer } from './support/test-server.ts'

interface RawAnswer {
  status: number
  head: string
  body: string
  /** Milliseconds until the server closed the connection. */
  closedAfterMs: number
}

/**
 * Writes `chunks` to a fresh connection (waiting `gapMs` between them, as a slow client would)
 * and reads until the server closes it: for what fetch cannot send.
 */
function rawExchange(url: string, chunks: string[], gapMs = 0): Promise<RawAnswer> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const socket = connect(Number(port), hostname)
    let received = ''
    let timer: NodeJS.Timeout | undefined
    socket.setEncoding('utf8')
    socket.on('data', (data: string) => (received += data))
    socket.on('error', () => undefined)
    socket.on('close', () => {
      clearTimeout(timer)
      const [head = '', ...rest] = received.split('\r\n\r\n')
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        head,
        body: rest.join('\r\n\r\n'),
        closedAfterMs: Date.now() - started,
      })
    })
    const queue = [...chunks]
    const next = () => {
      const chunk = queue.shift()
      if (chunk === undefined) return
      if (!socket.destroyed) socket.write(chunk)
      timer = setTimeout(next, gapMs)
    }
    socket.once('connect', next)
    setTimeout(() => {
      socket.destroy()
      reject(new Error(`no answer within 20 s; got ${received}`))
    }, 20_000).unref()
  })
}

function expectRawProblem(answer: RawAnswer, status: number, echo?: string): Problem {
  expect(answer.status, answer.head).toBe(status)
  expect(answer.head).toMatch(/^content-type: application\/problem\+json/im)
  const problem = JSON.parse(answer.body) as Problem
  expect(problem.status).toBe(status)
  if (echo !== undefined) expect(answer.body).not.toContain(echo)
  return problem
}

const profile = { firstName: 'Anna', lastName: 'Kowalska', country: 'PL', phone: '+48 601 234 567' }
const quote = {
  fromCurrency: 'EUR',
  toCurrency: 'BTC',
  amount: 100,
  name: 'Anna',
  email: 'anna@example.com',
  phone: '',
  country: '',
  message: '',
}

describe.each(engines)('HTTP refusals on %s', (engine) => {
  let server: TestServer
  let auth: Record<string, string>

  beforeAll(async () => {
    server = await startTestServer(engine, { timeouts: { headersMs: 400, requestMs: 1_000 } })
    auth = bearer((await verifiedUser(server)).tokens.accessToken)
  })
  afterAll(async () => {
    await server.stop()
  })

  it.each([
    ['login', 'POST', '/api/auth/login', false],
    ['register', 'POST', '/api/auth/register', false],
    ['refreshToken', 'POST', '/api/auth/refresh-token', false],
    ['resetPassword', 'POST', '/api/auth/reset-password', false],
    ['setNewPassword', 'POST', '/api/auth/forgot-password/new-password', false],
    ['updateProfile', 'PUT', '/api/users/profile', true],
    ['createExchangeRequest', 'POST', '/api/exchange-request', true],
  ] as const)(
    '%s without a body and without Content-Type is 400 body-required',
    async (_, method, path, signedIn) => {
      const answer = await server.api(method, path, undefined, signedIn ? auth : {})
      const problem = expectProblem(answer, 400, 'VALIDATION_ERROR')
      expect(problem.type).toBe(problemTypes.bodyRequired)
      expect(problem.errors).toEqual([{ field: '/', message: 'is required', code: 'required' }])
      // The same with an empty JSON body.
      const empty = await server.api(method, path, new RawBody('', 'application/json'), {
        ...(signedIn ? auth : {}),
      })
      expect(expectProblem(empty, 400, 'VALIDATION_ERROR').type).toBe(problemTypes.bodyRequired)
    },
  )

  it('answers `curl -X POST /api/auth/login` (no body, no Content-Length) with 400', async () => {
    const { host } = new URL(server.url)
    const answer = await rawExchange(server.url, [
      `POST /api/auth/login HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: curl/8\r\nAccept: */*\r\nConnection: close\r\n\r\n`,
    ])
    expect(expectRawProblem(answer, 400).type).toBe(problemTypes.bodyRequired)
  })

  it('refuses a NUL or an unpaired surrogate in a profile field with 400 naming the field', async () => {
    for (const [field, value, rule] of [
      ['firstName', 'An\u0000na', 'U+0000'],
      ['lastName', 'Kowal\ud800ska', 'surrogate'],
      ['phone', '\u0000', 'U+0000'],
    ] as const) {
      const answer = await server.api(
        'PUT',
        '/api/users/profile',
        { ...profile, [field]: value },
        auth,
      )
      const problem = expectProblem(answer, 400, 'VALIDATION_ERROR')
      expect(problem.type).toBe(problemTypes.forbiddenCharacter)
      expect(problem.errors?.map((e) => [e.field, e.code])).toEqual([
        [`/${field}`, 'forbiddenCharacter'],
      ])
      expect(problem.errors?.[0]?.message).toContain(rule)
    }
    // Nothing was stored, and the profile still reads.
    const read = await server.api('GET', '/api/users/profile', undefined, auth)
    expect(read.status).toBe(200)
  })

  it('refuses a NUL in every operation that stores or looks up text', async () => {
    const nul = 'x\u0000y'
    const cases = [
      ['POST', '/api/auth/login', { email: `a${nul}@b.c`, password: 'pw' }, '/email'],
      ['POST', '/api/auth/register', { email: 'a@b.c', password: `pass${nul}word` }, '/password'],
      ['POST', '/api/auth/reset-password', { email: `a@b${nul}` }, '/email'],
      ['POST', '/api/auth/refresh-token', { refreshToken: nul }, '/refreshToken'],
      [
        'POST',
        '/api/auth/forgot-password/new-password',
        { token: nul, newPassword: 'new-password' },
        '/token',
      ],
      ['POST', '/api/exchange-request', { ...quote, message: `hi${nul}` }, '/message'],
    ] as const
    for (const [method, path, body, field] of cases) {
      const answer = await server.api(method, path, body, auth)
      const problem = expectProblem(answer, 400, 'VALIDATION_ERROR')
      expect(
        problem.errors?.map((e) => e.field),
        path,
      ).toEqual([field])
    }
    const query = await server.api('GET', `/api/auth/verify-email?token=${encodeURIComponent(nul)}`)
    expect(expectProblem(query, 400, 'VALIDATION_ERROR').errors?.[0]?.field).toBe('/token')
  })

  it('refuses a NUL in a signed webhook, in a value and in a property name', async () => {
    const value = await sendWebhook(
      server,
      JSON.stringify({
        type: 'applicantReviewed',
        applicantId: 'a1',
        reviewResult: { reviewAnswer: 'GREEN', moderationComment: 'o\u0000k' },
      }),
    )
    expect(expectProblem(value, 400, 'VALIDATION_ERROR').errors?.[0]?.field).toBe(
      '/reviewResult/moderationComment',
    )
    const key = await sendWebhook(
      server,
      JSON.stringify({ type: 'applicantReviewed', applicantId: 'a1', extra: { 'k\u0000': 1 } }),
    )
    const problem = expectProblem(key, 400, 'VALIDATION_ERROR')
    expect(problem.errors?.[0]?.field).toBe('/extra')
    expect(key.text).not.toContain('k\\u0000')
  })

  it('answers a correctly signed empty webhook with 400, with or without Content-Type', async () => {
    const empty = await sendWebhook(server, '')
    expect(expectProblem(empty, 400, 'VALIDATION_ERROR').type).toBe(problemTypes.bodyRequired)
    const bare = await server.api('POST', '/api/sumsub/webhook', undefined, {
      'x-payload-digest': webhookDigest(server.config.sumsub.webhookSecret, 'HMAC_SHA256_HEX', ''),
      'x-payload-digest-alg': 'HMAC_SHA256_HEX',
    })
    expect(expectProblem(bare, 400, 'VALIDATION_ERROR').type).toBe(problemTypes.bodyRequired)
  })

  it('refuses a body that is not UTF-8 and a __proto__ property with 400', async () => {
    const latin1 = await server.api(
      'POST',
      '/api/auth/login',
      new RawBody(new Uint8Array([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]), 'application/json'),
    )
    expect(expectProblem(latin1, 400, 'VALIDATION_ERROR').type).toBe(problemTypes.malformedJson)
    const proto = await server.api(
      'POST',
      '/api/auth/login',
      new RawBody('{"email":"a@b.c","password":"p","__proto__":{"x":1}}', 'application/json'),
    )
    expect(expectProblem(proto, 400, 'VALIDATION_ERROR').errors?.[0]).toMatchObject({
      field: '/__proto__',
      code: 'forbiddenProperty',
    })
  })

  it('names at most the first 200 characters of a long unknown property', async () => {
    const answer = await server.api(
      'PUT',
      '/api/users/profile',
      { ...profile, ['k'.repeat(500)]: 1 },
      auth,
    )
    const [error] = expectProblem(answer, 400, 'VALIDATION_ERROR').errors ?? []
    expect(error?.code).toBe('additionalProperties')
    expect(error?.field.length).toBeLessThanOrEqual(200)
  })

  it('ignores a JSON body on a body-less POST and refuses other media types with 415', async () => {
    const json = await server.api('POST', '/api/sumsub/kyc', { anything: 1 }, auth)
    expect(json.status, json.text).toBe(200)
    const text = await server.api('POST', '/api/sumsub/kyc', new RawBody('x', 'text/plain'), auth)
    expectProblem(text, 415, 'OTHER_ERROR')
    const broken = await server.api(
      'POST',
      '/api/sumsub/kyb',
      new RawBody('{', 'application/json'),
      auth,
    )
    expect(expectProblem(broken, 400, 'VALIDATION_ERROR').type).toBe(problemTypes.malformedJson)
  })

  it('answers oversize headers with 431 problem+json that echoes nothing', async () => {
    const { host } = new URL(server.url)
    const marker = 'm4rk3r'
    const answer = await rawExchange(server.url, [
      `GET /api/health HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${marker}${'a'.repeat(20_000)}\r\n\r\n`,
    ])
    expectRawProblem(answer, 431, marker)
  })

  it('answers a malformed Content-Length with 400 problem+json that echoes nothing', async () => {
    const { host } = new URL(server.url)
    for (const length of ['abc', '-1', '5, 6', '1e3']) {
      const answer = await rawExchange(server.url, [
        `POST /api/auth/login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{}`,
      ])
      const problem = expectRawProblem(answer, 400, length)
      expect(problem.type).toBe(problemTypes.malformedRequest)
    }
  })

  it('answers a path that does not percent-decode with 400 problem+json that echoes nothing', async () => {
    for (const path of ['/api/%zz-m4rk3r', '/api/users/%E0%A4%A-m4rk3r', '/%c0%af-m4rk3r']) {
      const response = await fetch(server.url + path)
      expect(response.status, path).toBe(400)
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
      const text = await response.text()
      expect(text).not.toContain('m4rk3r')
      expect((JSON.parse(text) as Problem).type).toBe(problemTypes.badUrl)
    }
    // An unknown path is not echoed either.
    const unknown = await server.api('GET', '/api/m4rk3r')
    expectProblem(unknown, 404)
    expect(unknown.text).not.toContain('m4rk3r')
  })

  it('answers 401 on every bearer operation once the account is gone', async () => {
    const gone = await verifiedUser(server)
    const goneAuth = bearer(gone.tokens.accessToken)
    expect((await server.api('GET', '/api/users/profile', undefined, goneAuth)).status).toBe(200)
    await server.running.db.query('DELETE FROM users WHERE lower(email) = lower($1)', [gone.email])
    for (const [method, path, body] of [
      ['GET', '/api/users/profile', undefined],
      ['PUT', '/api/users/profile', profile],
      ['GET', '/api/exchange-request', undefined],
      ['POST', '/api/exchange-request', quote],
      ['POST', '/api/paybis/createRequest', undefined],
      ['POST', '/api/sumsub/kyc', undefined],
      ['POST', '/api/sumsub/kyb', undefined],
      ['GET', '/api/sumsub/kyc-status', undefined],
      ['GET', '/api/sumsub/kyb-status', undefined],
    ] as const) {
      const answer = await server.api(method, path, body, goneAuth)
      expect(expectProblem(answer, 401, 'INVALID_TOKEN').type, `${method} ${path}`).toBe(
        'about:blank',
      )
      expect(answer.headers.get('www-authenticate')).toBe('Bearer')
    }
  })

  it('matches the Bearer scheme case-insensitively (RFC 9110 §11.1)', async () => {
    const token = auth.authorization?.slice('Bearer '.length) ?? ''
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const answer = await server.api('GET', '/api/users/profile', undefined, {
        authorization: `${scheme} ${token}`,
      })
      expect(answer.status, scheme).toBe(200)
    }
    expectProblem(
      await server.api('GET', '/api/users/profile', undefined, { authorization: `Bearer${token}` }),
      401,
      'INVALID_TOKEN',
    )
  })

  it('cuts off a body sent too slowly, and headers sent too slowly', async () => {
    const { host } = new URL(server.url)
    const body = JSON.stringify({ email: 'slow@example.com', password: 'password' })
    // One byte every 100 ms: the whole request would take over 4 s; the limit is 1 s.
    const slowBody = await rawExchange(
      server.url,
      [
        `POST /api/auth/login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
        ...Array.from(body),
      ],
      100,
    )
    expect(slowBody.closedAfterMs).toBeLessThan(3_000)
    expect(expectRawProblem(slowBody, 408).errorType).toBe('OTHER_ERROR')

    const slowHeaders = await rawExchange(
      server.url,
      [`GET /api/health HTTP/1.1\r\nHost: ${host}\r\n`, ...Array.from('X-Slow: 1\r\n'.repeat(4))],
      100,
    )
    expect(slowHeaders.closedAfterMs).toBeLessThan(3_000)
    expectRawProblem(slowHeaders, 408)
  })

  it('takes the 5-digit phone rule from the contract: "0" is refused by the pattern', async () => {
    const answer = await server.api('PUT', '/api/users/profile', { ...profile, phone: '0' }, auth)
    expect(expectProblem(answer, 400, 'VALIDATION_ERROR').errors).toEqual([
      expect.objectContaining({ field: '/phone', code: 'pattern' }),
    ])
    for (const phone of ['', '   ', '12345', '+48 601', '+ 1 2  3 4 5 ']) {
      const ok = await server.api('PUT', '/api/users/profile', { ...profile, phone }, auth)
      expect(ok.status, JSON.stringify(phone)).toBe(200)
      expect((ok.body as { phone: string }).phone).toBe(phone.trim().replace(/\s+/g, ' '))
    }
  })
})
