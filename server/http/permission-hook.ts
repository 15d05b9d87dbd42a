/**
 * The one hook that guards every staff operation (docs/product/staff.md#permissions, decision
 * 110). An operation that declares `x-permission` in the contract gets it in front of its handler:
 * a valid access token (the bearerAuth scheme), an active staff account, a second factor enrolled,
 * and a role that holds the permission (the contract's `x-roles`). Roles are read from the database
 * on every call, never from the token. Every refusal is recorded in the audit trail.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify'
import type { AuditActor } from '../audit/audit-trail.ts'
import { cleanUserAgent } from '../auth/sessions.ts'
import { PermissionDenied, SecondFactorRequired } from '../domain-errors.ts'
import type { StaffActor, StaffRole, StaffService } from '../staff/staff-service.ts'
import { clientIp } from './client-ip.ts'
import type { loadMainSpec } from './contract.ts'

type Spec = ReturnType<typeof loadMainSpec>

declare module 'fastify' {
  interface FastifyRequest {
    /** The staff member calling, set by the permission hook before a staff operation's handler. */
    staff?: StaffActor
  }
}

/** Each operation's `x-permission`. */
export function operationPermissions(spec: Spec): ReadonlyMap<string, string> {
  const permissions = new Map<string, string>()
  for (const item of Object.values(spec.paths))
    for (const op of Object.values(item)) {
      const permission = (op as { 'x-permission'?: unknown })['x-permission']
      if (typeof op === 'object' && op.operationId && typeof permission === 'string')
        permissions.set(op.operationId, permission)
    }
  return permissions
}

/** The contract's `x-roles`: each role's permissions. */
export function rolePermissions(spec: Spec): ReadonlyMap<StaffRole, ReadonlySet<string>> {
  const roles = (spec['x-roles'] ?? {}) as Record<string, string[]>
  return new Map(
    Object.entries(roles).map(([role, permissions]) => [role as StaffRole, new Set(permissions)]),
  )
}

/** Every permission the roles hold together, sorted. */
export function permissionsOf(
  table: ReadonlyMap<StaffRole, ReadonlySet<string>>,
  roles: readonly StaffRole[],
): string[] {
  return [...new Set(roles.flatMap((role) => [...(table.get(role) ?? [])]))].sort()
}

export function requireStaff(staff: StaffActor | undefined): StaffActor {
  if (!staff) throw new Error('staff operation reached without the permission hook')
  return staff
}

export function installPermissionHook(
  app: FastifyInstance,
  deps: { spec: Spec; staff: Pick<StaffService, 'standing' | 'recordDenied'> },
): void {
  const needs = operationPermissions(deps.spec)
  const table = rolePermissions(deps.spec)
  app.addHook('onRoute', (route) => {
    const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId
    const permission = typeof operationId === 'string' ? needs.get(operationId) : undefined
    if (typeof operationId !== 'string' || permission === undefined) return
    const authenticate = route.preHandler as preHandlerAsyncHookHandler | undefined
    if (typeof authenticate !== 'function')
      throw new Error(`${operationId} declares x-permission but no bearerAuth security`)
    route.preHandler = async function permissionHook(
      this: FastifyInstance,
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      const device = {
        ip: clientIp(request),
        userAgent: cleanUserAgent(request.headers['user-agent']),
      }
      const caller: AuditActor = { id: null, email: null, roles: [], sessionId: null, ...device }
      try {
        await authenticate.call(this, request, reply)
      } catch (error) {
        await deps.staff.recordDenied(caller, operationId, 'no valid access token')
        throw error
      }
      const standing = request.userId ? await deps.staff.standing(request.userId) : undefined
      const known: AuditActor = {
        ...caller,
        id: request.userId ?? null,
        email: standing?.email ?? null,
        roles: standing?.roles ?? [],
        sessionId: request.sessionId ?? null,
      }
      if (!standing?.staff) {
        await deps.staff.recordDenied(known, operationId, 'not a staff member')
        throw new PermissionDenied(
          /*i18n*/ { id: 'problem.staff-only', message: 'Only staff may do this' },
        )
      }
      if (!standing.secondFactor) {
        await deps.staff.recordDenied(known, operationId, 'no second factor enrolled')
        throw new SecondFactorRequired()
      }
      if (!standing.roles.some((role) => table.get(role)?.has(permission))) {
        await deps.staff.recordDenied(known, operationId, `lacks ${permission}`)
        throw new PermissionDenied(
          /*i18n*/ { id: 'problem.roles-deny', message: 'Your roles do not allow this' },
        )
      }
      request.staff = { ...known, id: known.id ?? '', email: standing.email, roles: standing.roles }
    }
  })
}
