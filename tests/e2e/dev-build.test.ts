import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from './support/chromium'
import { startDevServer, type DevServer } from './support/dev-server'
import { linkFromMailbox } from './support/mailbox'

const PASSWORD = 'dev-build-password-1'
/** Well inside the verification chart's 60 s poll: a wrong first answer would still show. */
const SETTLED_WITHIN_MS = 10_000

/**
 * The development build (React's development mode and StrictMode, as `npm run dev` serves it):
 * StrictMode mounts every route twice, and the first mount's cancelled loads must not decide
 * what the customer sees (issue 12, decision 060).
 */
describe('the screens that load on arrival, under npm run dev in Chromium', () => {
  let dev: DevServer | undefined
  let chromium: { browser: Browser; close(): Promise<void> } | undefined

  beforeAll(async () => {
    ;[dev, chromium] = await Promise.all([startDevServer(), launchChromium()])
  })
  afterAll(async () => {
    await chromium?.close()
    await dev?.stop()
  })
  const urlOf = (path = '/') => {
    if (!dev) throw new Error('npm run dev did not start')
    return dev.url + path
  }

  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    return fetch(urlOf(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
  }

  /** A fresh, confirmed customer, made over HTTP through Vite's proxy; their two tokens. */
  async function freshCustomer(name: string) {
    const email = `${name}.${String(Date.now())}@example.com`
    expect((await post('/api/auth/register', { email, password: PASSWORD })).ok).toBe(true)
    const link = await linkFromMailbox(urlOf(''), email, '/app/verify-email/')
    const token = link.split('/app/verify-email/')[1] ?? ''
    expect((await fetch(urlOf(`/api/auth/verify-email?token=${token}`))).ok).toBe(true)
    const login = await post('/api/auth/login', { email, password: PASSWORD })
    expect(login.status).toBe(200)
    const tokens = (await login.json()) as { accessToken: string; refreshToken: string }
    return { email, ...tokens }
  }

  /**
   * A browser context signed in as that customer (the stored session the SPA reads on start),
   * where nothing outside this machine loads.
   */
  async function signedInPage(session?: { accessToken: string; refreshToken: string }) {
    if (!chromium) throw new Error('Chromium did not start')
    const context = await chromium.browser.newContext()
    await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.abort())
    if (session) {
      await context.addInitScript(
        (stored) => {
          // Only once: the SPA rotates the tokens afterwards.
          if (!localStorage.getItem('auth_session')) localStorage.setItem('auth_session', stored)
        },
        JSON.stringify({ token: session.accessToken, refreshToken: session.refreshToken }),
      )
    }
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    return { context, page, errors }
  }

  /** On failure, what the customer saw. */
  async function reportOnFailure(page: Page, context: BrowserContext, run: () => Promise<void>) {
    try {
      await run()
    } catch (error) {
      const text = await page.evaluate(() => document.body.innerText).catch(() => '?')
      console.error(
        `at ${page.url()} the page showed:\n${text}\n--- npm run dev:\n${dev?.output().slice(-3000) ?? ''}`,
      )
      throw error
    } finally {
      await context.close()
    }
  }

  it("a fresh customer's profile loads on first load, not 'Your profile could not be loaded.'", async () => {
    const customer = await freshCustomer('profile')
    const { context, page, errors } = await signedInPage(customer)
    await reportOnFailure(page, context, async () => {
      const loaded = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/users/profile' && r.status() === 200,
      )
      await page.goto(urlOf('/app/profile'))
      await loaded
      await page.getByRole('heading', { name: 'Profile' }).waitFor()
      await expect
        .poll(() => page.getByLabel('Email', { exact: true }).inputValue(), {
          timeout: SETTLED_WITHIN_MS,
        })
        .toBe(customer.email)
      expect(await page.getByText('Your profile could not be loaded.').count()).toBe(0)
      expect(errors).toEqual([])
    })
  })

  it("the converter shows the market's rate and a non-zero 'You get' on first load", async () => {
    const { context, page, errors } = await signedInPage()
    await reportOnFailure(page, context, async () => {
      const candles = page.waitForResponse(
        (r) => r.url().endsWith('/get_candles') && r.status() === 200,
      )
      await page.goto(urlOf('/'))
      await page.getByRole('heading', { level: 1 }).waitFor()
      // The converter is below the fold: it loads once the customer scrolls towards it.
      await page.mouse.wheel(0, 400)
      await candles
      const rate = page.locator('.converter-rate')
      await expect
        .poll(() => rate.innerText(), { timeout: SETTLED_WITHIN_MS })
        .toMatch(/^1 BTC = [0-9.,]+ EUR$/)
      const eurPerBtc = Number(
        (/= ([0-9.,]+) EUR/.exec(await rate.innerText())?.[1] ?? '0').replace(/,/g, ''),
      )
      expect(eurPerBtc).toBeGreaterThan(0)
      const youGet = Number(await page.getByLabel('You get', { exact: true }).inputValue())
      expect(youGet).toBeGreaterThan(0)
      expect(errors).toEqual([])
    })
  })

  it("an approved KYC shows 'Completed: approved' on first load, not an enabled 'Start'", async () => {
    const customer = await freshCustomer('kyc')
    // Approved in the Sumsub sandbox over HTTP, as its verification page's Approve button does.
    const auth = { authorization: `Bearer ${customer.accessToken}` }
    const kycToken = await fetch(urlOf('/api/sumsub/kyc'), { method: 'POST', headers: auth })
    expect(kycToken.status).toBe(200)
    const { token } = (await kycToken.json()) as { token: string }
    for (const action of ['load', 'approve'])
      expect(
        (await post(`/sandbox/sumsub/websdk/api/${action}`, {}, { 'x-access-token': token })).ok,
      ).toBe(true)
    await expect
      .poll(async () => (await fetch(urlOf('/api/sumsub/kyc-status'), { headers: auth })).text())
      .toContain('GREEN')

    const { context, page, errors } = await signedInPage(customer)
    await reportOnFailure(page, context, async () => {
      const status = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/sumsub/kyc-status' && r.status() === 200,
      )
      await page.goto(urlOf('/app/verification'))
      await status
      const kyc = page.getByRole('region', { name: 'Personal account (KYC)' })
      const button = kyc.getByRole('button')
      await expect
        .poll(async () => [await button.innerText(), await button.isDisabled()], {
          timeout: SETTLED_WITHIN_MS,
        })
        .toEqual(['Completed: approved', true])
      expect(await kyc.getByRole('button', { name: 'Start' }).count()).toBe(0)
      expect(errors).toEqual([])
    })
  })

  it('serves the API reference through Vite, with its renderer and the contract (decision 095)', async () => {
    const page = await fetch(urlOf('/api/docs'))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self';")
    const scripts = [...(await page.text()).matchAll(/<script src="([^"]+)"/g)].map(
      ([, src]) => src,
    )
    expect(scripts).toHaveLength(2)
    for (const src of scripts) {
      const script = await fetch(urlOf(src))
      expect(script.status, src).toBe(200)
      expect(script.headers.get('content-type'), src).toMatch(/^text\/javascript/)
    }
    const contract = await (await fetch(urlOf('/api/docs/openapi.yaml'))).text()
    expect(contract).toContain('summary: Log in with e-mail and password')
  })
})
