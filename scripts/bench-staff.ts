/**
 * A manager made as operators make one (decision 110), for the benches: the command line, the
 * mailed invitation, a password, then an authenticator app, without which staff reach no
 * /api/ops/ operation. Answers the session's tokens.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { generate } from 'otplib'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Runs a script of this repository to its end with `env`; answers what it printed. */
export async function runScript(args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (c: string) => (output += c))
  child.stderr.setEncoding('utf8').on('data', (c: string) => (output += c))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`${args.join(' ')} failed:\n${output}`)
  return output.trim()
}

/**
 * `email` made a manager through `server/ops/cli.ts` with the server's settings `env` (its
 * DATABASE_URL or DATA_DIR), invited, given `password` and an authenticator app, signed in.
 */
export async function managerWithApp(
  api: string,
  env: Record<string, string>,
  email: string,
  password: string,
): Promise<{ accessToken: string; refreshToken: string }> {
  await runScript(['server/ops/cli.ts', 'create-staff', '--role', 'manager', email], env)
  const call = async (what: string, path: string, init: RequestInit = {}) => {
    const answer = await fetch(`${api}${path}`, init)
    const text = await answer.text()
    if (answer.status !== 200) throw new Error(`${what} answered ${answer.status}: ${text}`)
    return JSON.parse(text) as unknown
  }
  const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  // The invitation is a job: the server's runner delivers it to the local mailbox shortly.
  let token: string | undefined
  for (const deadline = Date.now() + 30_000; !token && Date.now() < deadline;) {
    const mailbox = (await call('mailbox', '/dev/mailbox/messages')) as {
      to: string
      text: string
    }[]
    token = mailbox
      .filter((m) => m.to === email)
      .map((m) => /\/app\/set-new-password\/([\w-]+)/.exec(m.text)?.[1])
      .find((t) => t !== undefined)
    if (!token) await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (!token) throw new Error(`no invitation reached ${email}`)
  await call(
    'new password',
    '/api/auth/forgot-password/new-password',
    post({ token, newPassword: password }),
  )
  const tokens = (await call('staff login', '/api/auth/login', post({ email, password }))) as {
    accessToken: string
    refreshToken: string
  }
  const auth = { authorization: `Bearer ${tokens.accessToken}` }
  await call('step-up', '/api/account/step-up', post({ password }, auth))
  const { secret } = (await call('app enrolment', '/api/account/totp/enrolment', {
    method: 'POST',
    headers: auth,
  })) as { secret: string }
  await call(
    'app confirmation',
    '/api/account/totp',
    post({ code: await generate({ secret }) }, auth),
  )
  return tokens
}
