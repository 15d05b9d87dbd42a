/**
 * Attempt limits as an attacker meets them (issue 11): parallel guesses cannot outrun the count,
 * a stranger's failures from another address do not lock the owner out, and X-Forwarded-For is
 * believed only from the proxies TRUST_PROXY lists. On both engines, over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultAuthLimits } from '../../server/auth/account-service.ts'
import { expectProblem, verifiedUser } from './support/accounts.ts'
import { engines } from './support/databases.ts'
import { startTestServer, type TestServer } from './support/test-server.ts'

const perAccountAndIp = defaultAuthLimits.loginFailuresPerAccountAndIp

function statuses(responses: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

describe.each(engines)('login attempt limits on %s', (engine) => {
  let direct: TestServer
  let proxied: TestServer

  beforeAll(async () => {
    // One server reached directly, one behind a "proxy" on loopback that it trusts.
    direct = await startTestServer(engine)
    proxied = await startTestServer(engine, { env: { TRUST_PROXY: '127.0.0.1' } })
  })
  afterAll(async () => {
    await direct.stop()
    await proxied.stop()
  })

  const login = (server: TestServer, email: string, password: string, from?: string) =>
    server.api(
      'POST',
      '/api/auth/login',
      { email, password },
      from ? { 'x-forwarded-for': from } : {},
    )

  it(`evaluates at most ${perAccountAndIp} of 50 wrong passwords and the right one sent in parallel`, async () => {
    const victim = await verifiedUser(direct)
    const guesses = Array.from({ length: 50 }, (_, i) => `wrong-${i}`)
    guesses.splice(25, 0, victim.password)
    const answers = await Promise.all(guesses.map((p) => login(direct, victim.email, p)))
    const counts = statuses(answers)
    // 401 and 200 are the passwords that were checked; 429 was refused before checking.
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(perAccountAndIp)
    expect(counts[429]).toBeGreaterThanOrEqual(51 - perAccountAndIp)
    expect(Object.keys(counts).sort()).toEqual(
      Object.keys(counts)
        .filter((s) => ['200', '401', '429'].includes(s))
        .sort(),
    )
    for (const answer of answers.filter((a) => a.status === 429)) {
      expectProblem(answer, 429, 'RATE_LIMITED')
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    }
  })

  it('lets exactly the limit of 100 parallel guesses be evaluated', async () => {
    const victim = await verifiedUser(direct)
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(direct, victim.email, `guess-${i}`)),
    )
    expect(statuses(answers)).toEqual({ 401: perAccountAndIp, 429: 100 - perAccountAndIp })
  })

  it("does not lock the owner out for a stranger's failures from another address", async () => {
    const victim = await verifiedUser(proxied)
    for (let i = 0; i < perAccountAndIp; i++)
      expectProblem(await login(proxied, victim.email, `wrong-${i}`, '203.0.113.9'), 401)
    expectProblem(await login(proxied, victim.email, 'wrong', '203.0.113.9'), 429, 'RATE_LIMITED')
    // The stranger's address stays locked even with the right password…
    expectProblem(await login(proxied, victim.email, victim.password, '203.0.113.9'), 429)
    // …while the owner, elsewhere, signs in.
    expect((await login(proxied, victim.email, victim.password, '198.51.100.7')).status).toBe(200)
  })

  it('keys the per-address limits on the address a trusted proxy reports', async () => {
    const victim = await verifiedUser(proxied)
    // 100 failures from one customer's address behind the proxy lock that address only.
    const stuffing = await Promise.all(
      Array.from({ length: defaultAuthLimits.loginFailuresPerIp }, (_, i) =>
        login(proxied, `nobody-${i}@example.com`, 'wrong-password', '192.0.2.44'),
      ),
    )
    expect(statuses(stuffing)).toEqual({ 401: defaultAuthLimits.loginFailuresPerIp })
    expectProblem(await login(proxied, victim.email, victim.password, '192.0.2.44'), 429)
    expect((await login(proxied, victim.email, victim.password, '192.0.2.45')).status).toBe(200)
  })

  it('ignores X-Forwarded-For from a client that is not a listed proxy', async () => {
    const victim = await verifiedUser(direct)
    // Each guess claims another address; the server keys them all on the real peer.
    for (let i = 0; i < perAccountAndIp; i++)
      expectProblem(await login(direct, victim.email, `wrong-${i}`, `203.0.113.${i + 1}`), 401)
    expectProblem(await login(direct, victim.email, victim.password, '198.51.100.200'), 429)
  })

  it('ends the lockout of an address when its owner signs in', async () => {
    const victim = await verifiedUser(direct)
    for (let i = 0; i < perAccountAndIp - 1; i++)
      expectProblem(await login(direct, victim.email, `wrong-${i}`), 401)
    expect((await login(direct, victim.email, victim.password)).status).toBe(200)
    for (let i = 0; i < perAccountAndIp; i++)
      expectProblem(await login(direct, victim.email, `again-${i}`), 401)
    expectProblem(await login(direct, victim.email, 'more'), 429)
  })
})
