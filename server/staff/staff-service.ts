/**
 * Staff accounts and their roles (docs/product/staff.md, decision 110). Staff are accounts of
 * kind 'staff', made from the command line or invited by an admin, never registered. Every change
 * here writes its audit entry in its own transaction; the admin role changes only with a second
 * admin's approval (four-eyes), and nobody changes their own roles.
 */
import type { components } from '../../openapi/main.gen.ts'
import { appendAudit, type AuditActor } from '../audit/audit-trail.ts'
import { createEmailToken } from '../auth/email-tokens.ts'
import { normalizeEmail } from '../auth/account-service.ts'
import { endLoginChallenges } from '../auth/sessions.ts'
import { revokeAllFamilies } from '../auth/refresh-tokens.ts'
import type { Database, Queryable } from '../db/database.ts'
import { Conflict, NotFound, PermissionDenied } from '../domain-errors.ts'
import { enqueueMail } from '../mail/outbox.ts'
import { staffInvitationMessage } from '../mail/templates.ts'
import { sourceLocale } from '../../domain/locale.ts'
import { noSuchStaffMember, staffMemberDeactivated } from '../i18n/common-problems.ts'

type Schemas = components['schemas']
export type StaffRole = Schemas['StaffRole']
export type StaffMember = Schemas['StaffMember']
export type RoleGrant = Schemas['RoleGrant']
export type StaffChange = Schemas['StaffChange']

/** How long an invitation's set-password link works. */
export const invitationLinkSeconds = 24 * 3600
/** Never an argon2 hash: no password matches it until the invitation's link sets one. */
const noPasswordYet = '!invited'

/** A staff member acting: who, with which roles, from which session and device. */
export interface StaffActor extends AuditActor {
  id: string
  email: string
  roles: StaffRole[]
}

/** What the permission hook needs to know of a caller, read in one query. */
export interface CallerStanding {
  email: string
  staff: boolean
  roles: StaffRole[]
  secondFactor: boolean
}

/** The command line acting: the first admin comes from here (docs/product/staff.md). */
export const commandLineActor: AuditActor = {
  id: null,
  email: null,
  roles: [],
  sessionId: null,
  ip: 'local',
  userAgent: 'npm run ops:create-staff',
}

const memberColumns = `u.id, u.email, u.created_at, u.deactivated_at IS NULL AS active,
  u.password_hash <> '${noPasswordYet}' AS password_set,
  COALESCE((SELECT array_agg(r.role ORDER BY r.role) FROM staff_roles r WHERE r.user_id = u.id),
    '{}') AS roles,
  (EXISTS (SELECT 1 FROM totp_factors t WHERE t.user_id = u.id)
    OR EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = u.id)) AS second_factor`

interface MemberRow {
  id: string
  email: string
  created_at: Date
  active: boolean
  password_set: boolean
  roles: StaffRole[]
  second_factor: boolean
  [key: string]: unknown
}

function memberOf(row: MemberRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    roles: row.roles,
    active: row.active,
    secondFactor: row.second_factor,
    passwordSet: row.password_set,
    createdAt: new Date(row.created_at).toISOString(),
  }
}

interface GrantRow {
  id: string
  user_id: string
  email: string
  change: 'grant' | 'revoke'
  role: StaffRole
  requested_by: string
  requested_by_email: string
  requested_at: Date
  [key: string]: unknown
}

function grantOf(row: GrantRow): RoleGrant {
  return {
    id: row.id,
    staffId: row.user_id,
    email: row.email,
    change: row.change,
    role: row.role,
    requestedBy: row.requested_by_email,
    requestedAt: new Date(row.requested_at).toISOString(),
  }
}

const grantQuery = `SELECT g.id, g.user_id, u.email, g.change, g.role, g.requested_by,
    r.email AS requested_by_email, g.requested_at
  FROM role_grants g JOIN users u ON u.id = g.user_id JOIN users r ON r.id = g.requested_by`

async function memberById(
  q: Queryable,
  id: string,
  lock = false,
): Promise<StaffMember | undefined> {
  const [row] = await q.query<MemberRow>(
    `SELECT ${memberColumns} FROM users u WHERE u.id = $1 AND u.kind = 'staff'${lock ? ' FOR UPDATE' : ''}`,
    [id],
  )
  return row ? memberOf(row) : undefined
}

async function setRoles(q: Queryable, userId: string, roles: readonly StaffRole[], at: Date) {
  await q.query('DELETE FROM staff_roles WHERE user_id = $1 AND NOT (role = ANY($2))', [
    userId,
    roles,
  ])
  for (const role of roles)
    await q.query(
      `INSERT INTO staff_roles (user_id, role, granted_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, role) DO NOTHING`,
      [userId, role, at],
    )
}

/** Queues a pending change of the admin role, unless one for this member is waiting already. */
async function requestAdminChange(
  q: Queryable,
  actor: StaffActor,
  member: StaffMember,
  change: 'grant' | 'revoke',
  at: Date,
): Promise<RoleGrant> {
  const [pending] = await q.query<GrantRow>(
    `${grantQuery} WHERE g.user_id = $1 AND g.role = 'admin' AND g.decided_at IS NULL`,
    [member.id],
  )
  if (pending) {
    if (pending.change === change) return grantOf(pending)
    // The opposite change replaces the one waiting.
    await q.query(
      `UPDATE role_grants SET decided_at = $2, decided_by = $3, outcome = 'withdrawn' WHERE id = $1`,
      [pending.id, at, actor.id],
    )
  }
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO role_grants (user_id, role, change, requested_by, requested_at)
     VALUES ($1, 'admin', $2, $3, $4) RETURNING id`,
    [member.id, change, actor.id, at],
  )
  const [grant] = await q.query<GrantRow>(`${grantQuery} WHERE g.id = $1`, [row?.id])
  if (!grant) throw new Error('role grant not created')
  return grantOf(grant)
}

export function createStaffService(deps: {
  db: Database
  now: () => Date
  publicUrl: string
  /** Called after a transaction that queued jobs (e-mail) has committed. */
  jobsQueued: () => void
}) {
  const { db, now, publicUrl } = deps

  /** Creates the account and its invitation e-mail; the caller's transaction records it. */
  async function createAccount(tx: Queryable, email: string, roles: StaffRole[], at: Date) {
    const [user] = await tx.query<{ id: string }>(
      `INSERT INTO users (email, email_normalized, password_hash, kind, created_at, updated_at)
       VALUES ($1, $2, $3, 'staff', $4, $4) RETURNING id`,
      [email, normalizeEmail(email), noPasswordYet, at],
    )
    if (!user) throw new Error('staff account not created')
    await setRoles(tx, user.id, roles, at)
    const token = await createEmailToken(tx, user.id, 'reset_password', invitationLinkSeconds, at)
    await enqueueMail(
      tx,
      // A new account's language is English until its owner changes it.
      staffInvitationMessage(
        { address: email, locale: sourceLocale },
        `${publicUrl}/app/set-new-password/${token}`,
        roles,
      ),
    )
    return user.id
  }

  async function existing(tx: Queryable, email: string) {
    const [row] = await tx.query<{ id: string; kind: string }>(
      'SELECT id, kind FROM users WHERE email_normalized = $1 FOR UPDATE',
      [normalizeEmail(email)],
    )
    return row
  }

  /** Every refusal is in the trail, in a transaction of its own (the change was rolled back). */
  async function recordingDenials<T>(
    actor: StaffActor,
    action: string,
    target: { targetType: string; targetId: string },
    work: () => Promise<T>,
  ): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (error instanceof PermissionDenied)
        await db.transaction((tx) =>
          appendAudit(
            tx,
            actor,
            { action, outcome: 'denied', ...target, reason: error.message },
            now(),
          ),
        )
      throw error
    }
  }

  return {
    /** What the permission hook checks: one query per staff call. */
    async standing(userId: string): Promise<CallerStanding | undefined> {
      const [row] = await db.query<MemberRow & { kind: string }>(
        `SELECT ${memberColumns}, u.kind FROM users u WHERE u.id = $1`,
        [userId],
      )
      if (!row) return undefined
      return {
        email: row.email,
        staff: row.kind === 'staff' && row.active,
        roles: row.kind === 'staff' ? row.roles : [],
        secondFactor: row.second_factor,
      }
    },

    /** Records a refused call in a transaction of its own: nothing else happened. */
    async recordDenied(actor: AuditActor, action: string, reason: string): Promise<void> {
      await db.transaction((tx) =>
        appendAudit(tx, actor, { action, outcome: 'denied', reason }, now()),
      )
    },

    async list(): Promise<{ staff: StaffMember[]; pendingGrants: RoleGrant[] }> {
      const rows = await db.query<MemberRow>(
        `SELECT ${memberColumns} FROM users u WHERE u.kind = 'staff' ORDER BY u.created_at DESC, u.id`,
      )
      const grants = await db.query<GrantRow>(
        `${grantQuery} WHERE g.decided_at IS NULL ORDER BY g.requested_at`,
      )
      return { staff: rows.map(memberOf), pendingGrants: grants.map(grantOf) }
    },

    /**
     * The command line's way in (`npm run ops:create-staff`): creates a staff account with the
     * role, or adds the role to an existing one. The command line is trusted with admin, so the
     * first admin can exist. Answers the line the command prints.
     */
    async createFromCommandLine(email: string, role: StaffRole): Promise<string> {
      const at = now()
      const line = await db.transaction(async (tx) => {
        const found = await existing(tx, email)
        if (found?.kind === 'customer')
          throw new Conflict(
            /*i18n*/ {
              id: 'problem.staff.customer-address-named',
              message:
                "{email} belongs to a customer's account; a staff member needs an address of their own",
              values: { email },
            },
          )
        if (found) {
          const before = await memberById(tx, found.id)
          if (!before) throw new Error('staff member vanished')
          if (before.roles.includes(role)) return `${email} is already ${role}; nothing changed`
          await setRoles(tx, found.id, [...before.roles, role], at)
          await appendAudit(
            tx,
            commandLineActor,
            {
              action: 'staff.roles-changed',
              outcome: 'succeeded',
              targetType: 'staff',
              targetId: found.id,
              before: { roles: before.roles },
              after: { roles: [...before.roles, role].sort() },
            },
            at,
          )
          return `${email} is now ${[...before.roles, role].sort().join(', ')}`
        }
        const id = await createAccount(tx, email, [role], at)
        await appendAudit(
          tx,
          commandLineActor,
          {
            action: 'staff.invited',
            outcome: 'succeeded',
            targetType: 'staff',
            targetId: id,
            after: { email, roles: [role] },
          },
          at,
        )
        return `created ${role} ${email}; the link to choose a password is on its way`
      })
      deps.jobsQueued()
      return line
    },

    async invite(actor: StaffActor, email: string, roles: StaffRole[]): Promise<StaffChange> {
      const at = now()
      const result = await db.transaction(async (tx) => {
        const found = await existing(tx, email)
        if (found)
          throw new Conflict(
            found.kind === 'customer'
              ? /*i18n*/ {
                  id: 'problem.staff.customer-address',
                  message:
                    'This address belongs to a customer; a staff member needs an address of their own',
                }
              : /*i18n*/ {
                  id: 'problem.staff.already-staff',
                  message: 'This address is a staff member already; change their roles instead',
                },
          )
        const immediate = roles.filter((role) => role !== 'admin')
        const id = await createAccount(tx, email, immediate, at)
        const created = await memberById(tx, id)
        if (!created) throw new Error('staff member not created')
        const pendingGrant = roles.includes('admin')
          ? await requestAdminChange(tx, actor, created, 'grant', at)
          : null
        await appendAudit(
          tx,
          actor,
          {
            action: 'staff.invited',
            outcome: 'succeeded',
            targetType: 'staff',
            targetId: id,
            after: { email, roles: immediate, ...(pendingGrant ? { pending: ['admin'] } : {}) },
          },
          at,
        )
        return { member: created, pendingGrant }
      })
      deps.jobsQueued()
      return result
    },

    changeRoles(actor: StaffActor, staffId: string, roles: StaffRole[]): Promise<StaffChange> {
      const target = { targetType: 'staff', targetId: staffId }
      return recordingDenials(actor, 'staff.roles-changed', target, () => {
        if (staffId === actor.id)
          throw new PermissionDenied(
            /*i18n*/ { id: 'problem.staff.own-roles', message: 'Nobody changes their own roles' },
          )
        return changeRolesOf(actor, staffId, roles)
      })
    },

    deactivate(actor: StaffActor, staffId: string, reason: string): Promise<StaffChange> {
      const target = { targetType: 'staff', targetId: staffId }
      return recordingDenials(actor, 'staff.deactivated', target, () => {
        if (staffId === actor.id)
          throw new PermissionDenied(
            /*i18n*/ {
              id: 'problem.staff.self-deactivation',
              message: 'Nobody deactivates themselves',
            },
          )
        return deactivateOne(actor, staffId, reason)
      })
    },

    approve(actor: StaffActor, grantId: string): Promise<StaffChange> {
      const target = { targetType: 'role-grant', targetId: grantId }
      return recordingDenials(actor, 'staff.role-change-approved', target, () =>
        approveOne(actor, grantId),
      )
    },
  }

  async function changeRolesOf(
    actor: StaffActor,
    staffId: string,
    roles: StaffRole[],
  ): Promise<StaffChange> {
    const at = now()
    return db.transaction(async (tx) => {
      const member = await memberById(tx, staffId, true)
      if (!member) throw new NotFound(noSuchStaffMember)
      if (!member.active) throw new Conflict(staffMemberDeactivated)
      const had = member.roles.includes('admin')
      const wants = roles.includes('admin')
      // admin stays as it is until a second admin approves its change.
      const next = [...roles.filter((role) => role !== 'admin'), ...(had ? ['admin' as const] : [])]
      await setRoles(tx, staffId, next, at)
      const pendingGrant =
        had === wants
          ? null
          : await requestAdminChange(tx, actor, member, wants ? 'grant' : 'revoke', at)
      const after = await memberById(tx, staffId)
      if (!after) throw new Error('staff member vanished')
      await appendAudit(
        tx,
        actor,
        {
          action: 'staff.roles-changed',
          outcome: 'succeeded',
          targetType: 'staff',
          targetId: staffId,
          before: { roles: member.roles },
          after: {
            roles: after.roles,
            ...(pendingGrant ? { pending: [`${pendingGrant.change} admin`] } : {}),
          },
        },
        at,
      )
      return { member: after, pendingGrant }
    })
  }

  async function deactivateOne(
    actor: StaffActor,
    staffId: string,
    reason: string,
  ): Promise<StaffChange> {
    const at = now()
    return db.transaction(async (tx) => {
      const member = await memberById(tx, staffId, true)
      if (!member) throw new NotFound(noSuchStaffMember)
      if (!member.active)
        throw new Conflict(
          /*i18n*/ {
            id: 'problem.staff.deactivated-already',
            message: 'This staff member is deactivated already',
          },
        )
      await tx.query('UPDATE users SET deactivated_at = $2, updated_at = $2 WHERE id = $1', [
        staffId,
        at,
      ])
      // Every session ends now: the next request with one of its access tokens answers 401.
      await revokeAllFamilies(tx, staffId, at, 'deactivated')
      await endLoginChallenges(tx, staffId, at)
      await tx.query(
        `UPDATE role_grants SET decided_at = $2, decided_by = $3, outcome = 'withdrawn'
           WHERE user_id = $1 AND decided_at IS NULL`,
        [staffId, at, actor.id],
      )
      const after = await memberById(tx, staffId)
      if (!after) throw new Error('staff member vanished')
      await appendAudit(
        tx,
        actor,
        {
          action: 'staff.deactivated',
          outcome: 'succeeded',
          targetType: 'staff',
          targetId: staffId,
          before: { active: true },
          after: { active: false },
          reason,
        },
        at,
      )
      return { member: after, pendingGrant: null }
    })
  }

  /** The second pair of eyes: row-locked, so of two approvals at once exactly one succeeds. */
  async function approveOne(actor: StaffActor, grantId: string): Promise<StaffChange> {
    const at = now()
    return db.transaction(async (tx) => {
      const [grant] = await tx.query<GrantRow & { decided_at: Date | null }>(
        `SELECT g.id, g.user_id, g.change, g.role, g.requested_by, g.decided_at
           FROM role_grants g WHERE g.id = $1 FOR UPDATE`,
        [grantId],
      )
      if (!grant)
        throw new NotFound(
          /*i18n*/ { id: 'problem.staff.no-such-role-change', message: 'No such role change' },
        )
      if (grant.decided_at)
        throw new Conflict(
          /*i18n*/ {
            id: 'problem.staff.role-change-decided',
            message: 'This role change has been decided already',
          },
        )
      if (grant.requested_by === actor.id)
        throw new PermissionDenied(
          /*i18n*/ {
            id: 'problem.staff.second-admin',
            message: 'A second admin must approve a change you asked for',
          },
        )
      if (grant.user_id === actor.id)
        throw new PermissionDenied(
          /*i18n*/ {
            id: 'problem.staff.own-role-approval',
            message: 'Nobody approves a change of their own roles',
          },
        )
      const member = await memberById(tx, grant.user_id, true)
      if (!member?.active) throw new Conflict(staffMemberDeactivated)
      if (grant.change === 'revoke') {
        // The admins are locked together, so two removals at once cannot leave none.
        const admins = await tx.query<{ user_id: string }>(
          `SELECT r.user_id FROM staff_roles r JOIN users u ON u.id = r.user_id
             WHERE r.role = 'admin' AND u.deactivated_at IS NULL FOR UPDATE OF r`,
        )
        if (!admins.some((admin) => admin.user_id !== member.id))
          throw new Conflict(
            /*i18n*/ { id: 'problem.staff.last-admin', message: 'The last admin keeps the role' },
          )
      }
      const roles =
        grant.change === 'grant'
          ? [...new Set([...member.roles, grant.role])]
          : member.roles.filter((role) => role !== grant.role)
      await setRoles(tx, member.id, roles, at)
      await tx.query(
        `UPDATE role_grants SET decided_at = $2, decided_by = $3, outcome = 'approved' WHERE id = $1`,
        [grantId, at, actor.id],
      )
      const after = await memberById(tx, member.id)
      if (!after) throw new Error('staff member vanished')
      await appendAudit(
        tx,
        actor,
        {
          action: 'staff.role-change-approved',
          outcome: 'succeeded',
          targetType: 'staff',
          targetId: member.id,
          before: { roles: member.roles },
          after: { roles: after.roles, grant: grantId, requestedBy: grant.requested_by },
        },
        at,
      )
      return { member: after, pendingGrant: null }
    })
  }
}

export type StaffService = ReturnType<typeof createStaffService>
