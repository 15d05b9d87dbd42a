/**
 * The operators' commands (`npm run ops:create-staff`, `npm run ops:verify-audit`), run by the
 * command line itself or, while a server holds the PGlite data folder, by that server on its
 * behalf (server/ops/command-socket.ts): the same code either way.
 */
import { isEmailAddress } from '../../domain/email-address.ts'
import { staffRoleValues } from '../../openapi/main.gen.ts'
import { verifyAuditChain } from '../audit/audit-queries.ts'
import type { Queryable } from '../db/database.ts'
import { Conflict } from '../domain-errors.ts'
import type { StaffRole, StaffService } from '../staff/staff-service.ts'

export type OpsCommand =
  { command: 'create-staff'; email: string; role: string } | { command: 'verify-audit' }

/** What the command prints, and whether it succeeded (its exit status). */
export interface OpsOutcome {
  ok: boolean
  line: string
}

function isRole(value: string): value is StaffRole {
  return (staffRoleValues as readonly string[]).includes(value)
}

/** Reads a command sent over the socket; anything else is refused with a line that says why. */
export function parseOpsCommand(value: unknown): OpsCommand | string {
  if (typeof value !== 'object' || value === null) return 'not a command'
  const { command, email, role } = value as Record<string, unknown>
  if (command === 'verify-audit') return { command }
  if (command === 'create-staff' && typeof email === 'string' && typeof role === 'string')
    return { command, email, role }
  return 'unknown command'
}

export async function runOpsCommand(
  deps: { db: Queryable; staff: Pick<StaffService, 'createFromCommandLine'> },
  command: OpsCommand,
): Promise<OpsOutcome> {
  if (command.command === 'verify-audit') {
    const check = await verifyAuditChain(deps.db)
    return check.ok
      ? {
          ok: true,
          line: `audit trail intact: ${String(check.entries)} entries, every hash matches`,
        }
      : {
          ok: false,
          line: `audit trail broken at entry ${check.seq}: ${check.problem} (${String(check.entries)} entries before it match)`,
        }
  }
  if (!isEmailAddress(command.email))
    return { ok: false, line: `${command.email} is not an e-mail address` }
  if (!isRole(command.role))
    return {
      ok: false,
      line: `${command.role} is not a role; choose one of ${staffRoleValues.join(', ')}`,
    }
  try {
    return { ok: true, line: await deps.staff.createFromCommandLine(command.email, command.role) }
  } catch (error) {
    if (error instanceof Conflict) return { ok: false, line: error.message }
    throw error
  }
}
