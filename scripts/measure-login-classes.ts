/**
 * Medians of a wrong-password login per class of address (issue 25 finding 3, decision 105):
 * no account, confirmed, unconfirmed with two registrations, confirmed with a registration
 * attempt. Starts the server on a throwaway PGlite folder; `tsx scripts/measure-login-classes.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../server/config.ts'
import { startServer } from '../server/server.ts'

const rounds = Number(process.env.ROUNDS ?? 41)
const dataDir = await mkdtemp(join(tmpdir(), 'login-classes-'))
const server = await startServer(
  loadConfig({
    NODE_ENV: 'test',
    PROVIDERS: 'sandbox',
    MAILBOX: '1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  }),
  // Generous limits: the measurement must not meet the lockout.
  {
    limits: {
      loginFailuresPerAccountAndIp: 1e6,
      loginFailuresPerIp: 1e6,
      loginFailuresPerAccount: 1e6,
      registrationsPerIp: 1e6,
      registrationsPerEmail: 1e6,
      resetsPerIp: 1e6,
      resetsPerEmail: 1e6,
    },
  },
)
const post = (path: string, body: unknown) =>
  fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
async function confirmed(email: string): Promise<void> {
  await post('/api/auth/register', { email, password: 'Owner-Password-88' })
  await new Promise((r) => setTimeout(r, 300))
  const messages = (await (await fetch(`${server.url}/dev/mailbox/messages`)).json()) as {
    to: string
    text: string
  }[]
  const token = /\/app\/verify-email\/([\w-]+)/.exec(
    messages.find((m) => m.to === email)?.text ?? '',
  )?.[1]
  await fetch(`${server.url}/api/auth/verify-email?token=${token}`)
}
await confirmed('confirmed@example.com')
await confirmed('attempted@example.com')
await post('/api/auth/register', { email: 'attempted@example.com', password: 'Attempt-Pass-61' })
await post('/api/auth/register', { email: 'pending@example.com', password: 'Pending-Pass-71' })
await post('/api/auth/register', { email: 'pending@example.com', password: 'Pending-Pass-72' })
const classes = {
  'no account': 'nobody@example.com',
  confirmed: 'confirmed@example.com',
  'unconfirmed, two registrations': 'pending@example.com',
  'confirmed, a registration attempt': 'attempted@example.com',
}
const samples: Record<string, number[]> = {}
// Alternating classes round by round, so a busy moment falls on all of them alike.
for (let round = 0; round < rounds; round++)
  for (const [name, email] of Object.entries(classes)) {
    const start = performance.now()
    const answer = await post('/api/auth/login', { email, password: `wrong-${round}` })
    await answer.text()
    ;(samples[name] ??= []).push(performance.now() - start)
  }
for (const [name, values] of Object.entries(samples)) {
  const sorted = [...values].sort((a, b) => a - b)
  console.log(
    `${name}: median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms (${rounds} logins)`,
  )
}
await server.stop()
await rm(dataDir, { recursive: true, force: true })
