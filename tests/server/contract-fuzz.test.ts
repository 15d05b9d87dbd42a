/**
 * The contract fuzzer: requests generated from openapi/main.yaml for every operation, on both
 * engines, sent in-process (app.inject) through the whole HTTP pipeline. Schema-valid requests,
 * single-constraint violations, missing bodies, other media types, malformed JSON, NUL and unpaired
 * surrogates in strings and names, huge and deeply nested values, bad bearer headers. Every answer
 * must be one the contract declares (status, media type, body schema, headers: the same checker as
 * `api()`), never a 5xx; a schema-valid request is refused only by a rule the contract states.
 * Prints the request counts per engine.
 */
import { randomUUID as randomUUIDv4 } from 'node:crypto'
import fc from 'fast-check'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultAuthLimits, type AuthLimits } from '../../server/auth/account-service.ts'
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { resolverOf, type ContractDocument } from '../../scripts/contract/body-limits.ts'
import { defaultBodyLimitBytes } from '../../server/http/contract.ts'
import { problemTypes } from '../../server/http/problem.ts'
import { webhookDigest } from '../../server/providers/sumsub/signing.ts'
import { sandboxWebhookPrivateKeyPem } from '../../server/providers/paybis/sandbox-webhook-key.ts'
import { paybisSignature } from '../../server/providers/paybis/signing.ts'
import { verifiedUser, type Problem, type TokenPair } from './support/accounts.ts'
import {
  checkResponse,
  mainSpec,
  resolveMainSchema,
  type Operation,
  type Parameter,
} from './support/contract.ts'
import { engines } from './support/databases.ts'
import { largestValue } from './support/largest-value.ts'
import {
  createSchemaArbitraries,
  objectPaths,
  setAt,
  stringPaths,
  text,
  type JsonSchema,
  type Violation,
} from './support/schema-arbitrary.ts'
import {
  startTestServer,
  testJwtSecret,
  testPublicUrl,
  type TestServer,
} from './support/test-server.ts'

/**
 * Requests per operation and engine (FUZZ_RUNS raises it); register and login hash with argon2, so
 * fewer of them.
 */
const runs = (operationId: string) =>
  ({ register: 60, login: 120 })[operationId] ?? Math.max(320, Number(process.env.FUZZ_RUNS ?? 0))
const minimumRequests = 5_000

/** Codes of the business rules the contract states in an operation's description. */
const statedRules = new Set([
  'currency-class',
  'mismatch',
  'exactly-one',
  'passkey-refused',
  'too-many-passkeys',
  'wrong-code',
  'no-enrolment',
  'weak-password',
  'second-factor-required',
  'no-second-factor',
  // The request desk's (openapi/main.yaml: sendOffer, assignRequest, listRequests).
  'disagrees',
  'not-positive',
  'too-many-decimals',
  'out-of-range',
  'not-a-manager',
])

/** No auth limit gets in the way of thousands of requests from one address. */
const generous = Object.fromEntries(
  Object.keys(defaultAuthLimits).map((key) => [key, 1_000_000]),
) as unknown as AuthLimits

interface OperationModel {
  id: string
  method: string
  path: string
  bearer: boolean
  body: JsonSchema | undefined
  bodyRequired: boolean
  query: Parameter[]
  headers: Parameter[]
  /** Path parameters, put into `path`'s `{name}` (percent-encoded). */
  pathParams: Parameter[]
  signed: boolean
  /** Signed as Paybis signs its webhooks (X-Request-Signature, RSA-PSS over the bytes sent). */
  paybisSigned: boolean
  /** The body limit the contract states for it (`x-body-limit`, else the default). */
  bodyLimit: number
  /** JSON pointer of its request body's schema in the contract. */
  bodyPointer: string
}

/** A parameter as declared, or the shared one (components/parameters) it refers to. */
function resolveParameter(p: Parameter | { $ref: string }): Parameter {
  if (!('$ref' in p)) return p
  const name = p.$ref.replace('#/components/parameters/', '')
  const shared = (mainSpec as { components?: { parameters?: Record<string, Parameter> } })
    .components?.parameters?.[name]
  if (!shared) throw new Error(`unknown parameter ${p.$ref}`)
  return shared
}

const operations: OperationModel[] = Object.entries(mainSpec.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]: [string, Operation]) => {
    const parameters = (op.parameters ?? []).map(resolveParameter)
    return {
      id: op.operationId ?? `${method} ${path}`,
      method: method.toUpperCase(),
      path,
      bearer: (op.security ?? []).some((s) => 'bearerAuth' in s),
      body: op.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined,
      bodyRequired: op.requestBody?.required === true,
      query: parameters.filter((p) => p.in === 'query'),
      // Header names are case-insensitive: lower case, as the signed ones are added.
      headers: parameters
        .filter((p) => p.in === 'header')
        .map((p) => ({ ...p, name: p.name.toLowerCase() })),
      pathParams: parameters.filter((p) => p.in === 'path'),
      signed: parameters.some((p) => p.name.toLowerCase() === 'x-payload-digest'),
      paybisSigned: parameters.some((p) => p.name.toLowerCase() === 'x-request-signature'),
      bodyLimit: (op as { 'x-body-limit'?: number })['x-body-limit'] ?? defaultBodyLimitBytes,
      bodyPointer: `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/requestBody/content/application~1json/schema`,
    }
  }),
)

/** The operations that answer a server-sent event stream, which stays open. */
const eventStreams = new Set(
  Object.values(mainSpec.paths).flatMap((item) =>
    Object.values(item as Record<string, Operation>)
      .filter((op) => {
        const ok = (op.responses as Record<string, { content?: object }> | undefined)?.['200']
        return ok?.content !== undefined && 'text/event-stream' in ok.content
      })
      .map((op) => op.operationId ?? ''),
  ),
)

async function firstBlockOfStream(stream: NodeJS.ReadableStream & { destroy(): void }) {
  let text = ''
  for await (const chunk of stream) {
    text += String(chunk)
    if (text.includes('\n\n')) break
  }
  stream.destroy()
  return text
}

const schemas = createSchemaArbitraries((schema) => resolveMainSchema(schema))

/** What is sent, and what must hold of the answer beyond "declared and valid". */
interface FuzzRequest {
  kind: string
  query: Record<string, string>
  headers: Record<string, string>
  /** The body as sent; undefined sends none (and no Content-Type). */
  body?: { bytes: Buffer; contentType: string | undefined }
  expectStatus?: number
  expectType?: string
  /** The field (JSON pointer) the one `errors` entry must name. */
  expectField?: string
  /** A schema-valid request: a 400 may only come from a rule the contract states. */
  schemaValid?: boolean
  /** The webhook's digest headers are left as generated (one of them is the fault). */
  unsigned?: boolean
  /** A query string sent as it is, instead of `query`. */
  rawQuery?: string
  /** Values of the path parameters. */
  path: Record<string, string>
}

/** The state the generators read: the signed-in customer and a token whose account is gone. */
interface FuzzContext {
  customer: { email: string; password: string; tokens: TokenPair }
  refreshToken: string
  goneAccessToken: string
  /** Tokens that look right but must not pass: other key, expired, other issuer or audience, alg none. */
  forgedAccessTokens: string[]
  webhookSecret: string
}

async function forgedAccessTokens(accessToken: string): Promise<string[]> {
  const key = new TextEncoder().encode(testJwtSecret)
  const otherKey = new TextEncoder().encode('another-secret-that-is-long-enough-0000')
  const [, payload = '', signature = ''] = accessToken.split('.')
  const sub = (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string }).sub
  const jwt = (signWith: Uint8Array, edit: (j: SignJWT) => SignJWT) =>
    edit(new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(sub)).sign(signWith)
  const header = (json: string) => Buffer.from(json).toString('base64url')
  return [
    await jwt(otherKey, (j) =>
      j.setIssuer(testPublicUrl).setAudience('exchange-api').setExpirationTime('5m'),
    ),
    await jwt(key, (j) =>
      j.setIssuer(testPublicUrl).setAudience('exchange-api').setExpirationTime(0),
    ),
    await jwt(key, (j) =>
      j.setIssuer('https://evil.test').setAudience('exchange-api').setExpirationTime('5m'),
    ),
    await jwt(key, (j) =>
      j.setIssuer(testPublicUrl).setAudience('other-api').setExpirationTime('5m'),
    ),
    `${header('{"alg":"none","typ":"JWT"}')}.${payload}.`,
    `${header('{"alg":"HS512","typ":"JWT"}')}.${payload}.${signature}`,
    `${accessToken}x`,
    `${accessToken}.x`,
  ]
}

const json = (value: unknown) => ({
  bytes: Buffer.from(JSON.stringify(value), 'utf8'),
  contentType: 'application/json',
})

function pointer(path: readonly string[]): string {
  return path.length === 0
    ? '/'
    : path.map((t) => `/${t.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')
}

/** Valid path values: a uuid for `format: uuid` (the schema arbitraries know no formats). */
function pathRecord(params: Parameter[]): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    Object.fromEntries(
      params.map((p) => [
        p.name,
        p.schema?.format === 'uuid' ? fc.uuid() : schemas.valid(p.schema as JsonSchema).map(String),
      ]),
    ),
  )
}

/** Valid values of query and header parameters; as for paths, the formats the contract uses. */
function formatted(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid()
  if (schema.format === 'date-time')
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString())
  return schemas.valid(schema).map(String)
}

function record(params: Parameter[]): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    Object.fromEntries(params.map((p) => [p.name, formatted(p.schema as JsonSchema)])),
    { requiredKeys: params.filter((p) => p.required).map((p) => p.name) },
  )
}

/** Violations of parameters: only what a string can break (query and header values are text). */
function parameterViolations(params: Parameter[]): Violation[] {
  return params.flatMap((p) => [
    ...(p.required ? [{ path: [p.name], rule: 'required', value: undefined }] : []),
    ...schemas
      .violations(p.schema as JsonSchema, [p.name])
      .filter((v) => v.rule !== 'type' && v.value !== undefined),
  ])
}

/** A string with `bad` put in at a code point boundary (a surrogate pair stays whole). */
function insertAt(original: string, bad: string, pick: number): string {
  const points = Array.from(original)
  const at = pick % (points.length + 1)
  return [...points.slice(0, at), bad, ...points.slice(at)].join('')
}

function requestsFor(op: OperationModel, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const schema = op.body
  const validBody: fc.Arbitrary<unknown> = schema ? schemas.valid(schema) : fc.constant(undefined)
  // A body-less POST reads a JSON body like any other (and ignores it).
  const anyBody: fc.Arbitrary<unknown> = schema
    ? validBody
    : fc.dictionary(
        fc.string({ maxLength: 8 }).filter((k) => k !== '__proto__'),
        text(0, 20),
        {
          maxKeys: 3,
        },
      )
  const auth: fc.Arbitrary<Record<string, string>> = op.bearer
    ? fc
        .constantFrom('Bearer', 'bearer', 'BEARER')
        .map((scheme) => ({ authorization: `${scheme} ${ctx.customer.tokens.accessToken}` }))
    : fc.constant({})
  // A path value that is not what the parameter's format says (a uuid) is a 400, before the
  // token is looked at.
  const pathValues: fc.Arbitrary<{ values: Record<string, string>; bad: boolean }> =
    op.pathParams.length === 0
      ? fc.constant({ values: {}, bad: false })
      : fc.oneof(
          {
            weight: 6,
            arbitrary: pathRecord(op.pathParams).map((values) => ({ values, bad: false })),
          },
          {
            weight: 1,
            arbitrary: fc
              .tuple(
                pathRecord(op.pathParams),
                fc.constantFrom(...op.pathParams.map((p) => p.name)),
                fc
                  .string({ minLength: 1, maxLength: 40 })
                  .filter((t) => !/^[0-9a-f-]{36}$/i.test(t)),
              )
              .map(([valid, name, junk]) => ({ values: { ...valid, [name]: junk }, bad: true })),
          },
        )
  const base = fc.record({
    auth,
    query: record(op.query),
    headerParams: record(op.headers),
    path: pathValues,
  })
  type Parts = {
    auth: Record<string, string>
    query: Record<string, string>
    headerParams: Record<string, string>
    path: { values: Record<string, string>; bad: boolean }
  }

  const request = (
    kind: string,
    parts: Parts,
    body: FuzzRequest['body'],
    extra: Partial<FuzzRequest> = {},
  ): FuzzRequest => ({
    kind,
    query: parts.query,
    path: parts.path.values,
    headers: { ...parts.headerParams, ...parts.auth },
    ...(body ? { body } : {}),
    ...extra,
    // The path is validated after the body is read and before the token is looked at.
    ...(parts.path.bad
      ? {
          schemaValid: false,
          ...(extra.expectStatus === undefined || extra.expectStatus === 401
            ? { expectStatus: 400 }
            : {}),
        }
      : {}),
  })

  // Values that can succeed, mixed in so the happy paths are fuzzed too.
  const seeded: fc.Arbitrary<unknown> =
    op.id === 'login'
      ? fc.oneof(
          { weight: 4, arbitrary: validBody },
          {
            weight: 1,
            arbitrary: fc.constant({ email: ctx.customer.email, password: ctx.customer.password }),
          },
        )
      : op.id === 'stepUp'
        ? fc.oneof(
            { weight: 4, arbitrary: validBody },
            {
              weight: 1,
              arbitrary: fc.constant(undefined).map(() => ({ password: ctx.customer.password })),
            },
          )
        : op.id === 'refreshToken'
          ? fc.oneof(
              { weight: 3, arbitrary: validBody },
              {
                weight: 1,
                arbitrary: fc.constant(undefined).map(() => ({ refreshToken: ctx.refreshToken })),
              },
            )
          : validBody

  const cases: { weight: number; arbitrary: fc.Arbitrary<FuzzRequest> }[] = [
    {
      weight: 8,
      arbitrary: fc.tuple(base, seeded).map(([parts, value]) =>
        request('valid', parts, value === undefined ? undefined : json(value), {
          schemaValid: true,
        }),
      ),
    },
  ]

  const violations = [
    ...(schema ? schemas.violations(schema).map((v) => ({ ...v, where: 'body' as const })) : []),
    ...parameterViolations(op.query).map((v) => ({ ...v, where: 'query' as const })),
    ...parameterViolations(op.headers).map((v) => ({ ...v, where: 'headerParams' as const })),
  ]
  if (violations.length > 0)
    cases.push({
      weight: 6,
      arbitrary: fc
        .tuple(base, validBody, fc.constantFrom(...violations))
        .chain(([parts, value, violation]) =>
          (violation.value ?? fc.constant(undefined)).map((broken) => {
            const kind = `violation (${violation.rule})`
            if (violation.where === 'body')
              return request(kind, parts, json(setAt(value, violation.path, broken) ?? null), {
                expectStatus: 400,
              })
            const changed = setAt(
              parts[violation.where],
              violation.path,
              broken === undefined ? undefined : (broken as string),
            ) as Record<string, string>
            const body = value === undefined ? undefined : json(value)
            // A broken query value is a 400; a broken digest header fails the signature first.
            return violation.where === 'query'
              ? request(kind, { ...parts, query: changed }, body, { expectStatus: 400 })
              : request(kind, { ...parts, headerParams: changed }, body, { unsigned: true })
          }),
        ),
    })

  if (op.query.length > 0)
    cases.push({
      weight: 2,
      arbitrary: fc
        .tuple(base, validBody, fc.constantFrom(...op.query.map((p) => p.name)), fc.nat())
        .map(([parts, value, name, pick]) =>
          request(
            'forbidden character',
            {
              ...parts,
              query: { ...parts.query, [name]: insertAt(parts.query[name] ?? '', '\u0000', pick) },
            },
            value === undefined ? undefined : json(value),
            {
              expectStatus: 400,
              expectType: problemTypes.forbiddenCharacter,
              expectField: pointer([name]),
            },
          ),
        ),
    })

  // Query strings no client library would write: repeated, bracketed, badly encoded, unrelated.
  if (op.query.length > 0)
    cases.push({
      weight: 2,
      arbitrary: fc
        .tuple(
          base,
          fc.oneof(
            fc
              .tuple(fc.constantFrom(...op.query.map((p) => p.name)), text(0, 20), text(0, 20))
              .map(
                ([name, a, b]) =>
                  `${name}=${encodeURIComponent(a)}&${name}=${encodeURIComponent(b)}`,
              ),
            fc.string({ maxLength: 40 }).map((t) => `other=${encodeURIComponent(t)}`),
            fc
              .constantFrom(...op.query.map((p) => p.name))
              .chain((name) =>
                fc.constantFrom(
                  name,
                  `${name}=`,
                  `${name}=%zz`,
                  `${name}[]=a`,
                  `${name}[a]=b`,
                  '&&&',
                  '=x',
                ),
              ),
          ),
        )
        .map(([parts, raw]) => ({ ...request('raw query', parts, undefined), rawQuery: raw })),
    })

  // A parameter the contract does not name changes nothing, whatever it holds (NUL included).
  cases.push({
    weight: 1,
    arbitrary: fc
      .tuple(base, validBody, fc.oneof(text(0, 30), fc.constant('\u0000')))
      .map(([parts, value, junk]) =>
        request(
          'unknown query',
          { ...parts, query: { ...parts.query, zz: junk } },
          value === undefined ? undefined : json(value),
        ),
      ),
  })

  if (op.bearer)
    cases.push({
      weight: 2,
      arbitrary: fc
        .tuple(
          base,
          validBody,
          fc.oneof(
            fc.constant(undefined),
            fc.constant(`Bearer ${ctx.goneAccessToken}`),
            fc.constantFrom(...ctx.forgedAccessTokens).map((token) => `Bearer ${token}`),
            fc.constant(`Basic ${ctx.customer.tokens.accessToken}`),
            fc.constant(`Bearer${ctx.customer.tokens.accessToken}`),
            fc.string({ unit: 'grapheme-ascii', maxLength: 80 }).map((t) => `Bearer ${t}`),
            fc.string({ unit: 'grapheme-ascii', maxLength: 120 }),
          ),
        )
        .map(([parts, value, authorization]) =>
          request(
            'bad bearer',
            { ...parts, auth: authorization === undefined ? {} : { authorization } },
            value === undefined ? undefined : json(value),
            // A broken body is refused (400) before the token is looked at.
            { expectStatus: 401 },
          ),
        ),
    })

  // Bodies: only POST and PUT read one (Fastify ignores a GET's).
  if (op.method === 'POST' || op.method === 'PUT')
    cases.push(
      {
        weight: 2,
        arbitrary: fc
          .tuple(base, fc.boolean())
          .map(([parts, empty]) =>
            request(
              'missing body',
              parts,
              empty ? { bytes: Buffer.alloc(0), contentType: 'application/json' } : undefined,
              op.bodyRequired ? { expectStatus: 400, expectType: problemTypes.bodyRequired } : {},
            ),
          ),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            base,
            anyBody,
            fc.constantFrom(
              'text/plain',
              'application/x-www-form-urlencoded',
              'multipart/form-data; boundary=x',
              'application/xml',
              'application/octet-stream',
              'application/problem+json',
              'text/json',
              undefined,
            ),
          )
          .map(([parts, value, contentType]) =>
            request(
              'media type',
              parts,
              { bytes: Buffer.from(JSON.stringify(value ?? {})), contentType },
              { expectStatus: 415 },
            ),
          ),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            base,
            anyBody,
            fc.oneof(
              fc.nat().map((cut) => ({ cut })),
              fc.constantFrom(
                Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]), // {"\xff":1}: not UTF-8
                Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22]), // a surrogate encoded in UTF-8
                Buffer.from('{"a":1}{'),
                Buffer.from("{'a':1}"),
                Buffer.from('  '),
              ),
            ),
          )
          .map(([parts, value, broken]) => {
            const whole = JSON.stringify(value ?? { a: 1 })
            const bytes = Buffer.isBuffer(broken)
              ? broken
              : Buffer.from(whole.slice(0, Math.max(1, broken.cut % whole.length)))
            return request(
              'malformed JSON',
              parts,
              { bytes, contentType: 'application/json' },
              { expectStatus: 400, expectType: problemTypes.malformedJson },
            )
          }),
      },
      {
        weight: 3,
        arbitrary: fc
          .tuple(
            base,
            anyBody,
            fc.constantFrom('\u0000', '\ud800', '\udfff', '\udc00\ud800'),
            fc.nat(),
            fc.boolean(),
          )
          .map(([parts, value, bad, pick, inName]) => {
            const root = value ?? {}
            const strings = stringPaths(root)
            const objects = objectPaths(root)
            const inValue = !inName && strings.length > 0
            const path =
              (inValue ? strings : objects)[
                pick % Math.max(1, (inValue ? strings : objects).length)
              ] ?? []
            const sent = inValue
              ? setAt(root, path, insertAt(String(getAt(root, path)), bad, pick))
              : setAt(root, [...path, `k${bad}`], 1)
            return request('forbidden character', parts, json(sent), {
              expectStatus: 400,
              expectType: problemTypes.forbiddenCharacter,
              // A name with the character is not echoed: the object holding it is named.
              expectField: pointer(path),
            })
          }),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(base, anyBody, fc.integer({ min: 1, max: 4096 }))
          .map(([parts, value, extra]) =>
            request(
              'huge body',
              parts,
              json({ ...asObject(value), huge: 'x'.repeat(op.bodyLimit + extra) }),
              { expectStatus: 413 },
            ),
          ),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            base,
            anyBody,
            fc.integer({ min: 50, max: 8000 }),
            fc.constantFrom('[', '{"a":'),
            fc.boolean(),
            fc.boolean(),
          )
          .map(([parts, value, depth, open, nul, top]) => {
            const close = open === '[' ? ']' : '}'
            const nested = open.repeat(depth) + (nul ? '"\\u0000"' : '1') + close.repeat(depth)
            const sent = top
              ? nested
              : JSON.stringify({ ...asObject(value), deep: 0 }).replace(
                  '"deep":0',
                  `"deep":${nested}`,
                )
            const tooLarge = Buffer.byteLength(sent) > op.bodyLimit
            return request(
              'deeply nested',
              parts,
              { bytes: Buffer.from(sent), contentType: 'application/json' },
              tooLarge
                ? { expectStatus: 413 }
                : nul
                  ? { expectStatus: 400, expectType: problemTypes.forbiddenCharacter }
                  : {},
            )
          }),
      },
    )

  const requests = fc.oneof(...cases)
  // Paybis's webhook: the sandbox's key signs the bytes sent, unless the header is the fault.
  if (op.paybisSigned)
    return requests.map((r) =>
      r.unsigned
        ? r
        : {
            ...r,
            headers: {
              ...r.headers,
              'x-request-signature': paybisSignature(
                sandboxWebhookPrivateKeyPem,
                r.body?.bytes ?? Buffer.alloc(0),
              ),
            },
          },
    )
  if (!op.signed) return requests
  // The webhook's digest is of the bytes sent: sign them, unless a digest header is the fault.
  return requests.map((r) =>
    r.unsigned
      ? r
      : {
          ...r,
          headers: {
            ...r.headers,
            'x-payload-digest-alg': 'HMAC_SHA256_HEX',
            'x-payload-digest': webhookDigest(
              ctx.webhookSecret,
              'HMAC_SHA256_HEX',
              r.body?.bytes ?? Buffer.alloc(0),
            ),
          },
        },
  )
}

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}

function getAt(root: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, token) => (node as Record<string, unknown>)[token], root)
}

const resolveSpec = resolverOf(mainSpec as unknown as ContractDocument)
const bodyValidator = new Ajv2020({ strict: false, validateSchema: false })
addFormats(bodyValidator)
bodyValidator.addSchema(mainSpec as object, 'main')

describe.each(engines)('contract fuzzer on %s', (engine) => {
  let server: TestServer
  let ctx: FuzzContext
  const counts = new Map<string, number>()
  const byOperation = new Map<string, number>()

  beforeAll(async () => {
    server = await startTestServer(engine, { limits: generous, env: { LOG_LEVEL: 'error' } })
    const customer = await verifiedUser(server)
    const gone = await verifiedUser(server)
    await server.running.db.query('DELETE FROM users WHERE lower(email) = lower($1)', [gone.email])
    ctx = {
      customer,
      refreshToken: customer.tokens.refreshToken,
      goneAccessToken: gone.tokens.accessToken,
      forgedAccessTokens: await forgedAccessTokens(customer.tokens.accessToken),
      webhookSecret: server.config.sumsub.webhookSecret,
    }
  })
  afterAll(async () => {
    const total = [...counts.values()].reduce((a, b) => a + b, 0)
    const list = (map: Map<string, number>) =>
      [...map].map(([name, n]) => `${name} ${n}`).join(', ')
    console.log(
      `contract fuzzer on ${engine}: ${total} requests\n  by kind: ${list(counts)}\n  by operation: ${list(byOperation)}`,
    )
    await server.stop()
  })

  async function signInAgain(): Promise<void> {
    const answer = await server.running.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ctx.customer.email, password: ctx.customer.password },
    })
    expect(answer.statusCode, answer.body).toBe(200)
    ctx.customer.tokens = answer.json<TokenPair>()
    ctx.refreshToken = ctx.customer.tokens.refreshToken
  }

  async function send(op: OperationModel, r: FuzzRequest): Promise<void> {
    const search = r.rawQuery ?? new URLSearchParams(r.query).toString()
    // A segment `.` or `..` (even as %2E) is resolved away by every URL parser before it is sent:
    // no client can send it, so there is nothing to check.
    if (Object.values(r.path).some((value) => /^\.{1,2}$/.test(value))) return
    const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(r.path[name] ?? ''),
    )
    const url = path + (search ? `?${search}` : '')
    const headers: Record<string, string> = { ...r.headers }
    if (r.body?.contentType !== undefined) headers['content-type'] = r.body.contentType
    const sent = `${op.id} ${r.kind}: ${op.method} ${url} ${JSON.stringify(headers)} ${r.body?.bytes.toString('utf8').slice(0, 300) ?? '(no body)'}`
    let timer: NodeJS.Timeout | undefined
    // An event stream stays open: its answer is read as a stream, up to its first block.
    const streaming = eventStreams.has(op.id)
    const response = await Promise.race([
      server.running.app.inject({
        method: op.method as 'GET',
        url,
        headers,
        ...(r.body ? { payload: r.body.bytes } : {}),
        ...(streaming ? { payloadAsStream: true } : {}),
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(new Error(`no answer within 10 s: ${sent}`))
        }, 10_000)
      }),
    ]).finally(() => {
      clearTimeout(timer)
    })
    const answerBody = streaming ? await firstBlockOfStream(response.stream()) : response.body
    const kind = r.kind.replace(/ \(.*/, '')
    counts.set(kind, (counts.get(kind) ?? 0) + 1)
    byOperation.set(op.id, (byOperation.get(op.id) ?? 0) + 1)
    const answerHeaders = new Headers()
    for (const [name, value] of Object.entries(response.headers))
      if (value !== undefined)
        answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value))
    const what = `${sent} → ${response.statusCode} ${answerBody.slice(0, 400)}`
    expect(response.statusCode, what).toBeLessThan(500)
    const body = checkResponse(op.method, url, response.statusCode, answerHeaders, answerBody)
    const problem = response.statusCode >= 400 ? (body as Problem) : undefined

    // Whatever else is wrong with it, a body over the limit is refused unread (multi-byte text at
    // its maximum length can get there).
    if (r.body?.contentType === 'application/json' && r.body.bytes.length > op.bodyLimit)
      expect(response.statusCode, what).toBe(413)
    else if (r.expectStatus !== undefined) expect(response.statusCode, what).toBe(r.expectStatus)
    if (response.statusCode === 413) return
    if (r.expectType !== undefined) expect(problem?.type, what).toBe(r.expectType)
    if (r.expectField !== undefined && r.expectField.length <= 200)
      expect(
        problem?.errors?.map((e) => e.field),
        what,
      ).toEqual([r.expectField])
    if (r.schemaValid) {
      // A valid token is never refused (a wrong step-up password is a 401 of another kind).
      if (op.bearer && response.statusCode === 401)
        expect(problem?.errorType, what).not.toBe('INVALID_TOKEN')
      if (response.statusCode === 400 && problem?.errorType !== 'INVALID_TOKEN')
        for (const error of problem?.errors ?? [])
          expect(statedRules.has(error.code), `${what}: a rule the contract does not state`).toBe(
            true,
          )
    }
    // Keep the seeded values usable: the rotated refresh token, a fresh hour for quote requests.
    if (op.id === 'refreshToken' && response.statusCode === 200)
      ctx.refreshToken = (body as TokenPair).refreshToken
    // A logout ended the customer's session, a password change changed the password: go on
    // with a new session and the new password.
    if (op.id === 'changePassword' && response.statusCode === 200)
      ctx.customer.password = (
        JSON.parse(r.body?.bytes.toString('utf8') ?? '{}') as {
          newPassword: string
        }
      ).newPassword
    if (op.id === 'logout' && response.statusCode === 204) await signInAgain()
    if (op.id === 'createExchangeRequest' && response.statusCode === 429)
      server.clock.offsetMs += 3_600_000
  }

  it.each(operations)('$id answers every generated request as the contract says', async (op) => {
    await fc.assert(
      fc.asyncProperty(requestsFor(op, ctx), (r) => send(op, r)),
      { numRuns: runs(op.id) },
    )
  })

  // Issue 26 item 7: the contract and the server agree on every size limit.
  it.each(operations.filter((op) => op.body !== undefined))(
    '$id takes its largest schema-valid body: never 413',
    async (op) => {
      const schema = op.body as JsonSchema
      const value = largestValue(schema, resolveSpec)
      const validate = bodyValidator.getSchema(`main${op.bodyPointer}`)
      expect(validate?.(value), JSON.stringify(validate?.errors)).toBe(true)
      const bytes = Buffer.byteLength(JSON.stringify(value))
      // Open to any property (the Sumsub webhook): a body just under its stated limit.
      const open = resolveSpec(schema).additionalProperties !== false
      const body = open ? { ...asObject(value), pad: 'x'.repeat(op.bodyLimit - bytes - 20) } : value
      expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThanOrEqual(op.bodyLimit)
      const before = counts.get('largest valid body') ?? 0
      const bytesSent = Buffer.from(JSON.stringify(body))
      const signature = {
        'x-payload-digest-alg': 'HMAC_SHA256_HEX',
        'x-payload-digest': webhookDigest(ctx.webhookSecret, 'HMAC_SHA256_HEX', bytesSent),
      }
      await send(op, {
        kind: 'largest valid body',
        query: {},
        headers: op.bearer
          ? { authorization: `Bearer ${ctx.customer.tokens.accessToken}` }
          : op.signed
            ? signature
            : op.paybisSigned
              ? { 'x-request-signature': paybisSignature(sandboxWebhookPrivateKeyPem, bytesSent) }
              : {},
        body: json(body),
        path: Object.fromEntries(op.pathParams.map((p) => [p.name, randomUUIDv4()])),
        schemaValid: !open,
      })
      expect(counts.get('largest valid body')).toBe(before + 1)
    },
  )

  it(`sent at least ${minimumRequests} requests`, () => {
    const total = [...counts.values()].reduce((a, b) => a + b, 0)
    expect(total).toBeGreaterThanOrEqual(minimumRequests)
  })
})
