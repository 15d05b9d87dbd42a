/**
 * Production runs the server compiled to JavaScript on plain Node, with tsx and every other
 * development dependency absent (issue 26, decision 107): `npm run build` compiles it
 * (scripts/build-server.ts) and `node dist-server/server/main.js` serves the API and the built SPA.
 */
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from '../../scripts/build-server.ts'
import { startAppServer, type AppServer } from './support/app-server'

const root = fileURLToPath(new URL('../..', import.meta.url))

describe('the compiled server', () => {
  let server: AppServer | undefined
  beforeAll(async () => {
    buildServer(root, { quiet: true })
    server = await startAppServer({ FLOWS_VIEWER: '0' }, { compiled: true })
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('is JavaScript and the files the server reads, no TypeScript', () => {
    const files = readdirSync(`${root}/dist-server`, { recursive: true, encoding: 'utf8' })
    expect(files).toContain('server/main.js')
    expect(files).toContain('openapi/main.yaml')
    expect(files).toContain('src/locales/pl/mail.po')
    expect(files).toContain('src/locales/pl/problems.po')
    expect(files.filter((file) => file.endsWith('.ts'))).toEqual([])
  })

  it('serves the API and the prerendered pages without any development dependency', async () => {
    if (!server) throw new Error('the server did not start')
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
    for (const path of ['/', '/app/login']) {
      const page = await fetch(server.url + path)
      expect(page.status, path).toBe(200)
      expect(await page.text(), path).toContain('<h1')
    }
    expect(server.output()).not.toContain('development dependency')
  })

  it('writes e-mails in the recipient’s language from the catalogs beside its code', async () => {
    if (!server) throw new Error('the server did not start')
    const email = `compiled-${String(Date.now())}@example.com`
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Lantern-Orchard-Tulip-58', locale: 'pl' }),
    })
    expect(registered.status).toBe(202)
    const messages = (await (await fetch(`${server.url}/dev/mailbox/messages`)).json()) as {
      to: string
      subject: string
    }[]
    expect(messages.find((m) => m.to === email)?.subject).toBe(
      'Potwierdź swój adres e-mail — Vistula Exchange',
    )
  })

  it('answers a problem in the language the caller accepts, from the catalogs beside its code', async () => {
    if (!server) throw new Error('the server did not start')
    const refused = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'pl' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password-1' }),
    })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('content-language')).toBe('pl')
    expect(((await refused.json()) as { detail: string }).detail).toBe(
      'Adres e-mail lub hasło jest nieprawidłowe.',
    )
  })
})
