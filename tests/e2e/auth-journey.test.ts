import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { startAppServer, type AppServer } from './support/app-server'
import { launchChromium } from './support/chromium'
import { linkFromMailbox } from './support/mailbox'

/** The access tokens live 5 s here, so the journey can outlive one in seconds. */
const ACCESS_TOKEN_TTL_SECONDS = 5

describe('a customer’s authentication journey in Chromium against the real server', () => {
  let server: AppServer | undefined
  let chromium: { browser: Browser; close(): Promise<void> } | undefined

  beforeAll(async () => {
    ;[server, chromium] = await Promise.all([
      startAppServer({ ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL_SECONDS) }),
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
  const browserOf = () => {
    if (!chromium) throw new Error('Chromium did not start')
    return chromium.browser
  }

  async function logIn(page: Page, email: string, password: string) {
    await page.getByRole('heading', { name: 'Log in' }).waitFor()
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL(`${urlOf()}/app`)
    await page.getByText(email).waitFor()
  }

  it('registers, confirms, logs in, survives reload and token expiry, resets the password and logs out', async () => {
    const email = `ann.${String(Date.now())}@example.com`
    const password = 'first-password-1'
    const newPassword = 'second-password-2'
    const context = await browserOf().newContext()
    const page = await context.newPage()

    // Sign up, then open the link the server e-mailed.
    await page.goto(`${urlOf()}/app/register`)
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByLabel('I accept Terms and Conditions and Privacy Policy').check()
    await page.getByRole('button', { name: 'Sign up' }).click()
    await page.getByRole('heading', { name: 'Registration successful' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/app/register/success')

    // Not confirmed yet: the server refuses the login with EMAIL_NOT_VERIFIED.
    await page.getByRole('link', { name: 'To Login' }).click()
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByText('Email not verified').waitFor()

    const verifyLink = await linkFromMailbox(urlOf(), email, '/app/verify-email/')
    await page.goto(verifyLink)
    await page.getByRole('heading', { name: 'Email was confirmed' }).waitFor()
    await page.getByText('Now you can proceed to login.').waitFor()
    await page.getByRole('link', { name: 'To Login' }).click()

    // Log in: the home page shows the profile (a protected request).
    await logIn(page, email, password)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome')
    const stored = await page.evaluate(() => localStorage.getItem('auth_session'))
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ token: expect.any(String) as unknown })

    // A reload keeps the session.
    await page.reload()
    await page.getByText(email).waitFor()
    expect(new URL(page.url()).pathname).toBe('/app')

    // Signed in, the prerendered login page (decision 101) sends the visitor on to /app: the SPA
    // renders /app afresh instead of hydrating the login markup it replaces, so React reports no
    // hydration error (#418) on the way.
    const errors: string[] = []
    const loginTab = await context.newPage()
    loginTab.on('pageerror', (error) => errors.push(error.message))
    loginTab.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await loginTab.goto(`${urlOf()}/app/login`)
    await loginTab.waitForURL(`${urlOf()}/app`)
    await loginTab.getByText(email).waitFor()
    expect(await loginTab.getByRole('heading', { name: 'Log in' }).count()).toBe(0)
    expect(errors).toEqual([])
    await loginTab.close()

    // Past the access token's lifetime, a protected request gets 401, one refresh runs, and the
    // retried request succeeds. The profile is kept 60 s after its last use
    // (docs/product/limits.md#polling-and-cache), so the request watched is the verification
    // page's status read, which is never kept.
    const seen: string[] = []
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname
      if (path === '/api/sumsub/kyc-status' || path === '/api/auth/refresh-token') {
        seen.push(`${path} ${String(response.status())}`)
      }
    })
    await page.waitForTimeout(ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000)
    await page.getByRole('link', { name: 'Verification' }).click()
    await page.getByRole('heading', { name: 'Verification' }).waitFor()
    await expect
      .poll(() => seen, { timeout: 5_000 })
      .toEqual([
        '/api/sumsub/kyc-status 401',
        '/api/auth/refresh-token 200',
        '/api/sumsub/kyc-status 200',
      ])
    await page.getByRole('link', { name: 'Vistula Exchange — home' }).click()
    await page.waitForURL(`${urlOf()}/app`)
    await page.getByText(email).waitFor()

    // Forgot password, on another device (a fresh browser context).
    const other = await browserOf().newContext()
    const device = await other.newPage()
    await device.goto(`${urlOf()}/app/forgot-password`)
    await device.getByLabel('Email', { exact: true }).fill(email)
    await device.getByRole('button', { name: 'Send' }).click()
    await device.getByRole('heading', { name: 'Check your email' }).waitFor()
    expect(await device.getByRole('timer').textContent()).toMatch(/^0[23]:\d\d$/)
    expect(await device.getByRole('button', { name: 'Send again' }).isDisabled()).toBe(true)

    const resetLink = await linkFromMailbox(urlOf(), email, '/app/set-new-password/')
    await device.goto(resetLink)
    await device.getByLabel('Password', { exact: true }).fill(newPassword)
    await device.getByRole('button', { name: 'Save password' }).click()
    await device
      .getByRole('heading', { name: 'Your password has been successfully reset!' })
      .waitFor()
    await device.getByRole('link', { name: 'Log in' }).click()

    // The old password no longer works; the new one does.
    await device.getByLabel('Email', { exact: true }).fill(email)
    await device.getByLabel('Password', { exact: true }).fill(password)
    await device.getByRole('button', { name: 'Log in' }).click()
    await device.getByText('Error. Please try again or contact support').waitFor()
    await device.getByLabel('Password', { exact: true }).fill(newPassword)
    await device.getByRole('button', { name: 'Log in' }).click()
    await device.waitForURL(`${urlOf()}/app`)
    await device.getByText(email).waitFor()

    // A second tab of the same browser shares the session and follows its logout.
    const secondTab = await other.newPage()
    await secondTab.goto(`${urlOf()}/app/verification`)
    await secondTab.getByRole('heading', { name: 'Verification' }).waitFor()

    // Logout: back to /app/login, the stored session gone.
    await device.getByRole('link', { name: 'Profile' }).click()
    const reloaded = device.waitForEvent('load')
    await device.getByRole('button', { name: 'Log out' }).click()
    await reloaded
    expect(new URL(device.url()).pathname).toBe('/app/login')
    await device.getByRole('heading', { name: 'Log in' }).waitFor()
    expect(await device.evaluate(() => localStorage.getItem('auth_session'))).toBeNull()
    await secondTab.waitForURL(`${urlOf()}/app/login`)

    // The first device's session was revoked by the password change: once its access token
    // expires, the refresh fails and the logout intercept sends it to the log-in form.
    await page.waitForTimeout(ACCESS_TOKEN_TTL_SECONDS * 1000)
    await page.reload()
    await page.waitForURL(`${urlOf()}/app/login`)
    await page.getByRole('heading', { name: 'Log in' }).waitFor()
    const afterIntercept = await page.evaluate(() => localStorage.getItem('auth_session'))
    expect(JSON.parse(afterIntercept ?? '{}')).toMatchObject({ token: null })

    await other.close()
    await context.close()
  })

  it("answers an unknown path under /app with 'Page not found'", async () => {
    const context = await browserOf().newContext()
    const page = await context.newPage()
    await page.goto(`${urlOf()}/app/no-such-page`)
    await page.getByRole('heading', { name: 'Page not found' }).waitFor()
    await context.close()
  })

  it('protects /app/profile: a visitor lands on the log-in form', async () => {
    const context = await browserOf().newContext()
    const page = await context.newPage()
    await page.goto(`${urlOf()}/app/profile`)
    await page.waitForURL(`${urlOf()}/app/login`)
    await page.getByRole('heading', { name: 'Log in' }).waitFor()
    await context.close()
  })
})
