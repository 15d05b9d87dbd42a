import AxeBuilder from '@axe-core/playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { startAppServer, type AppServer } from './support/app-server'
import { launchChromium } from './support/chromium'
import { linkFromMailbox, type MailboxMessage } from './support/mailbox'

/** Sumsub sandbox tokens live 5 s here, so the journey outlives one and sees it renewed. */
const SUMSUB_TOKEN_TTL_SECONDS = 5
const PASSWORD = 'customer-password-1'

describe('a customer’s journey through the customer area in Chromium against the real server', () => {
  let server: AppServer | undefined
  let chromium: { browser: Browser; close(): Promise<void> } | undefined

  beforeAll(async () => {
    ;[server, chromium] = await Promise.all([
      startAppServer({ SANDBOX_SUMSUB_TOKEN_TTL: String(SUMSUB_TOKEN_TTL_SECONDS) }),
      launchChromium(),
    ])
  })
  afterAll(async () => {
    await chromium?.close()
    await server?.stop()
  })
  const urlOf = () => {
    if (!server) throw new Error('the server did not start')
    return server.url
  }

  /** A confirmed account, made over HTTP: the auth journey covers these screens. */
  async function confirmedAccount(email: string) {
    const registered = await fetch(`${urlOf()}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    expect(registered.ok).toBe(true)
    const link = await linkFromMailbox(urlOf(), email, '/app/verify-email/')
    const token = link.split('/app/verify-email/')[1] ?? ''
    const verified = await fetch(`${urlOf()}/api/auth/verify-email?token=${token}`)
    expect(verified.ok).toBe(true)
  }

  async function mailbox(): Promise<MailboxMessage[]> {
    const res = await fetch(`${urlOf()}/dev/mailbox/messages`)
    return (await res.json()) as MailboxMessage[]
  }

  /** axe-core's findings on what the page shows now (the providers' frames are theirs). */
  async function axeFindings(page: Page): Promise<string[]> {
    const { violations } = await new AxeBuilder({ page }).exclude('iframe').analyze()
    return violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`,
    )
  }

  /** The page cannot be scrolled with the wheel where the pointer is. */
  async function wheelScrolls(page: Page): Promise<boolean> {
    await page.evaluate(() => {
      window.scrollTo(0, 0)
    })
    await page.mouse.move(20, 20)
    await page.mouse.wheel(0, 400)
    await page.waitForTimeout(300)
    return page.evaluate(() => window.scrollY > 0)
  }

  it('quote with a promo code, KYC approved, KYB rejected, the card widget, the profile, logout', async () => {
    if (!chromium) throw new Error('Chromium did not start')
    const email = `anna.${String(Date.now())}@example.com`
    await confirmedAccount(email)
    // A short window, so the home page is taller than it and could scroll.
    const context = await chromium.browser.newContext({ viewport: { width: 1024, height: 400 } })
    const page = await context.newPage()
    try {
      const tokenCalls: string[] = []
      page.on('response', (response) => {
        const path = new URL(response.url()).pathname
        if (path === '/api/sumsub/kyc' || path === '/api/sumsub/kyb')
          tokenCalls.push(`${path} ${String(response.status())}`)
      })

      // Log in.
      await page.goto(`${urlOf()}/app/login`)
      await page.getByLabel('Email', { exact: true }).fill(email)
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
      await page.getByRole('button', { name: 'Log in' }).click()
      await page.waitForURL(`${urlOf()}/app`)
      await page.getByText('What can we do for you today?').waitFor()

      // Request a quote with a promo code.
      await page.getByRole('button', { name: 'Explore the service' }).click()
      const dialog = page.getByRole('dialog', { name: 'Request personal quote' })
      await dialog.getByRole('heading', { name: 'Calculation' }).waitFor()
      expect((await dialog.boundingBox())?.width).toBeLessThanOrEqual(450)
      expect(await dialog.getByLabel('Amount', { exact: true }).inputValue()).toBe('1000')
      const accessibility: Record<string, string[]> = { quoteDialog: await axeFindings(page) }
      await dialog.getByLabel('Amount', { exact: true }).fill('15000')
      await dialog.getByLabel('Converted to').selectOption('ETH')
      await dialog.getByRole('button', { name: 'Redeem promo code' }).click()
      await dialog.getByLabel('Promo code').fill('FIRST1000')
      await dialog.getByLabel('Message').fill('Please call me in the afternoon.')
      await dialog.getByRole('button', { name: 'Next' }).click()
      await dialog.getByRole('heading', { name: 'Contact information' }).waitFor()
      // Prefilled from the profile: the account's e-mail.
      expect(await dialog.getByLabel('Contact email').inputValue()).toBe(email)
      await dialog.getByLabel('Name', { exact: true }).fill('Anna Kowalska')
      await dialog.getByLabel('Contact phone').fill('+48 601 234 567')
      await dialog.getByLabel('Country').selectOption('PL')
      await dialog.getByRole('button', { name: 'Request a quote' }).click()
      await dialog.getByRole('heading', { name: 'Form has been submitted' }).waitFor()
      await dialog.getByText(/check your spam folder/).waitFor()

      // The customer's calculation e-mail is in the mailbox; the managers' notice has the promo code.
      await expect
        .poll(async () =>
          (await mailbox()).find((m) => m.to === email && /personal quote/.test(m.subject)),
        )
        .toBeTruthy()
      const messages = await mailbox()
      const calculation = messages.find((m) => m.to === email && /personal quote/.test(m.subject))
      expect(calculation?.subject).toContain('15000 EUR to ETH')
      expect(calculation?.text).toContain('You pay: 15000 EUR')
      const notice = messages.find((m) => m.text.includes(`Account: ${email}`))
      // The customer's message is quoted line by line in the team's notice (decision 042).
      expect(notice?.text).toContain('> Please call me in the afternoon.\n> Promo code: FIRST1000')

      // Verification: KYC, approved in the sandbox page.
      await dialog.getByRole('button', { name: 'Go to Verification' }).click()
      await page.waitForURL(`${urlOf()}/app/verification`)
      const kyc = page.getByRole('region', { name: 'Personal account (KYC)' })
      await kyc.getByRole('button', { name: 'Start' }).waitFor()
      accessibility.verification = await axeFindings(page)
      await kyc.getByRole('button', { name: 'Start' }).click()
      const kycFrame = page.frameLocator('iframe[title="Verification (sandbox)"]')
      await kycFrame.getByText('Identity verification (KYC)').waitFor()
      const firstSrc = await page
        .locator('iframe[title="Verification (sandbox)"]')
        .getAttribute('src')
      // The 5 s token expires in the page: the SPA fetches a new one and hands it over, unnoticed.
      await expect
        .poll(() => tokenCalls.filter((c) => c === '/api/sumsub/kyc 200').length, {
          timeout: 15_000,
        })
        .toBeGreaterThanOrEqual(2)
      await kycFrame.getByText(/^Ready\./).waitFor()
      expect(await page.locator('iframe[title="Verification (sandbox)"]').getAttribute('src')).toBe(
        firstSrc,
      )
      await kycFrame.getByRole('button', { name: 'Approve' }).click()
      // The sandbox sends the server Sumsub's signed webhook, and says whether it was taken.
      await kycFrame.getByText('Approved. The server received the webhook.').waitFor()
      const kycButton = kyc.getByRole('button', { name: 'Completed: approved' })
      await kycButton.waitFor()
      expect(await page.getByRole('alert').count()).toBe(0)
      await page.getByRole('button', { name: 'Exit' }).click()
      expect(await kycButton.isDisabled()).toBe(true)

      // KYB, rejected.
      const kyb = page.getByRole('region', { name: 'Business account (KYB)' })
      await kyb.getByRole('button', { name: 'Start' }).click()
      const kybFrame = page.frameLocator('iframe[title="Verification (sandbox)"]')
      await kybFrame.getByText('Business verification (KYB)').waitFor()
      await kybFrame.getByRole('button', { name: 'Reject' }).click()
      await kybFrame.getByText('Rejected. The server received the webhook.').waitFor()
      const kybButton = kyb.getByRole('button', { name: 'Completed: rejected' })
      await kybButton.waitFor()
      await page.getByRole('button', { name: 'Exit' }).click()
      expect(await kybButton.isDisabled()).toBe(true)
      // The server agrees (the webhooks arrived): a reload reads the same labels.
      await page.reload()
      const serverSays = (kind: string) =>
        page.evaluate(async (path) => {
          const session = JSON.parse(localStorage.getItem('auth_session') ?? '{}') as {
            token?: string
          }
          const res = await fetch(path, {
            headers: { authorization: `Bearer ${session.token ?? ''}` },
          })
          return `${String(res.status)} ${await res.text()}`
        }, `/api/sumsub/${kind}-status`)
      await expect
        .poll(async () => [await kyc.getByRole('button').textContent(), await serverSays('kyc')])
        .toEqual(['Completed: approved', expect.stringContaining('GREEN')])
      await expect
        .poll(async () => [await kyb.getByRole('button').textContent(), await serverSays('kyb')])
        .toEqual(['Completed: rejected', expect.stringContaining('RED')])

      // The fast exchange: the full-screen card widget over a page that cannot scroll.
      await page.getByRole('link', { name: 'Vistula Exchange — home' }).click()
      await page.waitForURL(`${urlOf()}/app`)
      await page.getByRole('button', { name: 'Exchange now' }).waitFor()
      expect(await wheelScrolls(page)).toBe(true)
      await page.evaluate(() => {
        window.scrollTo(0, 0)
      })
      await page.getByRole('button', { name: 'Exchange now' }).click()
      const widget = page.getByRole('dialog', { name: 'Fast exchange' })
      await widget.waitFor()
      expect(await widget.boundingBox()).toEqual({ x: 0, y: 0, width: 1024, height: 400 })
      const payFrame = page.frameLocator('iframe[title="Card payment"]')
      await payFrame.getByRole('button', { name: 'Pay by card' }).waitFor()
      expect(await wheelScrolls(page)).toBe(false)
      // The widget's redirect event moves the frame to the payment step.
      await payFrame.getByRole('button', { name: 'Pay by card' }).click()
      await expect
        .poll(() => page.locator('iframe[title="Card payment"]').getAttribute('src'))
        .toContain('/sandbox/paybis/payment?requestId=')
      await payFrame.getByRole('button', { name: 'Confirm payment' }).click()
      await payFrame.getByText(/^Payment completed/).waitFor()
      // The widget's closed event closes it, and the page scrolls again.
      await payFrame.getByRole('button', { name: 'Close' }).click()
      await widget.waitFor({ state: 'detached' })
      expect(await wheelScrolls(page)).toBe(true)

      // The profile: update, see the message, reload, still there.
      await page.getByRole('link', { name: 'Profile' }).click()
      await page.waitForURL(`${urlOf()}/app/profile`)
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email)
      await page.getByLabel('First name').fill('Anna')
      await page.getByLabel('Last name').fill('Kowalska')
      await page.getByLabel('Phone').fill('+48 601 234 567')
      await page.getByLabel('Country').selectOption('PL')
      await page.getByRole('button', { name: 'Update' }).click()
      await page.getByText('Profile was updated').waitFor()
      await page.reload()
      await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Anna')
      expect(await page.getByLabel('Last name').inputValue()).toBe('Kowalska')
      expect(await page.getByLabel('Phone').inputValue()).toBe('+48 601 234 567')
      expect(await page.getByLabel('Country').inputValue()).toBe('PL')
      accessibility.profile = await axeFindings(page)
      expect(accessibility).toEqual({ quoteDialog: [], verification: [], profile: [] })

      // Logout.
      // To /app/login, loaded afresh there (docs/product/flows.md#explicit-logout).
      const reloaded = page.waitForEvent('load')
      await page.getByRole('button', { name: 'Log out' }).click()
      await reloaded
      expect(new URL(page.url()).pathname).toBe('/app/login')
      expect(await page.evaluate(() => localStorage.getItem('auth_session'))).toBeNull()
    } catch (error) {
      // What the customer saw when it failed: the address and the page's text.
      console.error(
        `customer journey failed at ${page.url()}:\n${await page.evaluate(() => document.body.innerText).catch(() => '?')}`,
      )
      throw error
    }
    await context.close()
  })
})
