import { mkdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page, Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateFromCandles } from '../../domain/exchange-rules'
import { displayedRateOracle, targetText } from '../domain/rational-oracle'
import { startAppServer, type AppServer } from './support/app-server'
import { launchChromium } from './support/chromium'
import { linkFromMailbox } from './support/mailbox'

const GTM_ID = 'GTM-TEST123'
/** Screenshots are kept as test artifacts here (git-ignored). */
const artifacts = fileURLToPath(new URL('../../test-results/landing/', import.meta.url))

describe('the landing page in Chromium against the real server (docs/product/screens.md#landing-page, docs/product/flows.md#landing-header-and-hero, docs/product/limits.md#timings-and-display)', () => {
  let server: AppServer | undefined
  let chromium: { browser: Browser; close(): Promise<void> } | undefined

  beforeAll(async () => {
    ;[server, chromium] = await Promise.all([
      startAppServer({ GTM_CONTAINER_ID: GTM_ID }),
      launchChromium(),
      mkdir(artifacts, { recursive: true }),
    ])
  })
  afterAll(async () => {
    await chromium?.close()
    await server?.stop()
  })
  const urlOf = (path = '/') => {
    if (!server) throw new Error('the server did not start')
    return server.url + path
  }

  /**
   * A fresh browser context; the third parties cannot load here (no internet), so their hosts
   * answer locally and every request to them is counted.
   */
  async function newContext(options: Parameters<Browser['newContext']>[0] = {}) {
    if (!chromium) throw new Error('Chromium did not start')
    const context = await chromium.browser.newContext(options)
    const thirdParty: string[] = []
    await context.route(
      /^https:\/\/(www\.googletagmanager\.com|calendly\.com|assets\.calendly\.com)\//,
      (route) => {
        thirdParty.push(route.request().url())
        return route.fulfill(
          route.request().resourceType() === 'script'
            ? { contentType: 'text/javascript', body: '' }
            : {
                contentType: 'text/html',
                body: '<!doctype html><title>Scheduling</title><p>Pick a time</p>',
              },
        )
      },
    )
    return { context, page: await context.newPage(), thirdParty }
  }

  /** Opens / and brings in the sections below the fold, as scrolling does. */
  async function openLanding(page: Page) {
    await page.goto(urlOf('/'))
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.mouse.wheel(0, 400)
    await page.getByRole('contentinfo').waitFor()
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor()
  }

  it('shows the texts and the sections in order, and screenshots at 375, 768 and 1440 px', async () => {
    const { context, page } = await newContext({ viewport: { width: 1440, height: 900 } })
    await openLanding(page)
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(
      /^Exchange crypto with full legal compliance\s+for individuals\./,
    )
    await page
      .getByText(
        'EU-licensed fiat-to-crypto trade services. €1,000,000+ transactions with complete documentation support.',
      )
      .waitFor()
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      'Benefits',
      'See what you get before you sign up',
      'Our aim: fees reduced down to 1.1%',
      'Why partners choose us',
      'Enterprise solutions',
      'Individual solutions',
      'Three steps to your first exchange',
      'The team behind your transaction',
      'Ready for your first compliant exchange?',
      'Frequently asked questions',
      'Follow us',
      'Documents',
      'Cookies',
    ])
    expect(
      await page
        .getByRole('region', { name: 'Benefits' })
        .getByRole('heading', { level: 3 })
        .allInnerTexts(),
    ).toEqual([
      'Top Coins',
      'Global service',
      'No upper limits',
      'EU licensed',
      'Private and secure',
    ])
    for (const width of [375, 768, 1440]) {
      await page.setViewportSize({ width, height: 900 })
      await page.evaluate(() => {
        window.scrollTo(0, 0)
      })
      // Nothing pushes the page sideways at any width.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${String(width)} px`,
      ).toBe(width)
      await page.screenshot({ path: `${artifacts}landing-${String(width)}.png`, fullPage: true })
    }
    await context.close()
  })

  it('hides the header buttons on a small screen and floats the coins only on extra-large ones', async () => {
    const { context, page } = await newContext({ viewport: { width: 375, height: 740 } })
    await page.goto(urlOf('/'))
    await page.getByRole('heading', { level: 1 }).waitFor()
    const header = page.getByRole('banner')
    expect(await header.getByRole('link', { name: 'Log in' }).isVisible()).toBe(false)
    expect(await header.getByRole('button', { name: 'Book a call' }).isVisible()).toBe(false)
    expect(await page.locator('.floating-images').isVisible()).toBe(false)
    await page.setViewportSize({ width: 1440, height: 900 })
    expect(await header.getByRole('link', { name: 'Log in' }).isVisible()).toBe(true)
    expect(await page.locator('.floating-images').isVisible()).toBe(true)
    await context.close()
  })

  it('highlights the benefits one after another while scrolling', async () => {
    const { context, page } = await newContext({ viewport: { width: 1440, height: 900 } })
    await page.goto(urlOf('/'))
    await page.getByRole('heading', { level: 1 }).waitFor()
    const active = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('.benefit')].findIndex((el) =>
          el.getAttribute('data-active'),
        ),
      )
    const seen: number[] = []
    for (let y = 0; y <= 1400; y += 100) {
      await page.evaluate((top) => {
        window.scrollTo(0, top)
      }, y)
      await page.waitForTimeout(50)
      const index = await active()
      if (seen.at(-1) !== index) seen.push(index)
    }
    expect(seen).toEqual([0, 1, 2, 3, 4])
    // The active card turns navy (after its 0.35 s transition).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const card = document.querySelector('.benefit-active')
          return card ? getComputedStyle(card).backgroundColor : ''
        }),
      )
      .toBe('rgb(11, 31, 58)')
    await context.close()
  })

  it("rotates 'for individuals.' and 'for business.' every 7 s, letters 80 ms apart; still with reduced motion", async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { context, page } = await newContext({ reducedMotion })
      await page.clock.install()
      await page.goto(urlOf('/'))
      const word = page.locator('.rotating-word')
      await word.waitFor()
      // The page's clock stands still from here on; the test moves it.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10)
      const now = async () => ({
        word: await word.getAttribute('data-word'),
        shown: Number(await word.getAttribute('data-shown')),
      })
      expect(await now()).toEqual({ word: 'for individuals.', shown: 16 })
      /**
       * Moves the clock by `skip` ms, then in 50 ms steps until the word changes; returns how long
       * that took (the skip must end before the change).
       */
      const untilNextWord = async (skip: number) => {
        const before = (await now()).word
        await page.clock.runFor(skip)
        expect((await now()).word).toBe(before)
        for (let ms = skip + 50; ms <= 8000; ms += 50) {
          await page.clock.runFor(50)
          if ((await now()).word !== before) return ms
        }
        throw new Error('the word did not change within 8 s')
      }
      // The word came less than a second ago: the next one is more than 6 s away.
      await untilNextWord(5500)
      if (reducedMotion === 'reduce') {
        expect(await now()).toEqual({ word: 'for business.', shown: 13 })
      } else {
        // It came within the last 50 ms step, so no 80 ms letter step has passed yet.
        expect(await now()).toEqual({ word: 'for business.', shown: 0 })
        // Every 80 ms one more letter.
        await page.clock.runFor(80)
        expect(await now()).toEqual({ word: 'for business.', shown: 1 })
        await page.clock.runFor(80)
        expect(await now()).toEqual({ word: 'for business.', shown: 2 })
        await page.clock.runFor(11 * 80)
        expect(await now()).toEqual({ word: 'for business.', shown: 13 })
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/for business\.$/)
      }
      const elapsed = reducedMotion === 'reduce' ? 0 : 13 * 80
      const period = elapsed + (await untilNextWord(6500 - elapsed))
      expect(period).toBeGreaterThan(7000 - 50)
      expect(period).toBeLessThanOrEqual(7000 + 50)
      expect((await now()).word).toBe('for individuals.')
      await context.close()
    }
  })

  it('opens FAQ item 1 by default, one at a time, collapsible; the steps cycle with a click', async () => {
    const { context, page } = await newContext()
    await openLanding(page)
    const faq = page.getByRole('region', { name: 'Frequently asked questions' })
    const questions = faq.getByRole('button')
    expect(await questions.count()).toBe(9)
    const expanded = async () =>
      (
        await questions.evaluateAll((els) => els.map((e) => e.getAttribute('aria-expanded')))
      ).flatMap((v, i) => (v === 'true' ? [i] : []))
    expect(await expanded()).toEqual([0])
    await questions.nth(4).click()
    expect(await expanded()).toEqual([4])
    expect(await page.getByText(/fee varies with the amount/).isVisible()).toBe(true)
    expect(await page.getByText(/minimum for our primary service/).isVisible()).toBe(false)
    await questions.nth(4).click()
    expect(await expanded()).toEqual([])

    const carousel = page.getByRole('region', { name: 'Three steps to your first exchange' })
    const front = () => carousel.locator('[aria-current="step"] h3').innerText()
    expect(await front()).toBe('Create an account')
    await carousel.getByRole('list').click()
    expect(await front()).toBe('Verification')
    await carousel.getByRole('list').click()
    expect(await front()).toBe('Transaction request')
    await carousel.getByRole('button', { name: 'Next step' }).click()
    expect(await front()).toBe('Create an account')
    await context.close()
  })

  it('leads every navigation target of the landing page where the spec says', async () => {
    const { context, page } = await newContext({ viewport: { width: 1440, height: 900 } })
    await openLanding(page)
    // A visitor who asks for /app is sent on to /app/login
    // (docs/product/screens.md#protected-routes).
    const targets: [string, RegExp, string][] = [
      ['Log in', /^Log in$/, '/app/login'],
      ['Sign up', /^Sign up$/, '/app/register'],
      ['Get started', /^Get started$/, '/app/login'],
      ['Quick Exchange', /^Quick Exchange$/, '/app/login'],
      ['Get a personalized quote', /^Get a personalized quote$/, '/app/register'],
      ['Get Started', /^Get Started$/, '/app/register'],
      ['Create an account', /^Create an account$/, '/app/register'],
      ['Exchange now', /^Exchange now$/, '/app/register'],
      ['here', /^here$/, '/app/login'],
    ]
    for (const [label, name, landsOn] of targets) {
      if (label === 'here') {
        await page.getByLabel('You send', { exact: true }).fill('8000')
        await page
          .getByText('We offer flexible fees for big amounts. Get a personalized calculation here')
          .waitFor()
      }
      const link = page.getByRole('link', { name }).first()
      const href = await link.getAttribute('href')
      expect(href, label).toBe(landsOn === '/app/register' ? '/app/register' : '/app')
      await link.click()
      await page.waitForURL(urlOf(landsOn))
      await page.goBack()
      await page.waitForURL(urlOf('/'))
      await page.getByRole('heading', { level: 1 }).waitFor()
      await page.mouse.wheel(0, 200)
      await page.getByRole('contentinfo').waitFor()
    }
    // The footer's documents are real PDFs.
    for (const name of ['AML/KYC policy (PDF)', 'Privacy policy (PDF)']) {
      const href = await page.getByRole('link', { name }).getAttribute('href')
      const res = await fetch(urlOf(href ?? ''))
      expect(res.status, name).toBe(200)
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-')
    }
    await context.close()
  })

  it('shows Log in and Sign up logged out, Dashboard and the promo link logged in', async () => {
    const email = `landing.${String(Date.now())}@example.com`
    const password = 'landing-password-1'
    const api = (path: string, body?: unknown) =>
      fetch(urlOf(path), {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    expect((await api('/api/auth/register', { email, password })).status).toBe(202)
    const link = await linkFromMailbox(urlOf(''), email, '/app/verify-email/')
    const token = new URL(link).pathname.split('/').at(-1) ?? ''
    expect((await api(`/api/auth/verify-email?token=${encodeURIComponent(token)}`)).status).toBe(
      200,
    )
    const tokens = (await (await api('/api/auth/login', { email, password })).json()) as {
      accessToken: string
      refreshToken: string
    }

    const out = await newContext({ viewport: { width: 1440, height: 900 } })
    await out.page.goto(urlOf('/'))
    const outHeader = out.page.getByRole('banner')
    await outHeader.getByRole('link', { name: 'Log in' }).waitFor()
    expect(await outHeader.getByRole('link', { name: 'Sign up' }).isVisible()).toBe(true)
    expect(await outHeader.getByRole('link', { name: 'Dashboard' }).count()).toBe(0)
    const note = out.page.getByText('* Sign in to redeem a promo code for your personal quote')
    expect(await note.evaluate((el) => el.closest('a'))).toBeNull()
    await out.context.close()

    const signedIn = await newContext({ viewport: { width: 1440, height: 900 } })
    await signedIn.context.addInitScript(
      (session) => {
        localStorage.setItem('auth_session', session)
      },
      JSON.stringify({ token: tokens.accessToken, refreshToken: tokens.refreshToken }),
    )
    await signedIn.page.goto(urlOf('/'))
    const header = signedIn.page.getByRole('banner')
    await header.getByRole('link', { name: 'Dashboard' }).waitFor()
    expect(await header.getByRole('link', { name: 'Log in' }).count()).toBe(0)
    expect(await header.getByRole('link', { name: 'Sign up' }).count()).toBe(0)
    const promo = signedIn.page.getByRole('link', {
      name: '* Redeem a promo code for your personal quote',
    })
    await promo.click()
    await signedIn.page.waitForURL(urlOf('/app'))
    await signedIn.page.getByText(email).waitFor()
    await signedIn.context.close()
  })

  it('converts with the market sandbox: rate, debounce, class swap', async () => {
    const { context, page } = await newContext({ viewport: { width: 1440, height: 900 } })
    const pairs: string[] = []
    const closes: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/sandbox/market/get_candles'))
        pairs.push((JSON.parse(request.postData() ?? '{}') as { pair: string }).pair)
    })
    // Each answer's body is read as it arrives; the test waits for those reads before it uses a
    // close and before it closes the page (a read still running then would reject unhandled).
    const reads: Promise<void>[] = []
    const readCandles = (response: Response) => {
      if (response.url().endsWith('/sandbox/market/get_candles'))
        reads.push(
          response.json().then((body: unknown) => {
            const close = rateFromCandles(body)
            if (close !== null) closes.push(close)
          }),
        )
    }
    page.on('response', readCandles)
    await openLanding(page)
    const rate = page.getByText(/^1 [A-Z]+ = [0-9.]+ [A-Z]+$/)
    await expect.poll(() => rate.innerText()).toMatch(/^1 BTC = [1-9][0-9]*\.[0-9]{2} EUR$/)
    expect(pairs[0]).toBe('BTC-EUR')
    const send = page.getByLabel('You send', { exact: true })
    const get = page.getByLabel('You get', { exact: true })
    const before = await get.inputValue()
    expect(before).toMatch(/^0\.[0-9]{8}$/)
    expect(before).not.toBe('0.00000000')
    await send.fill('20000')
    await page.waitForTimeout(300)
    expect(await get.inputValue()).toBe(before) // still debouncing
    await expect.poll(() => get.inputValue()).not.toBe(before)
    // Digit for digit what the exact oracle computes from the candle's close.
    await Promise.all(reads)
    const close = closes.at(-1) ?? ''
    expect(await rate.innerText()).toBe(displayedRateOracle('EUR', 'BTC', close, true))
    expect(await get.inputValue()).toBe(targetText('20000', close, false))
    // Choosing a crypto to send swaps the other side to the fiat (EUR); EUR-ETH's own rate comes
    // with its candle (0 until then, never BTC's).
    await page.getByLabel('You send: currency').selectOption('ETH')
    expect(await page.getByLabel('You get: currency').inputValue()).toBe('EUR')
    await expect.poll(() => rate.innerText()).toMatch(/^1 EUR = 0\.(?!0{8})[0-9]{8} ETH$/)
    expect(pairs.at(-1)).toBe('EUR-ETH')
    page.off('response', readCandles)
    await Promise.all(reads)
    await context.close()
  })

  it('loads nothing of Google Tag Manager before consent, nor after Reject Optional', async () => {
    const { context, page, thirdParty } = await newContext()
    await page.goto(urlOf('/'))
    const banner = page.getByRole('region', { name: 'Cookies' })
    await banner.waitFor()
    const layer = () =>
      page.evaluate(() =>
        ((window as { dataLayer?: unknown[] }).dataLayer ?? []).map(
          (e) => JSON.parse(JSON.stringify(Array.from(e as ArrayLike<unknown>))) as unknown[],
        ),
      )
    expect(await layer()).toEqual([
      [
        'consent',
        'default',
        {
          ad_storage: 'denied',
          ad_user_data: 'denied',
          ad_personalization: 'denied',
          analytics_storage: 'denied',
          wait_for_update: 500,
        },
      ],
    ])
    await banner.getByRole('button', { name: 'Reject Optional' }).click()
    await banner.waitFor({ state: 'detached' })
    const cookie = (await context.cookies()).find((c) => c.name === 'ConsentCookie')
    expect(cookie?.value).toBe('false')
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400
    expect(days).toBeGreaterThan(149.9)
    expect(days).toBeLessThanOrEqual(150)
    await page.waitForTimeout(800)
    expect(await layer()).toHaveLength(1)
    expect(
      await page
        .locator('script:not([src])')
        .evaluateAll((els) => els.filter((e) => e.textContent.includes('googletagmanager')).length),
    ).toBe(0)
    expect(thirdParty).toEqual([])
    // The choice is remembered: no banner on the next visit.
    await page.reload()
    await page.getByRole('heading', { level: 1 }).waitFor()
    await page.waitForTimeout(300)
    expect(await banner.count()).toBe(0)
    await context.close()
  })

  it('initialises the tag manager on Enable All and pushes the consent update 500 ms later', async () => {
    const { context, page } = await newContext()
    // Time-stamps what the page does: the GTM loader going into <head>, and each dataLayer push.
    await context.addInitScript(() => {
      const w = window as unknown as {
        dataLayer: unknown[]
        __pushedAt: number[]
        __gtmAt?: number
      }
      w.__pushedAt = []
      w.dataLayer = []
      const push = w.dataLayer.push.bind(w.dataLayer)
      w.dataLayer.push = (...items: unknown[]) => {
        w.__pushedAt.push(performance.now())
        return push(...items)
      }
      new MutationObserver(() => {
        if (
          w.__gtmAt === undefined &&
          document.head.innerHTML.includes('googletagmanager.com/gtm.js')
        )
          w.__gtmAt = performance.now()
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto(urlOf('/'))
    const banner = page.getByRole('region', { name: 'Cookies' })
    await banner.getByRole('button', { name: 'Enable All' }).click()
    await banner.waitFor({ state: 'detached' })
    expect((await context.cookies()).find((c) => c.name === 'ConsentCookie')?.value).toBe('true')
    // Wait for the consent update (500 ms after the loader), not just any entry: the loader itself
    // pushes its 'gtm.js' event once the CSP lets it run.
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { dataLayer: unknown[] }).dataLayer.some(
            (e) => (e as ArrayLike<unknown>)[1] === 'update',
          ),
        ),
      )
      .toBe(true)
    const result = await page.evaluate(() => {
      const w = window as unknown as {
        dataLayer: unknown[]
        __pushedAt: number[]
        __gtmAt?: number
      }
      const updateAt = w.dataLayer.findIndex((e) => (e as ArrayLike<unknown>)[1] === 'update')
      return {
        // gtag() calls are pushed as their arguments object; GTM's own events are plain objects.
        entries: w.dataLayer
          .filter((e) => typeof (e as ArrayLike<unknown>).length === 'number')
          .map((e) => JSON.parse(JSON.stringify(Array.from(e as ArrayLike<unknown>))) as unknown[]),
        loaderRan: w.dataLayer.some((e) => (e as { event?: unknown }).event === 'gtm.js'),
        gtmAt: w.__gtmAt,
        updateAt: w.__pushedAt[updateAt],
        loader: [...document.head.querySelectorAll('script:not([src])')].some((s) =>
          s.textContent.includes(`'GTM-TEST123'`),
        ),
      }
    })
    // react-gtm-module put the container's loader into <head>, with this container id.
    expect(result.loader).toBe(true)
    // …and the CSP let it run (the server allows exactly its hash for the configured container).
    expect(result.loaderRan).toBe(true)
    expect(result.entries[0]?.slice(0, 2)).toEqual(['consent', 'default'])
    expect(result.entries.at(-1)).toEqual([
      'consent',
      'update',
      {
        ad_storage: 'granted',
        ad_user_data: 'granted',
        ad_personalization: 'granted',
        analytics_storage: 'granted',
      },
    ])
    const delay = (result.updateAt ?? 0) - (result.gtmAt ?? Number.NaN)
    expect(delay).toBeGreaterThanOrEqual(495)
    expect(delay).toBeLessThan(1500)
    await context.close()
  })

  it('opens the scheduling widget from the hero and the header, and closes it', async () => {
    const { context, page, thirdParty } = await newContext({
      viewport: { width: 1440, height: 900 },
    })
    await page.goto(urlOf('/'))
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(thirdParty).toEqual([])
    await page.getByRole('button', { name: 'Book a meeting with our expert' }).click()
    const meeting = page.getByRole('dialog', { name: 'Book a 30-minute meeting with our expert' })
    const frame = meeting.locator('iframe')
    await frame.waitFor()
    expect(await frame.getAttribute('src')).toMatch(
      /^https:\/\/calendly\.com\/exchange-team\/30min\?/,
    )
    await meeting.getByRole('button', { name: 'Close modal' }).click()
    await meeting.waitFor({ state: 'detached' })
    await page.getByRole('banner').getByRole('button', { name: 'Book a call' }).click()
    const call = page.getByRole('dialog', { name: 'Book a 30-minute call' })
    await call.locator('iframe').waitFor()
    await page.keyboard.press('Escape')
    await call.waitFor({ state: 'detached' })
    await context.close()
  })

  it('passes axe-core with no violations on /, /app/login and /app/register', async () => {
    const { context, page } = await newContext({ viewport: { width: 1440, height: 900 } })
    const results: Record<string, string[]> = {}
    for (const path of ['/', '/app/login', '/app/register']) {
      if (path === '/') await openLanding(page)
      else {
        await page.goto(urlOf(path))
        await page.getByRole('heading', { level: 1 }).waitFor()
      }
      const { violations } = await new AxeBuilder({ page }).analyze()
      results[path] = violations.map(
        (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`,
      )
    }
    expect(results).toEqual({ '/': [], '/app/login': [], '/app/register': [] })
    await context.close()
  })
})
