/**
 * Issue 27 in Chromium against the real server (docs/product/staff.md): the first admin is made
 * from the command line while the server runs, chooses a password from the mailbox and enrols a
 * passkey; invites a manager, who signs in, is sent to enrol a factor and then reaches /ops; a
 * customer's token is refused on every staff operation; the auditor sees all of it in the trail
 * and exports it. axe checks the console's pages.
 */
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from 'playwright-core'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolverOf, type ContractDocument } from '../../scripts/contract/body-limits'
import type { JsonSchema } from '../../scripts/contract/largest-body'
import { largestValue } from '../server/support/largest-value'
import { startAppServer, type AppServer } from './support/app-server'
import {
  contextWithAuthenticator as contextWithAuthenticatorIn,
  launchChromium,
} from './support/chromium'
import { linkFromMailbox } from './support/mailbox'

const root = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)

interface SpecOperation {
  operationId: string
  'x-permission'?: string
  parameters?: { name: string; in: string; required?: boolean; schema: JsonSchema }[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
}

describe('the staff console in Chromium against the real server', () => {
  let server: AppServer | undefined
  let chromium: { browser: Browser; close(): Promise<void> } | undefined

  beforeAll(async () => {
    ;[server, chromium] = await Promise.all([
      startAppServer({}, { hostName: 'localhost' }),
      launchChromium(),
    ])
  })
  afterAll(async () => {
    await chromium?.close()
    await server?.stop()
  })
  const serverOf = () => {
    if (!server) throw new Error('the server did not start')
    return server
  }
  const urlOf = () => serverOf().url

  /** `npm run ops:create-staff` beside the running server: through its data folder's socket. */
  async function createStaff(role: string, email: string): Promise<string> {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'server/ops/cli.ts', 'create-staff', '--role', role, email],
      {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'test',
          PROVIDERS: 'sandbox',
          DATA_DIR: serverOf().dataDir,
          PUBLIC_URL: urlOf(),
          JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256',
          SECOND_FACTOR_KEY: 'e2e-second-factor-key-long-enough-0123456789',
        },
        timeout: 30_000,
      },
    )
    return stdout
  }

  const contextWithAuthenticator = () => {
    if (!chromium) throw new Error('Chromium did not start')
    return contextWithAuthenticatorIn(chromium.browser, { viewport: { width: 1280, height: 800 } })
  }

  /** The invitation's link, a password, and the sign-in, which lands a staff member on /ops. */
  async function acceptInvitation(page: Page, email: string, password: string) {
    await page.goto(await linkFromMailbox(urlOf(), email, '/app/set-new-password/'))
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Save password' }).click()
    await page
      .getByRole('heading', { name: 'Your password has been successfully reset!' })
      .waitFor()
    await page.goto(`${urlOf()}/app/login`)
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(`${urlOf()}/ops`)
  }

  /** Sent to enrol from the console, adds a passkey on the customers' own screen, comes back. */
  async function enrolPasskeyFromConsole(page: Page, password: string) {
    await page.getByRole('heading', { name: 'Set up a second factor first' }).waitFor()
    await page.getByRole('link', { name: 'Go to account security' }).click()
    await page.waitForURL(/\/app\/profile/)
    await page.getByRole('button', { name: 'Add a passkey' }).click()
    const stepUp = page.getByRole('dialog', { name: "Confirm it's you" })
    await stepUp.getByLabel('Password', { exact: true }).fill(password)
    await stepUp.getByRole('button', { name: 'Confirm' }).click()
    await page.getByText('Your passkey was added. Other devices were signed out.').waitFor()
    await page.goto(`${urlOf()}/ops`)
  }

  async function axeViolations(page: Page): Promise<string[]> {
    const { violations } = await new AxeBuilder({ page }).analyze()
    return violations.map((v) => `${v.id}: ${v.help}`)
  }

  it('from the first admin on the command line to the auditor’s export', async () => {
    const stamp = String(Date.now())
    const adminEmail = `admin.${stamp}@example.com`
    const managerEmail = `manager.${stamp}@example.com`
    const auditorEmail = `auditor.${stamp}@example.com`
    const password = 'quiet-lantern-harbour-58'

    expect(await createStaff('admin', adminEmail)).toBe(
      `created admin ${adminEmail}; the link to choose a password is on its way\n`,
    )
    const admin = await contextWithAuthenticator()
    await acceptInvitation(admin.page, adminEmail, password)
    await enrolPasskeyFromConsole(admin.page, password)
    const consoleNav = (page: Page) => page.getByRole('navigation', { name: 'Staff console' })
    await consoleNav(admin.page).getByText(adminEmail).waitFor()
    expect(await axeViolations(admin.page)).toEqual([])

    // The admin invites a manager.
    await consoleNav(admin.page).getByRole('link', { name: 'Staff' }).click()
    await admin.page.getByRole('heading', { name: 'Staff', exact: true }).waitFor()
    await admin.page.getByRole('button', { name: 'Invite a staff member' }).click()
    const invite = admin.page.getByRole('form')
    await invite.getByLabel('E-mail address').fill(managerEmail)
    await invite.getByRole('checkbox', { name: 'Manager' }).check()
    await invite.getByRole('button', { name: 'Send invitation' }).click()
    await admin.page.getByText(`An invitation was sent to ${managerEmail}.`).waitFor()
    expect(await axeViolations(admin.page)).toEqual([])

    // The manager signs in, is sent to enrol a factor, and then reaches the console.
    const manager = await contextWithAuthenticator()
    await acceptInvitation(manager.page, managerEmail, password)
    await enrolPasskeyFromConsole(manager.page, password)
    await consoleNav(manager.page).getByText(managerEmail).waitFor()
    expect(await consoleNav(manager.page).getByRole('link', { name: 'Staff' }).count()).toBe(0)

    // A customer's token is refused on every staff operation the contract declares.
    const customerEmail = `customer.${stamp}@example.com`
    const registered = await fetch(`${urlOf()}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: customerEmail, password }),
    })
    expect(registered.status).toBe(202)
    const confirm = new URL(await linkFromMailbox(urlOf(), customerEmail, '/app/verify-email/'))
    const token = confirm.pathname.split('/').pop() ?? ''
    expect((await fetch(`${urlOf()}/api/auth/verify-email?token=${token}`)).status).toBe(200)
    const login = await fetch(`${urlOf()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: customerEmail, password }),
    })
    const { accessToken } = (await login.json()) as { accessToken: string }
    const spec = parse(await readFile(`${root}openapi/main.yaml`, 'utf8')) as ContractDocument & {
      paths: Record<string, Record<string, SpecOperation>>
    }
    const resolve = resolverOf(spec)
    const refusals: Record<string, number> = {}
    for (const [path, item] of Object.entries(spec.paths))
      for (const [method, op] of Object.entries(item)) {
        if (!op['x-permission']) continue
        const query = (op.parameters ?? [])
          .filter((p) => p.in === 'query' && p.required)
          .map((p) => `${p.name}=${encodeURIComponent(String(largestValue(p.schema, resolve)))}`)
        const url = `${urlOf()}${path.replace(/\{[^}]+\}/g, crypto.randomUUID())}${query.length > 0 ? `?${query.join('&')}` : ''}`
        const schema = op.requestBody?.content['application/json']?.schema
        const answer = await fetch(url, {
          method: method.toUpperCase(),
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          ...(schema ? { body: JSON.stringify(largestValue(schema, resolve)) } : {}),
        })
        refusals[op.operationId] = answer.status
      }
    expect(Object.keys(refusals).length).toBeGreaterThanOrEqual(10)
    expect(
      Object.values(refusals).every((status) => status === 403),
      JSON.stringify(refusals),
    ).toBe(true)

    // The auditor sees every one of those actions in the trail, and exports them.
    await createStaff('auditor', auditorEmail)
    const auditor = await contextWithAuthenticator()
    await acceptInvitation(auditor.page, auditorEmail, password)
    await enrolPasskeyFromConsole(auditor.page, password)
    await consoleNav(auditor.page).getByRole('link', { name: 'Audit trail' }).click()
    const table = auditor.page.getByRole('table', { name: 'Audit trail' })
    await table.waitFor()
    const actions = await table.locator('td.ops-action').allTextContents()
    for (const action of ['staff.invited', 'getStaffSelf', ...Object.keys(refusals)])
      expect(actions, action).toContain(action)
    expect(await axeViolations(auditor.page)).toEqual([])

    const download = auditor.page.waitForEvent('download')
    await auditor.page.getByRole('button', { name: 'Export CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('audit-trail.csv')
    const csv = await readFile(await file.path(), 'utf8')
    expect(csv).toContain(`,${managerEmail}`)
    expect(csv).toContain(',staff.invited,')
    for (const operationId of Object.keys(refusals)) expect(csv).toContain(`,${operationId},`)
    await auditor.page.getByText('The CSV file has been downloaded.').waitFor()

    for (const context of [admin.context, manager.context, auditor.context]) await context.close()
  })
})
