/**
 * Every staff operation, read from the contract rather than listed here, called with no token, a
 * customer's token and each role's (docs/product/staff.md#permissions): a new operation is covered
 * the moment it is written. And no customer operation takes a role (mass assignment).
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/main.gen.ts'
import { resolverOf, type ContractDocument } from '../../scripts/contract/body-limits.ts'
import type { JsonSchema } from '../../scripts/contract/largest-body.ts'
import { bearer, expectProblem, verifiedUser } from './support/accounts.ts'
import { mainSpec, type Operation } from './support/contract.ts'
import { largestValue } from './support/largest-value.ts'
import { staffOn, type StaffMember, type StaffRole } from './support/staff.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

type Schemas = components['schemas']

const spec = mainSpec as unknown as ContractDocument & {
  paths: Record<string, Record<string, Operation & { 'x-permission'?: string }>>
  'x-roles': Record<StaffRole, string[]>
}
const resolve = resolverOf(spec)
const roles = Object.keys(spec['x-roles']) as StaffRole[]

interface Call {
  id: string
  permission: string
  method: string
  path: string
  body?: unknown
}

/** A schema-valid request for each operation: a refusal then comes from the hook, not validation. */
function callOf(path: string, method: string, op: Operation & { 'x-permission'?: string }): Call {
  let url = path.replace(/\{[^}]+\}/g, () => randomUUID())
  const query = (op.parameters ?? [])
    .map((p) => ('$ref' in p ? (resolve(p as JsonSchema) as unknown as typeof p) : p))
    .filter((p) => p.in === 'query' && p.required)
    .map(
      (p) =>
        `${p.name}=${encodeURIComponent(String(largestValue(p.schema as JsonSchema, resolve)))}`,
    )
  if (query.length > 0) url += `?${query.join('&')}`
  const schema = op.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined
  return {
    id: op.operationId ?? path,
    permission: op['x-permission'] ?? '',
    method: method.toUpperCase(),
    path: url,
    ...(schema ? { body: largestValue(schema, resolve) } : {}),
  }
}

const staffCalls: Call[] = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([, op]) => typeof op === 'object' && op['x-permission'] !== undefined)
    .map(([method, op]) => callOf(path, method, op)),
)

describe('the permission of every staff operation, from the contract', () => {
  let server: TestServer
  const members = new Map<StaffRole, StaffMember>()
  let customer: { authorization: string }
  beforeAll(async () => {
    server = await startTestServer('pglite')
    for (const role of roles) members.set(role, await staffOn(server, [role]))
    customer = bearer((await verifiedUser(server)).tokens.accessToken)
  })
  afterAll(() => server.stop())

  it('covers every operation under /api/ops/', () => {
    const opsOperations = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/ops/'))
      .flatMap(([, item]) => Object.values(item).map((op) => op.operationId))
    expect(staffCalls.map((c) => c.id).sort()).toEqual(opsOperations.sort())
    expect(staffCalls.length).toBeGreaterThanOrEqual(10)
  })

  it.each(staffCalls)(
    '$id ($permission): no token 401, a customer 403, each role as x-roles says',
    async (call) => {
      const send = (headers: Record<string, string>) =>
        server.api(call.method, call.path, call.body, headers)
      expectProblem(await send({}), 401, 'INVALID_TOKEN')
      expectProblem(await send(customer), 403, 'PERMISSION_DENIED')
      for (const role of roles) {
        const member = members.get(role)
        if (!member) throw new Error(`no ${role}`)
        const answer = await send(member.auth)
        if (spec['x-roles'][role].includes(call.permission))
          expect([401, 403], `${role} may ${call.permission}: ${answer.text}`).not.toContain(
            answer.status,
          )
        else expectProblem(answer, 403, 'PERMISSION_DENIED')
      }
    },
  )

  it('records every refusal in the trail', async () => {
    const auditor = members.get('auditor')
    if (!auditor) throw new Error('no auditor')
    const page = await server.api('GET', '/api/ops/audit?limit=200', undefined, auditor.auth)
    const denied = (page.body as Schemas['AuditPage']).entries.filter((e) => e.outcome === 'denied')
    const expected = staffCalls.reduce(
      (n, call) =>
        n + 2 + roles.filter((r) => !spec['x-roles'][r].includes(call.permission)).length,
      0,
    )
    expect(denied).toHaveLength(expected)
  })
})

describe('no customer operation takes a role', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite')
  })
  afterAll(() => server.stop())

  // Every operation with a JSON body outside /api/ops/, but the signed third-party webhooks
  // (their signature is checked before the body, so a role in it never reaches the server).
  const bodies = Object.entries(spec.paths).flatMap(([path, item]) =>
    path.startsWith('/api/ops/')
      ? []
      : Object.entries(item)
          .filter(
            ([, op]) =>
              op.requestBody?.content?.['application/json'] !== undefined &&
              (op as { 'x-fastify-config'?: { payloadDigest?: string } })['x-fastify-config']
                ?.payloadDigest === undefined,
          )
          .map(([method, op]) => callOf(path, method, op)),
  )

  it.each(bodies)('$id refuses roles, kind and staff flags in its body', async (call) => {
    const customer = await verifiedUser(server)
    const body = {
      ...(call.body as object),
      roles: ['admin'],
      role: 'admin',
      kind: 'staff',
      isStaff: true,
    }
    const answer = await server.api(
      call.method,
      call.path,
      body,
      bearer(customer.tokens.accessToken),
    )
    const problem = expectProblem(answer, 400, 'VALIDATION_ERROR')
    expect(problem.errors?.map((e) => e.field)).toEqual(
      expect.arrayContaining(['/roles', '/role', '/kind', '/isStaff']),
    )
  })
})
