/**
 * Generated bad input for every implemented operation, on both engines: wrong types, missing and
 * extra fields, over-long and huge values, malformed JSON, other media types, garbage query
 * strings and bearer tokens. Every answer must be a 4xx problem+json the contract declares for
 * the operation (`api()` checks the contract), never a 5xx.
 */
import fc from 'fast-check'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthLimits } from '../../server/auth/account-service.ts'
import { bearer, expectProblem, verifiedUser } from './support/accounts.ts'
import { engines } from './support/databases.ts'
import {
  RawBody,
  startTestServer,
  testJwtSecret,
  testPublicUrl,
  type ApiResponse,
  type TestServer,
} from './support/test-server.ts'

const numRuns = 40
const generous: AuthLimits = {
  loginFailuresPerAccount: 1_000_000,
  loginFailuresPerIp: 1_000_000,
  registrationsPerIp: 1_000_000,
  registrationsPerEmail: 1_000_000,
  resetsPerIp: 1_000_000,
  resetsPerEmail: 1_000_000,
}

interface Field {
  valid: fc.Arbitrary<unknown>
  maxLength: number
  required: boolean
  /** Strings of an allowed length that the field's pattern refuses. */
  offPattern?: fc.Arbitrary<string>
  /** Values of a wrong type, when the shared list holds valid ones (integers for an amount). */
  wrongType?: fc.Arbitrary<unknown>
}

const wordChars = Array.from('abcdefghijklmnopqrstuvwxyz0123456789-')
const word = (min: number, max: number) =>
  fc.string({
    unit: fc.constantFrom(...wordChars),
    minLength: min,
    maxLength: max,
  })
const email = fc.tuple(word(1, 20), word(1, 20)).map(([a, b]) => `${a}@${b}.example`)
const emailField: Field = {
  valid: email,
  maxLength: 254,
  required: true,
  offPattern: fc.string({ minLength: 3, maxLength: 40 }).filter((s) => !s.includes('@')),
}

const operations: {
  name: string
  method: string
  path: string
  auth: boolean
  fields: Record<string, Field>
}[] = [
  {
    name: 'register',
    method: 'POST',
    path: '/api/auth/register',
    auth: false,
    fields: { email: emailField, password: { valid: word(6, 30), maxLength: 128, required: true } },
  },
  {
    name: 'login',
    method: 'POST',
    path: '/api/auth/login',
    auth: false,
    fields: { email: emailField, password: { valid: word(1, 30), maxLength: 128, required: true } },
  },
  {
    name: 'refreshToken',
    method: 'POST',
    path: '/api/auth/refresh-token',
    auth: false,
    fields: { refreshToken: { valid: word(1, 60), maxLength: 512, required: true } },
  },
  {
    name: 'resetPassword',
    method: 'POST',
    path: '/api/auth/reset-password',
    auth: false,
    fields: { email: emailField },
  },
  {
    name: 'setNewPassword',
    method: 'POST',
    path: '/api/auth/forgot-password/new-password',
    auth: false,
    fields: {
      token: { valid: word(1, 60), maxLength: 512, required: true },
      newPassword: { valid: word(6, 30), maxLength: 128, required: true },
      confirmNewPassword: { valid: word(6, 30), maxLength: 128, required: false },
    },
  },
  {
    name: 'updateProfile',
    method: 'PUT',
    path: '/api/users/profile',
    auth: true,
    fields: {
      firstName: { valid: word(0, 30), maxLength: 100, required: true },
      lastName: { valid: word(0, 30), maxLength: 100, required: true },
      country: {
        valid: fc.constantFrom('', 'PL', 'DE', 'FR'),
        maxLength: 2,
        required: true,
        offPattern: fc
          .string({ minLength: 1, maxLength: 2 })
          .filter((s) => !/^([A-Z]{2})?$/.test(s)),
      },
      phone: {
        valid: fc.constantFrom('', '+48 601 234 567', '0049 30 123456'),
        maxLength: 32,
        required: true,
        offPattern: fc
          .string({ minLength: 1, maxLength: 32 })
          .filter((s) => !/^( *|\+? *([0-9] *){5,})$/.test(s)),
      },
    },
  },
  {
    name: 'createExchangeRequest',
    method: 'POST',
    path: '/api/exchange-request',
    auth: true,
    fields: {
      fromCurrency: {
        valid: fc.constantFrom('EUR', 'GBP', 'USD'),
        maxLength: 4,
        required: true,
        offPattern: fc.constantFrom('eur', 'DOGE', 'EURO', 'XBT', ''),
      },
      toCurrency: {
        valid: fc.constantFrom('BTC', 'ETH', 'SHIB', 'USDT'),
        maxLength: 4,
        required: true,
        offPattern: fc.constantFrom('btc', 'DOGE', 'EUR', 'USD', ''),
      },
      amount: {
        valid: fc.integer({ min: 1, max: 1_000_000 }),
        maxLength: 0,
        required: true,
        wrongType: fc.oneof(
          fc.string({ maxLength: 10 }),
          fc.boolean(),
          fc.constant(null),
          fc.integer({ max: 0 }),
          fc.double({ noInteger: true, noNaN: true, noDefaultInfinity: true }),
          fc.array(fc.integer(), { maxLength: 3 }),
        ),
      },
      name: { valid: word(0, 30), maxLength: 200, required: true },
      email: { valid: word(0, 30), maxLength: 254, required: true },
      phone: { valid: word(0, 20), maxLength: 32, required: true },
      country: { valid: word(0, 20), maxLength: 100, required: true },
      message: { valid: word(0, 60), maxLength: 4000, required: true },
    },
  },
]

const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
)
const notAnObject = fc.oneof(
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
)
const otherMediaTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/problem+json',
  'application/octet-stream',
  undefined,
]

interface Case {
  kind: string
  body: unknown
  /** The one right status when it is certain; otherwise any declared 4xx. */
  status?: number
}

/** A valid body, then exactly one thing that makes it invalid. */
function invalidRequest(fields: Record<string, Field>): fc.Arbitrary<Case> {
  const names = Object.keys(fields)
  const required = names.filter((n) => fields[n]?.required)
  const withPattern = names.filter((n) => fields[n]?.offPattern)
  const valid = fc.record(
    Object.fromEntries(names.map((n) => [n, (fields[n] as Field).valid])) as Record<
      string,
      fc.Arbitrary<unknown>
    >,
  )
  const one = <T>(list: T[]) => fc.constantFrom(...list)
  const cases: fc.Arbitrary<Case>[] = [
    fc.tuple(valid, one(names)).chain(([body, name]) =>
      ((fields[name] as Field).wrongType ?? wrongType).map((value) => ({
        kind: `wrong type of ${name}`,
        body: { ...body, [name]: value },
        status: 400,
      })),
    ),
    fc.tuple(valid, one(required)).map(([body, name]) => ({
      kind: `missing ${name}`,
      body: Object.fromEntries(Object.entries(body).filter(([k]) => k !== name)),
      status: 400,
    })),
    fc
      .tuple(
        valid,
        fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !names.includes(k)),
        fc.jsonValue(),
      )
      .map(([body, key, value]) => ({
        kind: `extra field ${JSON.stringify(key)}`,
        body: Object.fromEntries([...Object.entries(body), [key, value]]),
        status: 400,
      })),
    fc.tuple(valid, one(names), fc.integer({ min: 1, max: 200 })).map(([body, name, extra]) => ({
      kind: `over-long ${name}`,
      body: { ...body, [name]: '@'.padEnd((fields[name] as Field).maxLength + extra, 'x') },
      status: 400,
    })),
    fc.tuple(valid, one(names)).map(([body, name]) => ({
      kind: `huge ${name}`,
      body: { ...body, [name]: 'x'.repeat(16 * 1024 + 1) },
      status: 413,
    })),
    notAnObject.map((body) => ({ kind: 'not an object', body, status: 400 })),
    fc
      .tuple(valid, fc.nat())
      .map(([body, cut]) => {
        const text = JSON.stringify(body)
        return text.slice(0, 1 + (cut % (text.length - 1)))
      })
      .map((text) => ({
        kind: 'truncated JSON',
        body: new RawBody(text, 'application/json'),
        status: 400,
      })),
    fc
      .string({ minLength: 1, maxLength: 60 })
      .filter((text) => {
        try {
          JSON.parse(text)
          return false
        } catch {
          return text.trim() !== ''
        }
      })
      .map((text) => ({
        kind: 'not JSON',
        body: new RawBody(text, 'application/json'),
        status: 400,
      })),
    fc.tuple(valid, one(otherMediaTypes)).map(([body, type]) => ({
      kind: `media type ${type ?? 'none'}`,
      body: new RawBody(
        type === undefined ? new TextEncoder().encode(JSON.stringify(body)) : JSON.stringify(body),
        type,
      ),
      status: 415,
    })),
  ]
  if (withPattern.length > 0)
    cases.push(
      fc.tuple(valid, one(withPattern)).chain(([body, name]) =>
        ((fields[name] as Field).offPattern as fc.Arbitrary<string>).map((value) => ({
          kind: `${name} off its pattern`,
          body: { ...body, [name]: value },
          status: 400,
        })),
      ),
    )
  return fc.oneof(...cases)
}

function expectClientError(response: ApiResponse, what: string, status?: number): void {
  expect(response.status, `${what}: ${response.text}`).toBeGreaterThanOrEqual(400)
  expect(response.status, `${what}: ${response.text}`).toBeLessThan(500)
  if (status !== undefined) expect(response.status, `${what}: ${response.text}`).toBe(status)
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/)
}

describe.each(engines)('bad input on %s', (engine) => {
  let server: TestServer
  let accessToken: string

  beforeAll(async () => {
    server = await startTestServer(engine, { limits: generous })
    accessToken = (await verifiedUser(server)).tokens.accessToken
  })
  afterAll(async () => {
    await server.stop()
  })

  it.each(operations)('$name refuses every generated invalid body with a 4xx', async (op) => {
    await fc.assert(
      fc.asyncProperty(invalidRequest(op.fields), async (c) => {
        const response = await server.api(
          op.method,
          op.path,
          c.body,
          op.auth ? bearer(accessToken) : {},
        )
        expectClientError(response, `${op.name}, ${c.kind}`, c.status)
        if (c.status === 400) expectProblem(response, 400, 'VALIDATION_ERROR')
      }),
      { numRuns },
    )
  })

  it('verifyEmail refuses generated query strings with 400', async () => {
    const query = fc.oneof(
      fc.string({ maxLength: 300, unit: 'grapheme' }).map((t) => `token=${encodeURIComponent(t)}`),
      fc.string({ minLength: 513, maxLength: 900 }).map((t) => `token=${encodeURIComponent(t)}`),
      fc
        .tuple(fc.string(), fc.string())
        .map(([a, b]) => `token=${encodeURIComponent(a)}&token=${encodeURIComponent(b)}`),
      fc.string({ maxLength: 40 }).map((t) => `other=${encodeURIComponent(t)}`),
      fc.constantFrom('', 'token', 'token=', 'token=%zz', 'token[]=a', 'token[a]=b', '&&&', '=x'),
    )
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const response = await server.api('GET', `/api/auth/verify-email?${q}`)
        expectClientError(response, `?${q}`, 400)
      }),
      { numRuns: numRuns * 2 },
    )
  })

  it('bearer operations refuse generated tokens with 401', async () => {
    const key = new TextEncoder().encode(testJwtSecret)
    const otherKey = new TextEncoder().encode('another-secret-that-is-long-enough-0000')
    const userId = '00000000-0000-4000-8000-000000000000'
    const jwt = (signWith: Uint8Array, edit: (j: SignJWT) => SignJWT) =>
      edit(new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(userId)).sign(signWith)
    const forged = await Promise.all([
      jwt(otherKey, (j) =>
        j.setIssuer(testPublicUrl).setAudience('exchange-api').setExpirationTime('5m'),
      ),
      jwt(key, (j) => j.setIssuer(testPublicUrl).setAudience('exchange-api').setExpirationTime(0)),
      jwt(key, (j) =>
        j.setIssuer('https://evil.test').setAudience('exchange-api').setExpirationTime('5m'),
      ),
      jwt(key, (j) => j.setIssuer(testPublicUrl).setAudience('other-api').setExpirationTime('5m')),
    ])
    const [, payload, signature] = accessToken.split('.')
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload ?? ''}.`
    const tampered = `${Buffer.from('{"alg":"HS512","typ":"JWT"}').toString('base64url')}.${payload ?? ''}.${signature ?? ''}`

    const printable = fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      maxLength: 80,
    })
    const b64 = fc
      .base64String({ maxLength: 40 })
      .map((s) => s.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))
    const header = fc.oneof(
      printable,
      printable.map((t) => `Bearer ${t}`),
      fc.tuple(b64, b64, b64).map((parts) => `Bearer ${parts.join('.')}`),
      fc.constantFrom(...forged, unsigned, tampered).map((t) => `Bearer ${t}`),
      fc.constantFrom(`Basic ${accessToken}`, `Bearer ${accessToken}x`, `Bearer ${accessToken}.x`),
    )
    await fc.assert(
      fc.asyncProperty(header, fc.boolean(), async (authorization, put) => {
        const headers: Record<string, string> = authorization.trim() === '' ? {} : { authorization }
        const response = put
          ? await server.api(
              'PUT',
              '/api/users/profile',
              { firstName: '', lastName: '', country: '', phone: '' },
              headers,
            )
          : await server.api('GET', '/api/users/profile', undefined, headers)
        expectProblem(response, 401, 'INVALID_TOKEN')
        expect(response.headers.get('www-authenticate')).toBe('Bearer')
      }),
      { numRuns: numRuns * 2 },
    )
  })
})
