/**
 * The operators' command line (docs/product/staff.md#staff-accounts):
 *   npm run ops:create-staff -- --role <role> <email>
 *   npm run ops:verify-audit
 * It reads the server's own settings (DATABASE_URL or DATA_DIR, PUBLIC_URL, ...). On PostgreSQL
 * it connects like another node; on PGlite it asks the server holding the data folder, if one
 * runs, and otherwise opens the folder itself. It prints one line; the exit status says whether
 * the command succeeded. Compiled with the server: `node dist-server/server/ops/cli.js` in
 * production.
 */
import { ConfigError, loadConfig } from '../config.ts'
import { DataDirInUse } from '../db/data-dir-lock.ts'
import { migrate } from '../db/migrate.ts'
import { openDatabase } from '../db/open-database.ts'
import { createStaffService } from '../staff/staff-service.ts'
import { opsSocketPath, sendOpsCommand } from './command-socket.ts'
import { runOpsCommand, type OpsCommand, type OpsOutcome } from './ops-commands.ts'

const usage =
  'usage: ops create-staff --role <support|manager|compliance|admin|auditor> <email> | ops verify-audit'

function commandOf(args: string[]): OpsCommand | undefined {
  const [name, ...rest] = args
  if (name === 'verify-audit' && rest.length === 0) return { command: 'verify-audit' }
  if (name !== 'create-staff') return undefined
  const at = rest.indexOf('--role')
  const role = at >= 0 ? rest[at + 1] : undefined
  const others = rest.filter((_, index) => at < 0 || (index !== at && index !== at + 1))
  const email = others.length === 1 ? others[0] : undefined
  return role && email ? { command: 'create-staff', email, role } : undefined
}

async function run(command: OpsCommand): Promise<OpsOutcome> {
  const config = loadConfig()
  if (!config.databaseUrl) {
    const answered = await sendOpsCommand(opsSocketPath(config.dataDir), command)
    if (answered) return answered
  }
  const db = await openDatabase(config, (error) => {
    console.error(`PostgreSQL pool error: ${error.message}`)
  })
  try {
    await migrate(db)
    // The invitation's e-mail is queued as a job; a running server (or the next to start) sends it.
    const staff = createStaffService({
      db,
      now: () => new Date(),
      publicUrl: config.publicUrl,
      jobsQueued: () => undefined,
    })
    return await runOpsCommand({ db, staff }, command)
  } finally {
    await db.close()
  }
}

const command = commandOf(process.argv.slice(2))
if (!command) {
  console.error(usage)
  process.exit(2)
}
try {
  const outcome = await run(command)
  if (outcome.ok) console.log(outcome.line)
  else console.error(outcome.line)
  process.exit(outcome.ok ? 0 : 1)
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`)
    process.exit(1)
  }
  if (error instanceof DataDirInUse) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
