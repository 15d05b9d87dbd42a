/**
 * The operators' commands as an operator runs them (`npm run ops:create-staff`,
 * `npm run ops:verify-audit`): a process of their own, beside a running server on PGlite (through
 * the data folder's socket) and on PostgreSQL (as another node), printing one line.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailedToken, uniqueEmail, verifiedUser } from './support/accounts.ts'
import { engines } from './support/databases.ts'
import {
  startTestServer,
  testJwtSecret,
  testPublicUrl,
  testSecondFactorKey,
  type TestServer,
} from './support/test-server.ts'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))

describe.each(engines)('the operators’ commands beside a server on %s', (engine) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(engine)
  })
  afterAll(() => server.stop())

  /** Runs the command with the server's settings; its exit status and the lines it printed. */
  async function ops(...args: string[]) {
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PROVIDERS: 'sandbox',
      DATA_DIR: server.config.dataDir,
      ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : {}),
      JWT_SECRET: testJwtSecret,
      SECOND_FACTOR_KEY: testSecondFactorKey,
      PUBLIC_URL: testPublicUrl,
    }
    const result = await run(process.execPath, ['--import', 'tsx', 'server/ops/cli.ts', ...args], {
      cwd: root,
      env,
      timeout: 30_000,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: unknown) => error as { code: number; stdout: string; stderr: string },
    )
    return { code: result.code, lines: `${result.stdout}${result.stderr}`.trim().split('\n') }
  }

  it('creates staff while the server runs, refuses a customer’s address, and verifies the trail', async () => {
    const email = uniqueEmail('first-admin')
    expect(await ops('create-staff', '--role', 'admin', email)).toEqual({
      code: 0,
      lines: [`created admin ${email}; the link to choose a password is on its way`],
    })
    expect(await mailedToken(server, email, 'set-new-password')).toBeDefined()
    const customer = await verifiedUser(server)
    expect(await ops('create-staff', '--role', 'support', customer.email)).toEqual({
      code: 1,
      lines: [
        `${customer.email} belongs to a customer's account; a staff member needs an address of their own`,
      ],
    })
    expect((await ops('create-staff', '--role', 'owner', email)).lines).toEqual([
      'owner is not a role; choose one of support, manager, compliance, admin, auditor',
    ])
    expect((await ops('create-staff', email)).code).toBe(2)

    const intact = await ops('verify-audit')
    expect(intact).toEqual({
      code: 0,
      lines: ['audit trail intact: 1 entries, every hash matches'],
    })
    // An attacker with database access rewrites the entry, trigger and all.
    const db = server.running.db
    await db.exec('ALTER TABLE audit_trail DISABLE TRIGGER audit_trail_no_update_or_delete')
    await db.query(`UPDATE audit_trail SET actor_email = 'someone@else.example' WHERE seq = 1`)
    await db.exec('ALTER TABLE audit_trail ENABLE TRIGGER audit_trail_no_update_or_delete')
    expect(await ops('verify-audit')).toEqual({
      code: 1,
      lines: [
        'audit trail broken at entry 1: its content does not match its hash (0 entries before it match)',
      ],
    })
  })
})
