/**
 * `npm run api:check`'s staff rule (docs/product/staff.md#permissions, decision 110): every
 * operation under /api/ops/ declares `x-permission` and needs a bearer token, every permission an
 * operation declares is held by some role of `x-roles`, and every permission a role holds is one
 * some operation declares (no role grants what nothing asks for).
 */
interface Operation {
  operationId?: string
  'x-permission'?: unknown
  security?: Record<string, unknown>[]
}

export interface PermissionDocument {
  paths: Record<string, Record<string, unknown>>
  'x-roles'?: Record<string, unknown>
}

const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'])

export function permissionProblems(spec: PermissionDocument): string[] {
  const problems: string[] = []
  const roles = spec['x-roles'] ?? {}
  const held = new Set<string>()
  for (const [role, permissions] of Object.entries(roles)) {
    if (!Array.isArray(permissions) || !permissions.every((p) => typeof p === 'string'))
      problems.push(`x-roles: ${role} is not a list of permissions`)
    else for (const permission of permissions as string[]) held.add(permission)
  }
  const declared = new Set<string>()
  for (const [path, item] of Object.entries(spec.paths))
    for (const [method, value] of Object.entries(item)) {
      if (!methods.has(method)) continue
      const op = value as Operation
      const name = op.operationId ?? `${method.toUpperCase()} ${path}`
      const permission = op['x-permission']
      if (permission === undefined) {
        if (path.startsWith('/api/ops/'))
          problems.push(`${name}: an operation under /api/ops/ declares no x-permission`)
        continue
      }
      if (typeof permission !== 'string' || !/^[a-z-]+:[a-z-]+$/.test(permission)) {
        problems.push(`${name}: x-permission must be resource:action`)
        continue
      }
      declared.add(permission)
      if (!held.has(permission)) problems.push(`${name}: no role in x-roles holds ${permission}`)
      if (!op.security?.some((scheme) => 'bearerAuth' in scheme))
        problems.push(`${name}: x-permission needs the bearerAuth security scheme`)
    }
  for (const permission of held)
    if (!declared.has(permission))
      problems.push(`x-roles: no operation declares ${permission}, which a role holds`)
  return problems
}
