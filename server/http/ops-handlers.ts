import type { components } from '../../openapi/main.gen.ts'
import { auditCsv, auditPage, type AuditFilters } from '../audit/audit-queries.ts'
import type { Database } from '../db/database.ts'
import type { CustomerLookup } from '../staff/customer-lookup.ts'
import type { StaffService } from '../staff/staff-service.ts'
import { appendAudit } from '../audit/audit-trail.ts'
import { permissionsOf, requireStaff, type rolePermissions } from './permission-hook.ts'
import type { Handlers } from './typed-handlers.ts'

type AuditEntry = components['schemas']['AuditEntry']

function filtersOf(query: {
  actor?: string
  customer?: string
  action?: string
  from?: string
  to?: string
}): AuditFilters {
  const { actor, customer, action, from, to } = query
  return {
    ...(actor ? { actor } : {}),
    ...(customer ? { customer } : {}),
    ...(action ? { action } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  }
}

/**
 * Thin glue from the staff operations to the staff services. The permission hook has checked the
 * caller before any of these runs (server/http/permission-hook.ts).
 */
export function opsHandlers(deps: {
  db: Database
  now: () => Date
  staff: StaffService
  customers: CustomerLookup
  roles: ReturnType<typeof rolePermissions>
}): Handlers {
  const { staff, customers } = deps
  return {
    getStaffSelf({ request }) {
      const me = requireStaff(request.staff)
      // The bearer check read the caller's profile already: its language is the console's.
      const locale = request.callerProfile?.locale
      if (!locale) throw new Error('getStaffSelf reached without the caller profile')
      return Promise.resolve({
        status: 200,
        body: {
          id: me.id,
          email: me.email,
          roles: me.roles,
          permissions: permissionsOf(deps.roles, me.roles),
          locale,
        },
      })
    },
    async listStaff() {
      return { status: 200, body: await staff.list() }
    },
    async inviteStaff({ request, body }) {
      return {
        status: 201,
        body: await staff.invite(requireStaff(request.staff), body.email, body.roles),
      }
    },
    async changeStaffRoles({ request, params, body }) {
      return {
        status: 200,
        body: await staff.changeRoles(requireStaff(request.staff), params.staffId, body.roles),
      }
    },
    async deactivateStaff({ request, params, body }) {
      return {
        status: 200,
        body: await staff.deactivate(requireStaff(request.staff), params.staffId, body.reason),
      }
    },
    async approveRoleGrant({ request, params }) {
      return {
        status: 200,
        body: await staff.approve(requireStaff(request.staff), params.grantId),
      }
    },
    async searchCustomers({ request, query }) {
      return {
        status: 200,
        body: { customers: await customers.search(requireStaff(request.staff), query.q) },
      }
    },
    async getCustomer({ request, params }) {
      return {
        status: 200,
        body: await customers.view(requireStaff(request.staff), params.customerId),
      }
    },
    async addCustomerNote({ request, params, body }) {
      return {
        status: 201,
        body: await customers.addNote(requireStaff(request.staff), params.customerId, body.text),
      }
    },
    async listAuditTrail({ query }) {
      const page = await auditPage(deps.db, filtersOf(query), {
        ...(query.before ? { before: query.before } : {}),
        limit: query.limit ? Number(query.limit) : 50,
      })
      return {
        status: 200,
        body: {
          entries: page.entries.map(({ prevHash: _prev, ...entry }) => entry as AuditEntry),
          nextBefore: page.nextBefore,
        },
      }
    },
    async exportAuditTrail({ request, query }) {
      const filters = filtersOf(query)
      // The export is recorded in the transaction that reads what it exports.
      const csv = await deps.db.transaction(async (tx) => {
        const text = await auditCsv(tx, filters)
        await appendAudit(
          tx,
          requireStaff(request.staff),
          {
            action: 'audit.exported',
            outcome: 'succeeded',
            after: { filters: { ...filters }, rows: text.split('\r\n').length - 2 },
          },
          deps.now(),
        )
        return text
      })
      return {
        status: 200,
        body: csv,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="audit-trail.csv"',
        },
      }
    },
  }
}
