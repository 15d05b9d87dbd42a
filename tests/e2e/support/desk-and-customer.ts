/**
 * Two signed-in browsers against one in-process server: a staff member in the console (signed in
 * with the authenticator app) and a customer in the app. The journeys of the exchange's side
 * (request desk, verification and payments) start here.
 */
import type { Browser, Page } from 'playwright-core'
import { bearer, verifiedUser } from '../../server/support/accounts.ts'
import { codeNowOn } from '../../server/support/second-factor.ts'
import { claimsOf, staffOn, type StaffMember, type StaffRole } from '../../server/support/staff.ts'
import type { TestServer } from '../../server/support/test-server.ts'
import { contextWithAuthenticator, launchChromium } from './chromium'
import { startInProcessServer } from './in-process-server'

export interface DeskAndCustomer {
  server: TestServer
  chromium: { browser: Browser; close(): Promise<void> }
  staff: StaffMember
  customer: { id: string; email: string; password: string; auth: Record<string, string> }
  staffPage: Page
  customerPage: Page
  /** The address the browser uses: the public URL (localhost), not the listening 127.0.0.1. */
  at(path: string): string
  stop(): Promise<void>
}

export async function deskAndCustomer(roles: StaffRole[]): Promise<DeskAndCustomer> {
  const [server, chromium] = await Promise.all([startInProcessServer(), launchChromium()])
  const at = (path: string) => server.config.publicUrl + path
  const staff = await staffOn(server, roles)
  const account = await verifiedUser(server)
  const customer = {
    ...account,
    id: String(claimsOf(account.tokens.accessToken).sub),
    auth: bearer(account.tokens.accessToken),
  }
  const options = { viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' }
  const [desk, app] = await Promise.all([
    contextWithAuthenticator(chromium.browser, options),
    contextWithAuthenticator(chromium.browser, options),
  ])
  for (const { context } of [desk, app]) context.setDefaultTimeout(10_000)
  const staffPage = desk.page
  const customerPage = app.page

  // The staff member signs in with the authenticator app, on a code of a time step not used yet.
  server.clock.offsetMs += 60_000
  await staffPage.goto(at('/app/login'))
  await staffPage.getByLabel('Email', { exact: true }).fill(staff.email)
  await staffPage.getByLabel('Password', { exact: true }).fill(staff.password)
  await staffPage.getByRole('button', { name: 'Log in' }).click()
  await staffPage.getByRole('heading', { name: 'Two-step verification' }).waitFor()
  await staffPage.getByLabel('Code from your app').fill(await codeNowOn(server, staff.secret ?? ''))
  await staffPage.getByRole('button', { name: 'Verify' }).click()
  await staffPage.waitForURL(at('/ops'))

  await customerPage.goto(at('/app/login'))
  await customerPage.getByLabel('Email', { exact: true }).fill(customer.email)
  await customerPage.getByLabel('Password', { exact: true }).fill(customer.password)
  await customerPage.getByRole('button', { name: 'Log in' }).click()
  await customerPage.waitForURL(at('/app'))

  return {
    server,
    chromium,
    staff,
    customer,
    staffPage,
    customerPage,
    at,
    async stop() {
      await chromium.close()
      await server.stop()
    },
  }
}
