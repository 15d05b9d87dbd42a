/**
 * `npm run api:check`'s staff rule (docs/product/staff.md#permissions, decision 110), on contracts
 * made for the test and on the real one: an operation under /api/ops/ without `x-permission`, a
 * permission no role holds, a role holding what nothing asks for, or a permission without the
 * bearer scheme, each fails.
 */
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { permissionProblems, type PermissionDocument } from '../../scripts/contract/permissions.ts'
import { operationPermission } from '../../src/machines/ops-request/request-desk.ts'

const bearer = [{ bearerAuth: [] }]
const contract = (
  operation: Record<string, unknown>,
  roles: Record<string, string[]> = { admin: ['staff:read'] },
  path = '/api/ops/staff',
): PermissionDocument => ({
  paths: { [path]: { get: { operationId: 'listStaff', security: bearer, ...operation } } },
  'x-roles': roles,
})

describe('the permission rule of api:check', () => {
  it('passes a guarded staff operation whose permission a role holds', () => {
    expect(permissionProblems(contract({ 'x-permission': 'staff:read' }))).toEqual([])
  })

  it('fails an operation under /api/ops/ that declares no permission', () => {
    expect(permissionProblems(contract({}, {}))).toEqual([
      'listStaff: an operation under /api/ops/ declares no x-permission',
    ])
  })

  it('fails a permission no role holds, and a role holding one nothing declares', () => {
    expect(
      permissionProblems(contract({ 'x-permission': 'staff:manage' }, { admin: ['staff:read'] })),
    ).toEqual([
      'listStaff: no role in x-roles holds staff:manage',
      'x-roles: no operation declares staff:read, which a role holds',
    ])
  })

  it('fails a permission on an operation anyone may call, and one not shaped resource:action', () => {
    expect(permissionProblems(contract({ 'x-permission': 'staff:read', security: [] }))).toEqual([
      'listStaff: x-permission needs the bearerAuth security scheme',
    ])
    expect(permissionProblems(contract({ 'x-permission': 'everything' }))).toEqual([
      'listStaff: x-permission must be resource:action',
      'x-roles: no operation declares staff:read, which a role holds',
    ])
  })

  it('leaves operations outside /api/ops/ alone, and finds the real contract clean', () => {
    expect(permissionProblems(contract({}, {}, '/api/users/profile'))).toEqual([])
    const main = parse(readFileSync('openapi/main.yaml', 'utf8')) as PermissionDocument
    expect(permissionProblems(main)).toEqual([])
  })

  it("matches the desk page's map of permissions to the contract's x-permission", () => {
    const main = parse(readFileSync('openapi/main.yaml', 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string; 'x-permission'?: string }>>
    }
    const declared = new Map(
      Object.values(main.paths)
        .flatMap((item) => Object.values(item))
        .map((op) => [op.operationId, op['x-permission']]),
    )
    for (const [operation, permission] of Object.entries(operationPermission))
      expect([operation, declared.get(operation)]).toEqual([operation, permission])
  })
})
