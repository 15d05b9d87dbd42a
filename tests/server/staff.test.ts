/**
 * Staff, roles, four-eyes and the audit trail, on both engines (docs/product/staff.md,
 * docs/decisions/110-staff-and-audit-trail.md): what an operator, a staff member, a customer and
 * an attacker with database access would each see.
 */
import { createSigner } from 'fast-jwt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { components } from '../../openapi/main.gen.ts'
import { bearer, expectProblem, uniqueEmail, verifiedUser } from './support/accounts.ts'
import { engines } from './support/databases.ts'
import { enrolApp } from './support/second-factor.ts'
import { acceptInvitation, claimsOf, staffOn, type StaffMember } from './support/staff.ts'
import { startTestServer, testJwtSecret, type TestServer } from './support/test-server.ts'

type Schemas = components['schemas']

describe.each(engines)('staff and the audit trail on %s', (engine) => {
  let server: TestServer
  let auditor: StaffMember
  beforeAll(async () => {
    server = await startTestServer(engine)
    auditor = await staffOn(server, ['auditor'])
  })
  afterAll(() => server.stop())

  const trail = async (query: string) => {
    const page = await server.api('GET', `/api/ops/audit?${query}`, undefined, auditor.auth)
    expect(page.status, page.text).toBe(200)
    return (page.body as Schemas['AuditPage']).entries
  }
  const call = (method: string, path: string, who: { auth: object }, body?: unknown) =>
    server.api(method, path, body, who.auth as Record<string, string>)

  it('makes the first admin from the command line, and opens the console only with a second factor', async () => {
    const admin = await staffOn(server, ['admin'], { factor: false })
    // The SPA reads where to go from the token; the server never trusts it (below).
    expect(claimsOf(admin.tokens.accessToken).scp).toBe('staff')
    expectProblem(await call('GET', '/api/ops/me', admin), 403, 'SECOND_FACTOR_REQUIRED')
    admin.secret = (await enrolApp(server, admin)).secret
    const me = await call('GET', '/api/ops/me', admin)
    expect(me.body).toEqual({
      id: admin.id,
      email: admin.email,
      roles: ['admin'],
      permissions: ['console:enter', 'staff:approve', 'staff:manage', 'staff:read'],
      locale: 'en',
    })
    // The console speaks the staff member's account language (docs/product/languages.md).
    const profile = { firstName: '', lastName: '', country: '', phone: '', locale: 'pl' }
    expect((await call('PUT', '/api/users/profile', admin, profile)).status).toBe(200)
    expect((await call('GET', '/api/ops/me', admin)).body).toMatchObject({ locale: 'pl' })
    // An admin manages staff but cannot read the trail.
    expectProblem(await call('GET', '/api/ops/audit', admin), 403, 'PERMISSION_DENIED')

    const mine = await trail(`actor=${admin.id}`)
    expect(mine.map((e) => [e.action, e.outcome, e.reason])).toEqual([
      ['listAuditTrail', 'denied', 'lacks audit:read'],
      ['getStaffSelf', 'denied', 'no second factor enrolled'],
    ])
    expect(mine[0]).toMatchObject({ actorEmail: admin.email, actorRoles: ['admin'] })
    const [created] = (await trail('action=staff.invited')).filter((e) => e.targetId === admin.id)
    expect(created).toMatchObject({
      actorId: null,
      userAgent: 'npm run ops:create-staff',
      outcome: 'succeeded',
      after: { email: admin.email, roles: ['admin'] },
    })
    // A customer's session is an ordinary one; a staff session is short (docs/product/staff.md).
    const lifetimes = await server.running.db.query<{ hours: string; idle: number | null }>(
      `SELECT (extract(epoch FROM expires_at - created_at) / 3600)::text AS hours, idle_seconds AS idle
       FROM refresh_families WHERE user_id = $1`,
      [admin.id],
    )
    expect(lifetimes.map((l) => [Number(l.hours), l.idle])).toEqual([[12, 1800]])
  })

  it('keeps one address one kind of account: a customer is never made staff', async () => {
    const customer = await verifiedUser(server)
    expect(
      await server.running.runOps({
        command: 'create-staff',
        email: customer.email,
        role: 'admin',
      }),
    ).toEqual({
      ok: false,
      line: `${customer.email} belongs to a customer's account; a staff member needs an address of their own`,
    })
    const admin = await staffOn(server, ['admin'])
    const invited = await call('POST', '/api/ops/staff', admin, {
      email: customer.email.toUpperCase(),
      roles: ['support'],
    })
    expectProblem(invited, 409)
    // And an operator's second role goes to the same account.
    const member = await staffOn(server, ['support'])
    expect(
      await server.running.runOps({
        command: 'create-staff',
        email: member.email,
        role: 'manager',
      }),
    ).toEqual({ ok: true, line: `${member.email} is now manager, support` })
  })

  it('gives admin only with a second admin’s approval, never one’s own, and once under concurrency', async () => {
    const first = await staffOn(server, ['admin'])
    const email = uniqueEmail('new-admin')
    const invited = await call('POST', '/api/ops/staff', first, {
      email,
      roles: ['admin', 'support'],
    })
    expect(invited.status, invited.text).toBe(201)
    const change = invited.body as Schemas['StaffChange']
    expect(change.member.roles).toEqual(['support'])
    expect(change.pendingGrant).toMatchObject({
      change: 'grant',
      role: 'admin',
      requestedBy: first.email,
    })
    const grant = change.pendingGrant?.id ?? ''
    const approval = `/api/ops/role-grants/${grant}/approval`

    const refused = await call('POST', approval, first)
    expectProblem(refused, 403, 'PERMISSION_DENIED')
    // The invited member cannot approve their own either, once they are in.
    const { password, tokens } = await acceptInvitation(server, email)
    const invitee = { password, auth: bearer(tokens.accessToken) }
    await enrolApp(server, invitee)
    expectProblem(await call('POST', approval, invitee), 403, 'PERMISSION_DENIED')

    const [second, third] = [await staffOn(server, ['admin']), await staffOn(server, ['admin'])]
    const answers = await Promise.all([second, third].map((admin) => call('POST', approval, admin)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const listed = (await call('GET', '/api/ops/staff', first)).body as Schemas['StaffList']
    expect(listed.staff.find((m) => m.email === email)?.roles).toEqual(['admin', 'support'])
    expect(listed.pendingGrants.find((g) => g.id === grant)).toBeUndefined()

    // Nobody changes their own roles, and each refusal is in the trail.
    expectProblem(
      await call('PUT', `/api/ops/staff/${first.id}/roles`, first, { roles: ['support'] }),
      403,
      'PERMISSION_DENIED',
    )
    const refusals = (await trail(`actor=${first.id}`)).filter((e) => e.outcome === 'denied')
    expect(refusals.map((e) => [e.action, e.reason])).toEqual([
      ['staff.roles-changed', 'Nobody changes their own roles'],
      ['staff.role-change-approved', 'A second admin must approve a change you asked for'],
    ])
    const approved = await trail('action=staff.role-change-approved')
    expect(
      approved.filter((e) => e.outcome === 'succeeded' && e.after?.grant === grant),
    ).toHaveLength(1)
  })

  it('ends a deactivated member’s sessions at once and refuses their sign-in', async () => {
    const admin = await staffOn(server, ['admin'])
    const manager = await staffOn(server, ['manager'])
    expect((await call('GET', '/api/ops/me', manager)).status).toBe(200)
    const path = `/api/ops/staff/${manager.id}/deactivation`
    expectProblem(await call('POST', path, admin, { reason: ' ' }), 400, 'VALIDATION_ERROR')
    const done = await call('POST', path, admin, { reason: 'Left the company' })
    expect(done.status, done.text).toBe(200)
    expect((done.body as Schemas['StaffChange']).member.active).toBe(false)

    expectProblem(await call('GET', '/api/ops/me', manager), 401, 'INVALID_TOKEN')
    expectProblem(
      await server.api('POST', '/api/auth/refresh-token', {
        refreshToken: manager.tokens.refreshToken,
      }),
      401,
    )
    expectProblem(
      await server.api('POST', '/api/auth/login', {
        email: manager.email,
        password: manager.password,
      }),
      401,
      'INVALID_CREDENTIALS',
    )
    const [deactivated] = await trail(`action=staff.deactivated`)
    expect(deactivated).toMatchObject({
      actorId: admin.id,
      targetId: manager.id,
      reason: 'Left the company',
      before: { active: true },
      after: { active: false },
    })
    const [refused] = await trail('action=getStaffSelf')
    expect(refused).toMatchObject({ actorId: null, reason: 'no valid access token' })
  })

  it('refuses a customer, a forged claim and an idle staff session, recording each', async () => {
    const customer = await verifiedUser(server)
    const claims = claimsOf(customer.tokens.accessToken)
    expectProblem(
      await server.api('GET', '/api/ops/staff', undefined, bearer(customer.tokens.accessToken)),
      403,
      'PERMISSION_DENIED',
    )
    // Whoever could sign a token still gets no role from it: roles come from the database.
    const sign = createSigner({ key: testJwtSecret, algorithm: 'HS256' })
    const claimed = sign({ ...claims, scp: 'staff', roles: ['admin', 'auditor'] })
    expectProblem(await server.api('GET', '/api/ops/staff', undefined, bearer(claimed)), 403)
    const forged = createSigner({
      key: 'not-our-key-but-long-enough-0123456789',
      algorithm: 'HS256',
    })
    expectProblem(await server.api('GET', '/api/ops/staff', undefined, bearer(forged(claims))), 401)
    const theirs = await trail(`actor=${String(claims.sub)}`)
    expect(theirs.map((e) => [e.action, e.reason])).toEqual([
      ['listStaff', 'not a staff member'],
      ['listStaff', 'not a staff member'],
    ])

    const support = await staffOn(server, ['support'])
    const other = await verifiedUser(server)
    server.clock.offsetMs += 31 * 60_000
    try {
      expectProblem(
        await server.api('POST', '/api/auth/refresh-token', {
          refreshToken: support.tokens.refreshToken,
        }),
        401,
      )
      const customerRefresh = await server.api('POST', '/api/auth/refresh-token', {
        refreshToken: other.tokens.refreshToken,
      })
      expect(customerRefresh.status).toBe(200)
    } finally {
      server.clock.offsetMs -= 31 * 60_000
    }
  })

  it('records every read of a customer, and keeps the trail and the records when the customer goes', async () => {
    const support = await staffOn(server, ['support'])
    const customer = await verifiedUser(server, uniqueEmail('gone'))
    const customerId = String(claimsOf(customer.tokens.accessToken).sub)
    const found = await call(
      'GET',
      `/api/ops/customers?q=${encodeURIComponent(customer.email)}`,
      support,
    )
    expect((found.body as Schemas['CustomerList']).customers.map((c) => c.id)).toEqual([customerId])
    const viewed = await call('GET', `/api/ops/customers/${customerId}`, support)
    expect(viewed.body).toMatchObject({ customer: { id: customerId, email: customer.email } })

    const db = server.running.db
    for (const sql of [
      'UPDATE audit_trail SET reason = $1',
      'DELETE FROM audit_trail WHERE reason IS DISTINCT FROM $1',
    ])
      await expect(db.query(sql, ['hidden'])).rejects.toThrow(/append-only/)
    await expect(db.exec('TRUNCATE audit_trail')).rejects.toThrow(/append-only/)

    await db.query('DELETE FROM users WHERE id = $1', [customerId])
    const about = await trail(`customer=${customerId}`)
    expect(about.map((e) => [e.action, e.actorId])).toEqual([['customer.viewed', support.id]])
    const searched = (await trail(`actor=${support.id}&action=customers.`)).map((e) => e.after)
    expect(searched).toEqual([{ query: customer.email, shown: [customerId] }])

    // A customer with a quote request keeps it: the account cannot be deleted from under it.
    const asker = await verifiedUser(server)
    const request = await server.api(
      'POST',
      '/api/exchange-request',
      {
        fromCurrency: 'EUR',
        toCurrency: 'BTC',
        amount: 1000,
        name: 'Anna',
        email: asker.email,
        phone: '+48 601 234 567',
        country: 'PL',
        message: '',
      },
      bearer(asker.tokens.accessToken),
    )
    expect(request.status, request.text).toBe(201)
    const askerId = String(claimsOf(asker.tokens.accessToken).sub)
    await expect(db.query('DELETE FROM users WHERE id = $1', [askerId])).rejects.toThrow(
      /foreign key/,
    )
    expect(
      await db.query('SELECT 1 FROM exchange_requests WHERE user_id = $1', [askerId]),
    ).toHaveLength(1)
  })

  it('refuses a filter it cannot read with 400, naming the field', async () => {
    const answer = await server.api(
      'GET',
      '/api/ops/audit?from=2026-06-30T23:59:60Z',
      undefined,
      auditor.auth,
    )
    const problem = expectProblem(answer, 400, 'VALIDATION_ERROR')
    expect(problem.errors?.map((e) => e.field)).toEqual(['/from'])
  })

  it('exports the filtered trail as CSV that no spreadsheet runs, and records the export', async () => {
    const support = await staffOn(server, ['support'])
    const sneaky = await server.api('GET', '/api/ops/staff', undefined, {
      ...support.auth,
      'user-agent': '=HYPERLINK("https://evil.example","click")',
    })
    expectProblem(sneaky, 403, 'PERMISSION_DENIED')
    const exported = await fetch(`${server.url}/api/ops/audit/export?actor=${support.id}`, {
      headers: auditor.auth,
    })
    expect(exported.status).toBe(200)
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const lines = (await exported.text()).trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'seq,at,actorId,actorEmail,actorRoles,sessionId,ip,userAgent,action,targetType,targetId,outcome,before,after,reason,hash',
    )
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`,"'=HYPERLINK(""https://evil.example"",""click"")",listStaff,`)
    const [export_] = await trail(`actor=${auditor.id}&action=audit.exported`)
    expect(export_?.after).toEqual({ filters: { actor: support.id }, rows: 1 })
  })

  it('writes no change without its entry, and no entry without its change', async () => {
    const admin = await staffOn(server, ['admin'])
    const member = await staffOn(server, ['support'])
    const db = server.running.db
    const deactivate = () =>
      fetch(`${server.url}/api/ops/staff/${member.id}/deactivation`, {
        method: 'POST',
        headers: { ...admin.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ reason: 'test' }),
      })
    const isActive = async () =>
      (
        await db.query<{ active: boolean }>(
          'SELECT deactivated_at IS NULL AS active FROM users WHERE id = $1',
          [member.id],
        )
      )[0]?.active
    const entries = async () =>
      (
        await db.query('SELECT 1 FROM audit_trail WHERE action = $1 AND target_id = $2', [
          'staff.deactivated',
          member.id,
        ])
      ).length
    await db.exec(`CREATE FUNCTION test_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected fault'; END $$`)
    // The entry cannot be written: the change it records does not happen.
    await db.exec(`CREATE TRIGGER test_fault_entry BEFORE INSERT ON audit_trail FOR EACH ROW
      WHEN (NEW.action = 'staff.deactivated') EXECUTE FUNCTION test_fault()`)
    expect((await deactivate()).status).toBe(500)
    expect([await isActive(), await entries()]).toEqual([true, 0])
    expect((await call('GET', '/api/ops/me', member)).status).toBe(200)
    await db.exec('DROP TRIGGER test_fault_entry ON audit_trail')
    // The change cannot be made: no entry claims it was.
    await db.exec(`CREATE TRIGGER test_fault_change BEFORE UPDATE ON refresh_families FOR EACH ROW
      EXECUTE FUNCTION test_fault()`)
    expect((await deactivate()).status).toBe(500)
    expect([await isActive(), await entries()]).toEqual([true, 0])
    await db.exec('DROP TRIGGER test_fault_change ON refresh_families; DROP FUNCTION test_fault()')
    expect((await deactivate()).status).toBe(200)
    expect([await isActive(), await entries()]).toEqual([false, 1])
  })

  // Last: it breaks this server's chain on purpose.
  it('verifies the chain, and names the first entry an attacker with database access changed', async () => {
    const intact = await server.running.runOps({ command: 'verify-audit' })
    expect(intact.ok, intact.line).toBe(true)
    const db = server.running.db
    const [victim] = await db.query<{ seq: string }>(
      'SELECT seq::text AS seq FROM audit_trail ORDER BY audit_trail.seq OFFSET 2 LIMIT 1',
    )
    await db.exec('ALTER TABLE audit_trail DISABLE TRIGGER audit_trail_no_update_or_delete')
    await db.query(`UPDATE audit_trail SET reason = 'nothing to see' WHERE seq = $1`, [victim?.seq])
    await db.exec('ALTER TABLE audit_trail ENABLE TRIGGER audit_trail_no_update_or_delete')
    expect(await server.running.runOps({ command: 'verify-audit' })).toEqual({
      ok: false,
      line: `audit trail broken at entry ${victim?.seq ?? ''}: its content does not match its hash (2 entries before it match)`,
    })
  })
})
